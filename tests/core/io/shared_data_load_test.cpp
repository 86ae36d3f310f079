// SPDX-License-Identifier: GPL-3.0-or-later
// Every shared dataset loads to the same rows, columns and distinct values as an independent,
// deliberately naive RFC 4180 reader written for this test alone.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

using namespace qiscout::core;

namespace {

/// Character-by-character RFC 4180 reader over a std::string: comma delimiter, '"' quoting.
std::vector<std::vector<std::string>> referenceRecords(const std::string& content)
{
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    bool pending = false;
    for (std::size_t i = 0; i < content.size(); ++i) {
        const char c = content[i];
        pending = true;
        if (quoted) {
            if (c != '"') {
                field += c;
            } else if (i + 1 < content.size() && content[i + 1] == '"') {
                field += '"';
                ++i;
            } else {
                quoted = false;
            }
        } else if (c == '"' && field.empty()) {
            quoted = true;
        } else if (c == ',') {
            record.push_back(field);
            field.clear();
        } else if (c == '\n') {
            if (!field.empty() && field.back() == '\r')
                field.pop_back();
            record.push_back(field);
            records.push_back(record);
            record.clear();
            field.clear();
            pending = false;
        } else {
            field += c;
        }
    }
    if (pending) {
        record.push_back(field);
        records.push_back(record);
    }
    return records;
}

} // namespace

TEST_CASE("Every shared dataset loads with the rows, columns and cells of an independent reader", "[loader][data]")
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(QISCOUT_TEST_TABLES_DIR))
        if (entry.path().extension() == ".csv")
            files.push_back(entry.path());
    REQUIRE(files.size() >= 7);
    for (const auto& path : files) {
        INFO(path.string());
        std::ifstream in(path, std::ios::binary);
        const std::string content{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        const auto records = referenceRecords(content);
        REQUIRE(records.size() >= 2);

        LoadOptions options;
        options.hasHeader = true;
        options.delimiter = ',';
        const EncodedTable table = loadTable(path.string(), options);
        REQUIRE(table.rowCount == records.size() - 1);
        REQUIRE(table.columnCount() == records.front().size());
        CHECK(table.columnNames() == records.front());
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            std::set<std::string> distinct;
            std::uint64_t missing = 0;
            for (std::size_t r = 1; r < records.size(); ++r) {
                const std::string& cell = records[r].at(c);
                distinct.insert(cell);
                if (cell.empty() || cell == "?" || cell == "NA" || cell == "N/A" || cell == "NULL")
                    ++missing;
            }
            CHECK(table.columns[c].distinctCount() == distinct.size());
            CHECK(table.columns[c].missingCells() == missing);
            bool cellsMatch = true;
            for (std::size_t r = 1; r < records.size() && cellsMatch; ++r)
                cellsMatch = table.text(static_cast<std::uint32_t>(r - 1), c) == records[r][c];
            CHECK(cellsMatch);
        }

        // Sniffing alone finds the same shape.
        LoadSettings used;
        const EncodedTable sniffed = loadTable(path.string(), {}, {}, {}, used);
        CHECK(used.delimiter == ',');
        CHECK(used.hasHeader);
        CHECK(sniffed.rowCount == table.rowCount);
    }
}

TEST_CASE("The shared adult dataset has the documented missing cells and sizes", "[loader][data]")
{
    const EncodedTable table = loadTable(std::string(QISCOUT_TEST_TABLES_DIR) + "/adult.csv");
    CHECK(table.rowCount == 48842);
    CHECK(table.columnCount() == 15);
    std::uint64_t missing = 0;
    for (const auto& column : table.columns)
        missing += column.missingCells();
    CHECK(missing == 6465);
    CHECK(table.columns[0].type == ColumnType::Integer);
    CHECK(table.columns[1].type == ColumnType::Text);
}
