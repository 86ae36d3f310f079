// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/reading/table_builder.h"
#include "io/statistical/statistical_writer.h"
#include "support/loader_test_support.h"
#include "support/statistical_fixture.h"

using namespace qiscout::core;
using qiscout::test::loadFailure;
using qiscout::test::StatisticalFixtureFormat;
using qiscout::test::TempFile;

namespace {

std::vector<std::string> cells(const EncodedTable& table, std::size_t column)
{
    std::vector<std::string> out;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        out.push_back(table.text(row, column));
    return out;
}

std::vector<bool> missingCells(const EncodedTable& table, std::size_t column)
{
    std::vector<bool> out;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        out.push_back(table.columns[column].missing[table.code(row, column)]);
    return out;
}

bool isSpss(StatisticalFixtureFormat format)
{
    return format == StatisticalFixtureFormat::Sav || format == StatisticalFixtureFormat::Zsav ||
           format == StatisticalFixtureFormat::Por;
}

bool isSas(StatisticalFixtureFormat format)
{
    return format == StatisticalFixtureFormat::Xport || format == StatisticalFixtureFormat::Sas7bdat;
}

/// Replaces every `from` in `bytes` by `to`, of the same length so the file's layout holds.
void replaceEvery(std::string& bytes, const std::string& from, const std::string& to)
{
    REQUIRE(from.size() == to.size());
    std::size_t found = 0;
    for (auto at = bytes.find(from); at != std::string::npos; at = bytes.find(from, at + to.size())) {
        bytes.replace(at, from.size(), to);
        ++found;
    }
    REQUIRE(found > 0);
}

} // namespace

TEST_CASE("Statistical files read as the values their formats print, labels shown, missing codes missing",
          "[readers][statistical]")
{
    const auto format =
        GENERATE(StatisticalFixtureFormat::Sav, StatisticalFixtureFormat::Zsav, StatisticalFixtureFormat::Por,
                 StatisticalFixtureFormat::Dta, StatisticalFixtureFormat::Xport, StatisticalFixtureFormat::Sas7bdat);
    const TempFile file(qiscout::test::statisticalFixture(format), qiscout::test::fixtureExtension(format));
    INFO(file.path());
    LoadSettings used;
    const EncodedTable table = loadTable(file.path(), {}, {}, {}, used);
    CHECK(used.format == detectSourceFormat(file.path()));
    REQUIRE(table.rowCount == 5);
    const std::vector<std::string> names = format == StatisticalFixtureFormat::Por
                                               ? std::vector<std::string>{"ID", "SEX", "INCOME", "CITY", "BORN"}
                                               : std::vector<std::string>{"id", "sex", "income", "city", "born"};
    REQUIRE(table.columnNames() == names);
    CHECK(table.sourcePath == file.path());

    CHECK(cells(table, 0) == std::vector<std::string>{"1", "2", "3", "4", "5"});
    CHECK(table.columns[0].type == ColumnType::Integer);
    CHECK(cells(table, 3) == std::vector<std::string>{"Lyon", "Paris", "", "Nice", "Lyon"});
    CHECK(missingCells(table, 3) == std::vector<bool>{false, false, true, false, false});
    CHECK(cells(table, 4) == std::vector<std::string>{"1990-05-17", "1985-01-01", "1970-01-01", "", "2000-02-29"});
    CHECK(table.columns[4].type == ColumnType::Date);
    CHECK(missingCells(table, 2) == std::vector<bool>{false, true, true, false, false});

    if (isSas(format)) {
        CHECK(cells(table, 1) == std::vector<std::string>{"1", "2", "2", "3", "1"});
        CHECK(cells(table, 2) == std::vector<std::string>{"1200.5", ".A", "", "800", "0"});
        CHECK(table.columns[1].valueLabels.empty());
    } else {
        CHECK(cells(table, 1) == std::vector<std::string>{"male", "female", "female", "3", "male"});
        CHECK(table.columns[1].labelsShown);
        CHECK(table.columns[1].valueLabels == std::vector<ValueLabel>{{"1", "male"}, {"2", "female"}});
        CHECK(cells(table, 2) == std::vector<std::string>{"1200.5", "refused", "", "800", "0"});
        CHECK(table.columns[1].type == ColumnType::Text);
    }
    if (format != StatisticalFixtureFormat::Por) {
        CHECK(table.columns[0].description == "Respondent");
        CHECK(table.columns[2].description == "Monthly income (EUR)");
        CHECK(table.columns[3].description.empty());
    }
}

TEST_CASE("Statistical files read as their stored codes when value labels are turned off", "[readers][statistical]")
{
    const auto format =
        GENERATE(StatisticalFixtureFormat::Sav, StatisticalFixtureFormat::Por, StatisticalFixtureFormat::Dta);
    const TempFile file(qiscout::test::statisticalFixture(format), qiscout::test::fixtureExtension(format));
    LoadOptions options;
    options.valueLabels = false;
    const EncodedTable table = loadTable(file.path(), options);
    CHECK(cells(table, 1) == std::vector<std::string>{"1", "2", "2", "3", "1"});
    CHECK_FALSE(table.columns[1].labelsShown);
    CHECK(table.columns[1].valueLabels.size() == 2);
    CHECK(table.columns[1].type == ColumnType::Integer);
    const std::string refusal = isSpss(format) ? "-9" : ".a";
    CHECK(cells(table, 2) == std::vector<std::string>{"1200.5", refusal, "", "800", "0"});
    CHECK(missingCells(table, 2) == std::vector<bool>{false, true, true, false, false});
    CHECK(table.columns[2].type == ColumnType::Decimal);
}

TEST_CASE("Values that share a label share a code, in first-appearance order", "[readers][statistical]")
{
    EncodedTable table = encodeRows({"x"}, {{"3"}, {"1"}, {"2"}, {"1"}, {"4"}});
    EncodedColumn& column = table.columns[0];
    column.valueLabels = {{"1", "low"}, {"2", "low"}, {"3", "high"}};
    column.labelsShown = true;
    column.missing[3] = true;
    showValueLabels(column, {"NA"});
    CHECK(column.dictionary == std::vector<std::string>{"high", "low", "4"});
    CHECK(column.codes == std::vector<std::uint32_t>{0, 1, 1, 1, 2});
    CHECK(column.frequencies == std::vector<std::uint32_t>{1, 3, 1});
    CHECK(column.missing == std::vector<bool>{false, false, true});
}

TEST_CASE("A damaged statistical file fails as malformed, naming the byte where reading stopped",
          "[readers][statistical][errors]")
{
    const auto format =
        GENERATE(StatisticalFixtureFormat::Sav, StatisticalFixtureFormat::Dta, StatisticalFixtureFormat::Sas7bdat);
    std::string bytes = qiscout::test::statisticalFixture(format);
    bytes.resize(bytes.size() / 2);
    const TempFile file(bytes, qiscout::test::fixtureExtension(format));
    const LoadError error = loadFailure(file.path());
    CHECK(error.kind() == LoadErrorKind::Malformed);
    CHECK(error.file() == file.path());
    CHECK_THAT(error.what(), Catch::Contains(file.path()) && Catch::Contains("byte "));

    const TempFile text("just,some\ntext,here\n", qiscout::test::fixtureExtension(format));
    CHECK(loadFailure(text.path()).kind() == LoadErrorKind::Malformed);
    const TempFile empty("", qiscout::test::fixtureExtension(format));
    CHECK(loadFailure(empty.path()).kind() == LoadErrorKind::EmptyFile);
}

TEST_CASE("Reading a statistical file stops with Cancelled when asked and reports progress to the end",
          "[readers][statistical][cancel]")
{
    const TempFile file(qiscout::test::statisticalFixture(StatisticalFixtureFormat::Sav), ".sav");
    std::stop_source source;
    source.request_stop();
    try {
        static_cast<void>(loadTable(file.path(), {}, source.get_token()));
        FAIL("a cancelled load returned a table");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::Cancelled);
    }
    std::vector<std::uint64_t> done;
    std::uint64_t total = 0;
    static_cast<void>(loadTable(file.path(), {}, {}, [&](std::uint64_t d, std::uint64_t t) {
        done.push_back(d);
        total = t;
    }));
    REQUIRE_FALSE(done.empty());
    CHECK(done.back() == total);
    CHECK(std::is_sorted(done.begin(), done.end()));
}

TEST_CASE("previewTable shows the first rows of a statistical file with descriptions and missing flags",
          "[readers][statistical][preview]")
{
    const TempFile file(qiscout::test::statisticalFixture(StatisticalFixtureFormat::Dta), ".dta");
    const TablePreview preview = previewTable(file.path(), {}, 2);
    CHECK(preview.format == SourceFormat::Stata);
    CHECK(preview.columnNames == std::vector<std::string>{"id", "sex", "income", "city", "born"});
    CHECK(preview.columnDescriptions[1] == "Sex of respondent");
    REQUIRE(preview.rows.size() == 2);
    CHECK(preview.rows[1] == std::vector<std::string>{"2", "female", "refused", "Paris", "1985-01-01"});
    CHECK(preview.missing[1] == std::vector<bool>{false, false, true, false, false});
}

// SAS transport files do not say how their texts are encoded; SAS on Windows writes Windows-1252
// (the fuzzer found texts that are not UTF-8 reaching the table, #19).
TEST_CASE("Texts of a statistical file that are not UTF-8 are read as Windows-1252, UTF-8 texts as they are",
          "[readers][statistical][encoding]")
{
    std::string bytes = qiscout::test::statisticalFixture(StatisticalFixtureFormat::Xport);
    replaceEvery(bytes, "Lyon", "L\xc3\xa9n");
    SECTION("UTF-8 texts are kept, without a warning")
    {
        const TempFile file(bytes, ".xpt");
        const EncodedTable table = loadTable(file.path());
        CHECK(cells(table, 3) == std::vector<std::string>{"L\xc3\xa9n", "Paris", "", "Nice", "L\xc3\xa9n"});
        CHECK(table.warnings.empty());
    }
    SECTION("Other texts (a name, a label, cells) are read as Windows-1252 and the first is named")
    {
        replaceEvery(bytes, "city", "cit\xe9");
        replaceEvery(bytes, "Respondent", "Enqu\xeat\xe9(e)");
        replaceEvery(bytes, "Nice", "Nic\xe9");
        replaceEvery(bytes, "Paris", "P\x80ris");
        const TempFile file(bytes, ".xpt");
        const EncodedTable table = loadTable(file.path());
        CHECK(table.columnNames() == std::vector<std::string>{"id", "sex", "income", "cit\xc3\xa9", "born"});
        CHECK(table.columns[0].description == "Enqu\xc3\xaat\xc3\xa9(e)");
        CHECK(cells(table, 3) ==
              std::vector<std::string>{"L\xc3\xa9n", "P\xe2\x82\xacris", "", "Nic\xc3\xa9", "L\xc3\xa9n"});
        CHECK(table.warnings == std::vector<std::string>{"Some text is not valid UTF-8 (the first in the label of "
                                                         "variable 'id'); it was read as Windows-1252."});
        const TablePreview preview = previewTable(file.path(), {}, 2);
        REQUIRE(preview.rows.size() == 2);
        CHECK(preview.rows[1][3] == "P\xe2\x82\xacris");
    }
}

// #39: ReadStat reads a cut transport file up to its last whole row and says nothing, so a file
// cut short in a download loaded as a smaller table.
TEST_CASE("A truncated SAS transport file is a load error, not a smaller table", "[readers][statistical]")
{
    std::string csv = "id,city,income\n";
    for (int row = 1; row <= 200; ++row)
        csv += std::to_string(row) + ",town" + std::to_string(row % 7) + "," + std::to_string(row * 113) + "\n";
    const TempFile source(csv);
    std::string bytes;
    writeStatisticalFile(
        loadTable(source.path()), StatisticalFileFormat::Xport, [&bytes](std::string_view piece) { bytes += piece; },
        "whole.xpt");
    REQUIRE(bytes.size() % 80 == 0);
    const TempFile whole(bytes, ".xpt");
    CHECK(loadTable(whole.path()).rowCount == 200);

    const std::size_t kept = GENERATE_COPY(bytes.size() - 1, bytes.size() / 2, bytes.size() - 80);
    CAPTURE(kept);
    const TempFile cut(std::string_view(bytes).substr(0, kept), ".xpt");
    const LoadError error = loadFailure(cut.path());
    const std::string message = error.what();
    CHECK(error.kind() == LoadErrorKind::Malformed);
    CHECK(message.find(cut.path()) != std::string::npos);
    CHECK(message.find("truncated") != std::string::npos);
}
