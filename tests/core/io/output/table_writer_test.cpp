// SPDX-License-Identifier: GPL-3.0-or-later
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/io/table_loader.h"

#include "io/reading/type_inference.h"
#include "support/loader_test_support.h"
#include "support/statistical_fixture.h"
#include "support/table_comparison.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

namespace {

/// A path in the temporary folder, removed at the end of the test.
class TempPath {
public:
    explicit TempPath(const std::string& suffix) : m_file("", suffix) { std::filesystem::remove(m_file.path()); }
    [[nodiscard]] const std::string& path() const { return m_file.path(); }

private:
    TempFile m_file;
};

std::string contents(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// encodeRows with the column types a load would infer.
EncodedTable typed(EncodedTable table)
{
    for (auto& column : table.columns)
        column.type = inferColumnType(column.dictionary, column.missing);
    return table;
}

/// Numbers, numbers a file cannot hold as numbers ("1.50"), text that needs quoting, and missing cells.
EncodedTable mixedTable()
{
    EncodedTable table = typed(encodeRows({"id", "score", "code", "remark", "region"},
                                          {
                                              {"1", "0.5", "1.50", "plain", "north"},
                                              {"2", "-3", "007", "with, comma", "south"},
                                              {"3", "", "NA", "with \"quotes\"", "north"},
                                              {"4", "1e+20", "x", "two\nlines", ""},
                                              {"5", "12345678901", "", "Zürich", "east"},
                                          },
                                          LoadOptions{}.missingTokens));
    table.columns[0].description = "Row number";
    table.columns[4].description = "Where the respondent lives";
    return table;
}

EncodedTable roundTrip(const EncodedTable& table, const std::string& suffix, TableWriteReport* report = nullptr)
{
    const TempPath target(suffix);
    const auto format = tableFileFormatFor(target.path());
    REQUIRE(format);
    const TableWriteReport written = writeTable(table, target.path(), *format);
    if (report != nullptr)
        *report = written;
    LoadOptions options;
    options.hasHeader = true;
    return loadTable(target.path(), options);
}

} // namespace

TEST_CASE("writeTable writes CSV, SPSS and Stata files that load back to the same cells", "[writer]")
{
    const std::string suffix = GENERATE(".csv", ".tsv", ".sav", ".zsav", ".dta");
    INFO(suffix);
    const EncodedTable table = mixedTable();
    const EncodedTable back = roundTrip(table, suffix);
    qiscout::test::checkSameCells(table, back);
    if (suffix == ".sav" || suffix == ".zsav" || suffix == ".dta") {
        CHECK(back.columns[0].description == "Row number");
        CHECK(back.columns[4].description == "Where the respondent lives");
    }
}

TEST_CASE("writeTable quotes exactly the CSV fields that need it, for the delimiter in use", "[writer]")
{
    const EncodedTable table = encodeRows({"a", "b"}, {{"x,y", "tab\there"}, {"say \"hi\"", ""}, {"x,y", "line\rend"}});
    const TempPath csv(".csv");
    static_cast<void>(writeTable(table, csv.path(), TableFileFormat::Csv));
    CHECK(contents(csv.path()) == "a,b\n\"x,y\",tab\there\n\"say \"\"hi\"\"\",\n\"x,y\",\"line\rend\"\n");
    const TempPath tsv(".tsv");
    static_cast<void>(writeTable(table, tsv.path(), TableFileFormat::Csv));
    CHECK(contents(tsv.path()) == "a\tb\nx,y\t\"tab\there\"\n\"say \"\"hi\"\"\"\t\nx,y\t\"line\rend\"\n");

    // A row whose only field is empty is written as "" so that it does not read as a blank line.
    const EncodedTable single = encodeRows({"name"}, {{"a"}, {""}, {"b"}});
    const TempPath one(".csv");
    static_cast<void>(writeTable(single, one.path(), TableFileFormat::Csv));
    CHECK(contents(one.path()) == "name\na\n\"\"\nb\n");
    LoadOptions options;
    options.hasHeader = true;
    options.missingTokens = {};
    CHECK(loadTable(one.path(), options).rowCount == 3);
}

TEST_CASE("writeTable's CSV equals a cell-by-cell rendering on random tables larger than its buffer", "[writer]")
{
    const char delimiter = GENERATE(',', '\t');
    const std::vector<std::string> pieces{"a", "bc", ",", "\t", "\"", "\n", "\r", " ", "x\"y", "long-value-0123456789"};
    std::mt19937 random(delimiter == ',' ? 7u : 11u);
    const std::size_t columns = 1 + random() % 4;
    std::vector<std::string> names;
    for (std::size_t c = 0; c < columns; ++c)
        names.push_back("c" + std::to_string(c));
    std::vector<std::vector<std::string>> rows(150000, std::vector<std::string>(columns));
    for (auto& row : rows)
        for (std::string& cell : row)
            for (std::size_t i = random() % 4; i > 0; --i)
                cell += pieces[random() % pieces.size()];
    const EncodedTable table = encodeRows(names, rows, {});

    // The reference: every cell on its own, quoted when it holds the delimiter, a quote or a line
    // break, or when it is the empty only field of its row.
    const auto render = [&](const std::string& cell) {
        const bool quote = cell.find_first_of(std::string{delimiter, '"', '\r', '\n'}) != std::string::npos ||
                           (columns == 1 && cell.empty());
        if (!quote)
            return cell;
        std::string quoted = "\"";
        for (const char c : cell)
            quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        return quoted + "\"";
    };
    std::string expected;
    for (const std::vector<std::string>& line : std::vector<std::vector<std::string>>{names})
        for (std::size_t c = 0; c < columns; ++c)
            expected += render(line[c]) + (c + 1 == columns ? "\n" : std::string(1, delimiter));
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (std::size_t c = 0; c < columns; ++c)
            expected += render(table.text(row, c)) + (c + 1 == columns ? "\n" : std::string(1, delimiter));
    REQUIRE(expected.size() > (std::size_t{1} << 20));

    const TempPath target(delimiter == ',' ? ".csv" : ".tsv");
    static_cast<void>(writeTable(table, target.path(), TableFileFormat::Csv));
    CHECK(contents(target.path()) == expected);
}

TEST_CASE("writeTable keeps value labels, shown or as codes, and missing codes through SPSS and Stata",
          "[writer][statistical]")
{
    using qiscout::test::StatisticalFixtureFormat;
    const auto source = GENERATE(StatisticalFixtureFormat::Sav, StatisticalFixtureFormat::Dta);
    const std::string suffix = GENERATE(".sav", ".dta");
    const bool labels = GENERATE(true, false);
    INFO(qiscout::test::fixtureExtension(source) << " -> " << suffix << (labels ? " labels" : " codes"));
    const TempFile file(qiscout::test::statisticalFixture(source), qiscout::test::fixtureExtension(source));
    LoadOptions options;
    options.valueLabels = labels;
    const EncodedTable table = loadTable(file.path(), options);
    const TempPath target(suffix);
    static_cast<void>(writeTable(table, target.path(), *tableFileFormatFor(target.path())));
    const EncodedTable back = loadTable(target.path(), options);

    CHECK(back.columns[1].valueLabels == table.columns[1].valueLabels);
    CHECK(back.columns[1].description == "Sex of respondent");
    for (const std::size_t c : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{4}}) {
        INFO("column " << c);
        CHECK(back.columns[c].dictionary == table.columns[c].dictionary);
        CHECK(back.columns[c].codes == table.columns[c].codes);
        CHECK(back.columns[c].missing == table.columns[c].missing);
    }
    // The refusal stays missing. Its text survives where the target can say it: SPSS holds the
    // user-missing -9 but no Stata code; Stata labels a missing code but cannot make -9 missing.
    CHECK(back.columns[2].missing[back.code(1, 2)]);
    const bool fromSpss = source == StatisticalFixtureFormat::Sav;
    const bool textKept = suffix == std::string(".sav") ? fromSpss : labels || !fromSpss;
    CHECK((back.text(1, 2) == table.text(1, 2)) == textKept);
}

TEST_CASE("writeTable gives columns valid SPSS and Stata names and keeps the old name as the description", "[writer]")
{
    const std::string suffix = GENERATE(".sav", ".dta");
    const EncodedTable table = typed(encodeRows({"education-num", "2nd", "with", "Education_Num", "_all"},
                                                {{"13", "a", "b", "c", "d"}, {"9", "e", "f", "g", "h"}}));
    TableWriteReport report;
    const EncodedTable back = roundTrip(table, suffix, &report);
    qiscout::test::checkSameCells(table, back, false);
    CHECK(back.columns[0].name == "education_num");
    CHECK(back.columns[0].description == "education-num");
    CHECK(back.columns[1].name == "v2nd");
    CHECK(back.columns[2].name == "with_");
    // SPSS names ignore case, Stata's do not.
    CHECK(back.columns[3].name == (suffix == std::string(".sav") ? "Education_Num_2" : "Education_Num"));
    CHECK(back.columns[4].name == "v_all");
    CHECK(report.warnings.size() >= 4);
}

TEST_CASE("writeTable declares SPSS user-missing values, as a range beyond three", "[writer][statistical]")
{
    EncodedTable table = encodeRows({"q"}, {{"1"}, {"-9"}, {"-8"}, {"-7"}, {"-6"}, {"2"}, {"-9"}});
    for (std::uint32_t code = 0; code < table.columns[0].dictionary.size(); ++code)
        table.columns[0].missing[code] = table.columns[0].dictionary[code].front() == '-';
    table = typed(std::move(table));
    const EncodedTable back = roundTrip(table, ".sav");
    qiscout::test::checkSameCells(table, back);
}

TEST_CASE("writeTable writes Stata texts longer than 2045 bytes as strL", "[writer][statistical]")
{
    const EncodedTable table =
        typed(encodeRows({"note"}, {{std::string(5000, 'x')}, {"short"}, {std::string(5000, 'x')}}));
    const EncodedTable back = roundTrip(table, ".dta");
    qiscout::test::checkSameCells(table, back);
}

TEST_CASE("writeTable leaves the target untouched when it fails or is cancelled", "[writer][errors]")
{
    const TempFile existing("old contents\n", ".sav");
    std::stop_source stop;
    stop.request_stop();
    CHECK_THROWS_AS(writeTable(mixedTable(), existing.path(), TableFileFormat::Spss, {}, stop.get_token()),
                    WriteCancelled);
    CHECK(contents(existing.path()) == "old contents\n");
    CHECK_THROWS_AS(writeTable(mixedTable(), "/nonexistent-folder/x.csv", TableFileFormat::Csv), FileWriteError);
    const EncodedTable tooLong = encodeRows({"t"}, {{std::string(40000, 'y')}});
    CHECK_THROWS_AS(writeTable(tooLong, existing.path(), TableFileFormat::Spss), FileWriteError);
    CHECK(contents(existing.path()) == "old contents\n");
}

TEST_CASE("tableFileFormatFor knows the formats by extension", "[writer]")
{
    CHECK(tableFileFormatFor("a/b.CSV") == TableFileFormat::Csv);
    CHECK(tableFileFormatFor("b.zsav") == TableFileFormat::Spss);
    CHECK(tableFileFormatFor("b.dta") == TableFileFormat::Stata);
    CHECK_FALSE(tableFileFormatFor("b.xlsx"));
}
