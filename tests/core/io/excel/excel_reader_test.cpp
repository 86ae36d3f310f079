// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "support/loader_test_support.h"
#include "support/table_comparison.h"

using namespace qiscout::core;
using qiscout::test::loadFailure;
using qiscout::test::TempFile;

namespace {

std::string fixture(const std::string& name)
{
    return std::string(QISCOUT_TEST_DATA_DIR) + "/readers/" + name;
}

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> row(const EncodedTable& table, std::uint32_t index)
{
    std::vector<std::string> cells;
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        cells.push_back(table.text(index, c));
    return cells;
}

} // namespace

TEST_CASE("An Excel sheet reads as Excel shows it: strings, formats, booleans and cached formula values",
          "[readers][excel]")
{
    LoadSettings used;
    const EncodedTable table = loadTable(fixture("features.xlsx"), {}, {}, {}, used);
    CHECK(used.format == SourceFormat::Excel);
    CHECK(table.sourcePart == "People");
    REQUIRE(table.columnNames() ==
            std::vector<std::string>{"id", "name", "born", "income", "share", "member", "joined", "total", "remark"});
    REQUIRE(table.rowCount == 4);
    CHECK(row(table, 0) == std::vector<std::string>{"1", "Ann Lee", "1990-01-01", "1,234.50", "25.6%", "TRUE",
                                                    "1/15/2024", "2469", "Ann Lee!"});
    CHECK(row(table, 1) ==
          std::vector<std::string>{"2", "Bob, Jr.", "1900-01-01", "-0.50", "", "FALSE", "", "", "two runs"});
    CHECK(row(table, 2) == std::vector<std::string>{"3", "Zoë", "1900-03-01", "1,000,000.00", "100.0%", "", "6:00 PM",
                                                    "0.333333333", "#DIV/0!"});
    CHECK(row(table, 3) == std::vector<std::string>{"", "NA", "", "", "", "", "", "1.23457E+11", ""});
    CHECK(table.columns[1].missing[table.code(3, 1)]);
    CHECK(table.columns[0].type == ColumnType::Integer);
    CHECK(table.columns[2].type == ColumnType::Date);
    CHECK(table.columns[7].type == ColumnType::Decimal);
    CHECK(std::any_of(table.warnings.begin(), table.warnings.end(),
                      [](const std::string& w) { return w.find("Ignored 1 empty row") != std::string::npos; }));
}

TEST_CASE("An Excel sheet is chosen by name; a missing one names the sheets there are", "[readers][excel]")
{
    LoadOptions options;
    options.sheet = "Second";
    const EncodedTable second = loadTable(fixture("features.xlsx"), options);
    CHECK(row(second, 0) == std::vector<std::string>{"x", "0.1"});
    CHECK(row(second, 1) == std::vector<std::string>{"y", "0.3"});
    options.sheet = "Données";
    CHECK(loadTable(fixture("features.xlsx"), options).text(0, 0) == "Besançon");
    options.sheet = "Nope";
    const LoadError error = loadFailure(fixture("features.xlsx"), options);
    CHECK(error.kind() == LoadErrorKind::NoSuchTable);
    CHECK_THAT(error.what(), Catch::Contains("'People', 'Second', 'Données'"));
    CHECK(listSourceTables(fixture("features.xlsx"), {}) == std::vector<std::string>{"People", "Second", "Données"});
}

TEST_CASE("An Excel sheet without a header row gets generated column names", "[readers][excel]")
{
    LoadOptions options;
    options.sheet = "Second";
    options.hasHeader = false;
    const EncodedTable table = loadTable(fixture("features.xlsx"), options);
    CHECK(table.columnNames() == std::vector<std::string>{"column_1", "column_2"});
    CHECK(row(table, 0) == std::vector<std::string>{"key", "value"});
}

TEST_CASE("Excel dates follow the workbook's 1904 date system", "[readers][excel]")
{
    const EncodedTable table = loadTable(fixture("date1904.xlsx"));
    CHECK(table.text(0, 0) == "1904-01-01");
    CHECK(table.text(1, 0) == "2028-01-16");
}

TEST_CASE("Excel workbooks load to the table their cells give as CSV", "[readers][excel][cross-format]")
{
    const std::string name = GENERATE("francdat", "sd2011");
    INFO(name);
    LoadOptions options;
    options.hasHeader = true;
    const EncodedTable csv = loadTable(std::string(QISCOUT_TEST_TABLES_DIR) + "/" + name + ".csv", options);
    const EncodedTable excel = loadTable(fixture(name + ".xlsx"));
    qiscout::test::checkSameCells(csv, excel);
}

TEST_CASE("A damaged or foreign file named .xlsx fails as malformed", "[readers][excel][errors]")
{
    std::string bytes = fileBytes(fixture("features.xlsx"));
    const TempFile truncated(bytes.substr(0, bytes.size() / 2), ".xlsx");
    CHECK(loadFailure(truncated.path()).kind() == LoadErrorKind::Malformed);
    const TempFile text("a,b\n1,2\n", ".xlsx");
    const LoadError notZip = loadFailure(text.path());
    CHECK(notZip.kind() == LoadErrorKind::Malformed);
    CHECK_THAT(notZip.what(), Catch::Contains(text.path()) && Catch::Contains("not an Excel workbook"));
    const TempFile empty("", ".xlsx");
    CHECK(loadFailure(empty.path()).kind() == LoadErrorKind::EmptyFile);
}

TEST_CASE("Reading an Excel sheet can be cancelled, reports progress and previews its first rows",
          "[readers][excel][cancel]")
{
    std::stop_source source;
    source.request_stop();
    try {
        static_cast<void>(loadTable(fixture("sd2011.xlsx"), {}, source.get_token()));
        FAIL("a cancelled load returned a table");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::Cancelled);
    }
    std::vector<std::uint64_t> done;
    std::uint64_t total = 0;
    static_cast<void>(loadTable(fixture("sd2011.xlsx"), {}, {}, [&](std::uint64_t d, std::uint64_t t) {
        done.push_back(d);
        total = t;
    }));
    REQUIRE(done.size() >= 2);
    CHECK(done.back() == total);
    CHECK(std::is_sorted(done.begin(), done.end()));

    const TablePreview preview = previewTable(fixture("features.xlsx"), {}, 2);
    CHECK(preview.format == SourceFormat::Excel);
    CHECK(preview.rows.size() == 2);
    CHECK(preview.rows[1][1] == "Bob, Jr.");
    CHECK(preview.missing[1][4]);
}
