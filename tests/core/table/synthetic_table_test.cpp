// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/table/synthetic_table.h"

using qiscout::core::SyntheticTableShape;
using qiscout::core::writeSyntheticTable;

namespace {

std::string generated(std::uint64_t rows, int columns, std::uint64_t seed)
{
    std::ostringstream out;
    writeSyntheticTable(out, SyntheticTableShape{rows, columns, seed});
    return out.str();
}

} // namespace

TEST_CASE("SyntheticTable writes the same bytes as the original stand-alone generator", "[synthetic]")
{
    std::ifstream in(QISCOUT_TEST_DATA_DIR "/synthetic/rows60_columns9_seed7.csv", std::ios::binary);
    REQUIRE(in);
    const std::string expected{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    CHECK(generated(60, 9, 7) == expected);
}

TEST_CASE("SyntheticTable depends on its seed and has the requested shape", "[synthetic]")
{
    const std::string a = generated(1000, 13, 1);
    CHECK(a == generated(1000, 13, 1));
    CHECK(a != generated(1000, 13, 2));
    std::istringstream lines(a);
    std::string line;
    std::getline(lines, line);
    CHECK(line == "c0,c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12");
    int rows = 0;
    while (std::getline(lines, line)) {
        ++rows;
        CHECK(std::count(line.begin(), line.end(), ',') == 12);
    }
    CHECK(rows == 1000);
}

TEST_CASE("SyntheticTable refuses a column count outside 1..4096", "[synthetic]")
{
    std::ostringstream out;
    CHECK_THROWS_AS(writeSyntheticTable(out, SyntheticTableShape{10, 0, 1}), std::invalid_argument);
    CHECK_THROWS_AS(writeSyntheticTable(out, SyntheticTableShape{10, 4097, 1}), std::invalid_argument);
}

namespace {

// Cells of a generated table, row by row, without the header.
std::vector<std::vector<std::string>> cellsOf(const SyntheticTableShape& shape)
{
    std::ostringstream out;
    writeSyntheticTable(out, shape);
    std::istringstream lines(out.str());
    std::string line;
    std::getline(lines, line);
    std::vector<std::vector<std::string>> rows;
    while (std::getline(lines, line)) {
        std::vector<std::string> cells(1);
        for (const char c : line) {
            if (c == ',')
                cells.emplace_back();
            else
                cells.back() += c;
        }
        rows.push_back(std::move(cells));
    }
    return rows;
}

} // namespace

TEST_CASE("SyntheticTable leaves cells empty at about the requested share and keeps the other values", "[synthetic]")
{
    SyntheticTableShape plain{4000, 30, 3};
    SyntheticTableShape holes = plain;
    holes.missingShare = 0.3;
    const auto full = cellsOf(plain);
    const auto missing = cellsOf(holes);
    REQUIRE(full.size() == missing.size());
    std::size_t empty = 0;
    std::size_t cells = 0;
    std::vector<std::size_t> emptyByColumn(30, 0);
    for (std::size_t row = 0; row < full.size(); ++row) {
        REQUIRE(missing[row].size() == 30);
        for (std::size_t column = 0; column < 30; ++column) {
            ++cells;
            CHECK(!full[row][column].empty());
            if (missing[row][column].empty()) {
                ++empty;
                ++emptyByColumn[column];
            } else {
                // The missing cells come from their own random stream: every other value is unchanged.
                CHECK(missing[row][column] == full[row][column]);
            }
        }
    }
    const double share = static_cast<double>(empty) / static_cast<double>(cells);
    CHECK(share > 0.2);
    CHECK(share < 0.4);
    // Columns differ in how often they are missing.
    CHECK(*std::max_element(emptyByColumn.begin(), emptyByColumn.end()) >
          3 * *std::min_element(emptyByColumn.begin(), emptyByColumn.end()));
}

TEST_CASE("SyntheticTable caps cardinalities and derives the requested share of columns", "[synthetic]")
{
    SyntheticTableShape capped{3000, 40, 5};
    capped.maxCardinality = 6;
    std::vector<std::set<std::string>> values(40);
    for (const auto& row : cellsOf(capped))
        for (std::size_t column = 0; column < 40; ++column)
            values[column].insert(row[column]);
    std::size_t largest = 0;
    for (const auto& distinct : values)
        largest = std::max(largest, distinct.size());
    CHECK(largest == 6);

    // With two values per column, a derived column holds (31 x + 7) mod 2 of the one before it.
    SyntheticTableShape shape{3000, 40, 5};
    shape.maxCardinality = 2;
    shape.correlatedShare = 0.5;
    const auto rows = cellsOf(shape);
    std::vector<std::size_t> derived(40, 0);
    for (const auto& row : rows)
        for (std::size_t column = 1; column < 40; ++column)
            if (std::stoi(row[column]) == (std::stoi(row[column - 1]) * 31 + 7) % 2)
                ++derived[column];
    // Every second column copies the one before it in about 90% of rows, the others only by chance.
    for (std::size_t column = 1; column < 40; ++column) {
        INFO("column " << column << ": " << derived[column] << " of " << rows.size());
        if (column % 2 == 1)
            CHECK(derived[column] > rows.size() * 85 / 100);
        else
            CHECK(derived[column] < rows.size() * 60 / 100);
    }
}

TEST_CASE("SyntheticTable refuses shares outside 0..1 and a single-valued cap", "[synthetic]")
{
    std::ostringstream out;
    SyntheticTableShape shape{10, 5, 1};
    shape.missingShare = 1.5;
    CHECK_THROWS_AS(writeSyntheticTable(out, shape), std::invalid_argument);
    shape.missingShare = 0.0;
    shape.correlatedShare = -0.1;
    CHECK_THROWS_AS(writeSyntheticTable(out, shape), std::invalid_argument);
    shape.correlatedShare = 0.25;
    shape.maxCardinality = 1;
    CHECK_THROWS_AS(writeSyntheticTable(out, shape), std::invalid_argument);
}
