// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>

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
