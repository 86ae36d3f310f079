// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/table_loader_internal.h"
#include "support/loader_test_support.h"

using namespace qiscout::core;
using qiscout::test::loadFailure;
using qiscout::test::TempFile;

namespace {

EncodedTable loadText(std::string_view contents, const LoadOptions& options = {})
{
    const TempFile file(contents);
    return loadTable(file.path(), options);
}

/// Column c of the loaded table as text, row by row.
std::vector<std::string> columnText(const EncodedTable& table, std::size_t c)
{
    std::vector<std::string> cells;
    for (std::uint32_t r = 0; r < table.rowCount; ++r)
        cells.push_back(table.text(r, c));
    return cells;
}

LoadError loadError(std::string_view contents, const LoadOptions& options = {})
{
    return loadFailure(TempFile(contents).path(), options);
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

bool anyWarningContains(const std::vector<std::string>& warnings, const std::string& part)
{
    return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) { return contains(w, part); });
}

} // namespace

TEST_CASE("loadTable reads RFC 4180 quoting: delimiters, doubled quotes and line breaks in quotes", "[loader]")
{
    const EncodedTable table = loadText("name,note\n"
                                        "\"Smith, J\",\"said \"\"hi\"\"\"\n"
                                        "plain,\"two\nlines\"\n"
                                        "\"\",x\n");
    REQUIRE(table.rowCount == 3);
    REQUIRE(table.columnNames() == std::vector<std::string>{"name", "note"});
    CHECK(columnText(table, 0) == std::vector<std::string>{"Smith, J", "plain", ""});
    CHECK(columnText(table, 1) == std::vector<std::string>{"said \"hi\"", "two\nlines", "x"});
}

TEST_CASE("loadTable gives the same table for CRLF and LF line endings, with or without a BOM", "[loader]")
{
    const EncodedTable lf = loadText("a,b\n1,\"x\ny\"\n2,z\n");
    const EncodedTable crlf = loadText("\xEF\xBB\xBF"
                                       "a,b\r\n1,\"x\ny\"\r\n2,z\r\n");
    REQUIRE(crlf.columnNames() == lf.columnNames());
    REQUIRE(crlf.rowCount == lf.rowCount);
    for (std::size_t c = 0; c < lf.columnCount(); ++c)
        CHECK(columnText(crlf, c) == columnText(lf, c));
    CHECK(crlf.columns[0].name == "a");
}

TEST_CASE("loadTable sniffs each supported delimiter and accepts an override", "[loader][sniff]")
{
    const char delimiter = GENERATE(',', '\t', ';', '|');
    const std::string d(1, delimiter);
    const std::string contents = "id" + d + "name" + d + "age\n1" + d + "a b" + d + "30\n2" + d + "\"c, d" + d + "e\"" +
                                 d + "40\n3" + d + "e" + d + "50\n";
    const TempFile file(contents);
    LoadSettings used;
    const EncodedTable table = loadTable(file.path(), {}, {}, {}, used);
    CHECK(used.delimiter == delimiter);
    REQUIRE(table.columnCount() == 3);
    CHECK(table.text(1, 1) == "c, d" + d + "e");

    LoadOptions forced;
    forced.delimiter = delimiter == ',' ? ';' : ',';
    forced.skipRaggedRows = true;
    LoadSettings forcedUsed;
    const EncodedTable other = loadTable(file.path(), forced, {}, {}, forcedUsed);
    CHECK(forcedUsed.delimiter == *forced.delimiter);
    CHECK(other.columnCount() != 3);
}

TEST_CASE("loadTable sniffs whether the first row is a header and accepts an override", "[loader][sniff]")
{
    SECTION("numbers under a name row")
    {
        LoadSettings used;
        const TempFile file("age,income\n30,1000\n40,2000\n");
        const EncodedTable table = loadTable(file.path(), {}, {}, {}, used);
        CHECK(used.hasHeader);
        CHECK(table.rowCount == 2);
        CHECK(table.columnNames() == std::vector<std::string>{"age", "income"});
    }
    SECTION("a first row that is data")
    {
        LoadSettings used;
        const TempFile file("30,1000,x\n40,2000,y\n50,3000,x\n");
        const EncodedTable table = loadTable(file.path(), {}, {}, {}, used);
        CHECK_FALSE(used.hasHeader);
        CHECK(table.rowCount == 3);
        CHECK(table.columnNames() == std::vector<std::string>{"column_1", "column_2", "column_3"});
    }
    SECTION("text values that recur below the first row")
    {
        LoadSettings used;
        const TempFile file("p,x,s\ne,x,y\np,b,s\n");
        static_cast<void>(loadTable(file.path(), {}, {}, {}, used));
        CHECK_FALSE(used.hasHeader);
    }
    SECTION("override")
    {
        LoadOptions options;
        options.hasHeader = false;
        const EncodedTable table = loadText("age,income\n30,1000\n", options);
        CHECK(table.rowCount == 2);
        CHECK(table.text(0, 0) == "age");
    }
}

TEST_CASE("loadTable flags the codes of missing-value tokens per column", "[loader][missing]")
{
    const EncodedTable table = loadText("a,b\n1,?\nNA,x\n,N/A\nNULL,x\n1,\"\"\n");
    const EncodedColumn& a = table.columns[0];
    REQUIRE(a.dictionary == std::vector<std::string>{"1", "NA", "", "NULL"});
    CHECK(a.missing == std::vector<bool>{false, true, true, true});
    CHECK(a.missingCells() == 3);
    const EncodedColumn& b = table.columns[1];
    CHECK(b.dictionary == std::vector<std::string>{"?", "x", "N/A", ""});
    CHECK(b.missingCells() == 3);
    CHECK(a.type == ColumnType::Integer);

    LoadOptions custom;
    custom.missingTokens = {"-"};
    const EncodedTable other = loadText("a\n-\nNA\n-\n", custom);
    CHECK(other.columns[0].missing == std::vector<bool>{true, false});
    CHECK(other.columns[0].missingCells() == 2);
}

TEST_CASE("loadTable assigns dense codes in first-appearance order with frequencies", "[loader]")
{
    const EncodedTable table = loadText("v\nb\na\nb\nc\nb\n");
    const EncodedColumn& column = table.columns[0];
    CHECK(column.dictionary == std::vector<std::string>{"b", "a", "c"});
    CHECK(column.codes == std::vector<std::uint32_t>{0, 1, 0, 2, 0});
    CHECK(column.frequencies == std::vector<std::uint32_t>{3, 1, 1});
}

TEST_CASE("loadTable infers integer, decimal, date and text columns, ignoring missing cells", "[loader][types]")
{
    const EncodedTable table = loadText("i,d,t,x,m\n"
                                        "1,1.5,2020-01-31,a,?\n"
                                        "-20,3,31/12/1999,2,\n"
                                        "?,2e3,?,b,NA\n");
    CHECK(table.columns[0].type == ColumnType::Integer);
    CHECK(table.columns[1].type == ColumnType::Decimal);
    CHECK(table.columns[2].type == ColumnType::Date);
    CHECK(table.columns[3].type == ColumnType::Text);
    CHECK(table.columns[4].type == ColumnType::Text);
}

TEST_CASE("loadTable renames empty and duplicate column names with a warning", "[loader]")
{
    const EncodedTable table = loadText("age,,age,x,age\n1,2,3,4,5\n");
    CHECK(table.columnNames() == std::vector<std::string>{"age", "column_2", "age_2", "x", "age_3"});
    CHECK(table.warnings.size() == 3);
    CHECK(anyWarningContains(table.warnings, "\"age_2\""));
    CHECK(anyWarningContains(table.warnings, "\"column_2\""));
}

TEST_CASE("loadTable transcodes Windows-1252 in auto mode with a warning and rejects it in UTF-8 mode",
          "[loader][encoding]")
{
    const std::string latin = "name,city\nRen\xE9,Z\xFCrich\n\x80uro,x\n";
    const EncodedTable table = loadText(latin);
    CHECK(table.text(0, 0) == "Ren\xC3\xA9");
    CHECK(table.text(0, 1) == "Z\xC3\xBCrich");
    CHECK(table.text(1, 0) == "\xE2\x82\xACuro");
    CHECK(anyWarningContains(table.warnings, "Windows-1252"));
    CHECK(anyWarningContains(table.warnings, "line 2, column 1"));

    LoadOptions utf8;
    utf8.encoding = TextEncoding::Utf8;
    const LoadError error = loadError(latin, utf8);
    CHECK(error.kind() == LoadErrorKind::InvalidEncoding);
    CHECK(error.line() == 2);
    CHECK(error.column() == 1);
    CHECK(contains(error.what(), "line 2, column 1"));

    const EncodedTable valid = loadText("name\nRen\xC3\xA9\n", utf8);
    CHECK(valid.text(0, 0) == "Ren\xC3\xA9");
    CHECK(valid.warnings.empty());

    LoadOptions windows;
    windows.encoding = TextEncoding::Windows1252;
    const EncodedTable forced = loadText("name\nRen\xC3\xA9\n", windows);
    CHECK(forced.text(0, 0) == "Ren\xC3\x83\xC2\xA9");
}

TEST_CASE("loadTable rejects ragged rows naming line and column, or skips and counts them", "[loader][errors]")
{
    const std::string text = "a,b,c\n1,2,3\n4,5\n\"x\ny\",8,9\n6,7,8,9\n";
    const LoadError error = loadError(text);
    CHECK(error.kind() == LoadErrorKind::RaggedRow);
    CHECK(error.line() == 3);
    CHECK(error.column() == 3);
    CHECK(contains(error.what(), "line 3, column 3"));

    LoadOptions skip;
    skip.skipRaggedRows = true;
    const EncodedTable table = loadText(text, skip);
    CHECK(table.rowCount == 2);
    CHECK(table.skippedRows == 2);
    CHECK(columnText(table, 0) == std::vector<std::string>{"1", "x\ny"});
    CHECK(anyWarningContains(table.warnings, "Skipped 2 ragged rows"));
    CHECK(anyWarningContains(table.warnings, "line 3"));

    const LoadError tooMany = loadError("a,b\n1,2\n\n3,4,5\n");
    CHECK(tooMany.line() == 4);
    CHECK(tooMany.column() == 3);
}

TEST_CASE("loadTable names the line where an unterminated quote opened", "[loader][errors]")
{
    const LoadError error = loadError("a,b\n1,2\n3,\"open\n4,5\n6,7\n");
    CHECK(error.kind() == LoadErrorKind::UnterminatedQuote);
    CHECK(error.line() == 3);
    CHECK(error.column() == 2);
    CHECK(contains(error.what(), "line 3, column 2"));
    CHECK(contains(error.what(), "never closed"));
}

TEST_CASE("loadTable rejects a NUL byte naming line and column", "[loader][errors]")
{
    const LoadError error = loadError(std::string("a,b\n1,2\n3,x\0y\n", 14));
    CHECK(error.kind() == LoadErrorKind::NulByte);
    CHECK(error.line() == 3);
    CHECK(error.column() == 2);
    CHECK(contains(error.what(), "line 3, column 2"));
}

TEST_CASE("loadTable rejects empty and header-only files", "[loader][errors]")
{
    for (const std::string& text : {std::string(), std::string("\xEF\xBB\xBF"), std::string("\n\r\n")}) {
        const LoadError error = loadError(text);
        CHECK(error.kind() == LoadErrorKind::EmptyFile);
        CHECK(contains(error.what(), "empty"));
    }
    const LoadError headerOnly = loadError("\na,b,c\n");
    CHECK(headerOnly.kind() == LoadErrorKind::HeaderOnly);
    CHECK(headerOnly.line() == 2);
    CHECK(contains(headerOnly.what(), "line 2"));
}

TEST_CASE("loadTable rejects more than 4096 columns naming the line and the first extra column", "[loader][errors]")
{
    std::string header;
    for (std::size_t c = 0; c < maxTableColumns + 1; ++c)
        header += (c == 0 ? "c" : ",c") + std::to_string(c);
    const LoadError error = loadError(header + "\n");
    CHECK(error.kind() == LoadErrorKind::TooManyColumns);
    CHECK(error.line() == 1);
    CHECK(error.column() == maxTableColumns + 1);
    CHECK(contains(error.what(), "line 1, column 4097"));

    std::string widest;
    std::string row;
    for (std::size_t c = 0; c < maxTableColumns; ++c) {
        widest += (c == 0 ? "c" : ",c") + std::to_string(c);
        row += (c == 0 ? "" : ",") + std::to_string(c % 3);
    }
    const EncodedTable table = loadText(widest + "\n" + row + "\n" + row + "\n");
    CHECK(table.columnCount() == maxTableColumns);
    CHECK(table.rowCount == 2);
}

TEST_CASE("loadTableFromBuffer rejects more rows than the limit naming the first row too many", "[loader][errors]")
{
    LoadLimits limits;
    limits.maxRows = 3;
    limits.chunkBytes = 4;
    LoadSettings used;
    try {
        static_cast<void>(loadTableFromBuffer("a\n1\n2\n3\n4\n5\n", "rows.csv", {}, {}, {}, &used, limits));
        FAIL("expected TooManyRows");
    } catch (const LoadError& error) {
        CHECK(error.kind() == LoadErrorKind::TooManyRows);
        CHECK(error.line() == 5);
        CHECK(contains(error.what(), "rows.csv"));
        CHECK(contains(error.what(), "line 5"));
    }
    const EncodedTable fits = loadTableFromBuffer("a\n1\n2\n3\n", "rows.csv", {}, {}, {}, &used, limits);
    CHECK(fits.rowCount == 3);
}

TEST_CASE("loadTable reports an unreadable path", "[loader][errors]")
{
    for (const std::string& path :
         {std::string("/nonexistent/qiscout/table.csv"), std::string(QISCOUT_TEST_DATA_DIR)}) {
        try {
            static_cast<void>(loadTable(path));
            FAIL("expected Unreadable");
        } catch (const LoadError& error) {
            CHECK(error.kind() == LoadErrorKind::Unreadable);
            CHECK(error.file() == path);
            CHECK(contains(error.what(), path));
        }
    }
}

TEST_CASE("loadTable keeps a 10 MB field intact", "[loader]")
{
    const std::string big(std::size_t{10} << 20, 'x');
    const EncodedTable table = loadText("id,blob,q\n1,\"" + big + "\",\"a\"\"b\"\n2," + big + "y,c\n");
    REQUIRE(table.rowCount == 2);
    CHECK(table.text(0, 1) == big);
    CHECK(table.text(1, 1).size() == big.size() + 1);
    CHECK(table.text(0, 2) == "a\"b");
}

TEST_CASE("loadTableFromBuffer gives the same table whatever the parse chunk size", "[loader]")
{
    std::string text = "id,text,n\n";
    for (int r = 0; r < 400; ++r) {
        text += std::to_string(r % 37) + ",";
        text += r % 3 == 0 ? "\"multi\nline " + std::to_string(r % 11) + ",\"\"q\"\"\"" : "v" + std::to_string(r % 7);
        text += r % 5 == 0 ? ",\r\n" : ",1.5\n";
    }
    LoadSettings used;
    LoadLimits whole;
    const EncodedTable reference = loadTableFromBuffer(text, "t.csv", {}, {}, {}, &used, whole);
    REQUIRE(reference.rowCount == 400);
    const std::size_t chunk =
        GENERATE(std::size_t{1}, std::size_t{3}, std::size_t{17}, std::size_t{256}, std::size_t{4096});
    LoadLimits limits;
    limits.chunkBytes = chunk;
    const EncodedTable table = loadTableFromBuffer(text, "t.csv", {}, {}, {}, &used, limits);
    REQUIRE(table.rowCount == reference.rowCount);
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        CHECK(table.columns[c].codes == reference.columns[c].codes);
        CHECK(table.columns[c].dictionary == reference.columns[c].dictionary);
    }
}

TEST_CASE("loadTable checks the encoding of a file of several blocks as one whole", "[loader][encoding]")
{
    // The encoding checks run in blocks of 4 MiB: put a two-byte character across the first block
    // edge, and faults in the third block only.
    constexpr std::size_t blockEdge = std::size_t{4} << 20;
    std::string text = "id,text\n";
    while (text.size() < blockEdge - 16)
        text += "1,x\n";
    text += "2,";
    text.append(blockEdge - 1 - text.size(), 'x');
    text += "\xC3\xA9y\n";
    const std::size_t straddling = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    while (text.size() < 9 * (std::size_t{1} << 20))
        text += "3,z\n";
    const std::uint64_t lastLine = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;

    LoadOptions utf8;
    utf8.encoding = TextEncoding::Utf8;
    const EncodedTable table = loadText(text, utf8);
    CHECK(table.warnings.empty());
    const std::string& cell = table.text(static_cast<std::uint32_t>(straddling - 2), 1);
    CHECK(cell.substr(cell.size() - 3) == "\xC3\xA9y");

    const LoadError invalid = loadError(text + "4,\xE9\n", utf8);
    CHECK(invalid.kind() == LoadErrorKind::InvalidEncoding);
    CHECK(invalid.line() == lastLine);
    const EncodedTable transcoded = loadText(text + "4,\xE9\n");
    CHECK(anyWarningContains(transcoded.warnings, "Windows-1252"));
    CHECK(transcoded.text(transcoded.rowCount - 1, 1) == "\xC3\xA9");

    // A NUL anywhere wins over a broken sequence earlier in the file.
    std::string both = text + std::string("4,\0\n", 4);
    both[10] = '\xE9';
    const LoadError nul = loadError(both);
    CHECK(nul.kind() == LoadErrorKind::NulByte);
    CHECK(nul.line() == lastLine);
}

TEST_CASE("loadTable gives values of 9 to 40 bytes that differ in a single byte codes of their own", "[loader]")
{
    // Values up to 16 bytes are compared as two overlapping 8-byte words: every byte must count.
    std::string text = "v\n";
    std::vector<std::string> values;
    for (std::size_t length = 9; length <= 40; ++length) {
        values.emplace_back(length, 'v');
        for (std::size_t at = 0; at < length; ++at) {
            values.emplace_back(length, 'v');
            values.back()[at] = 'w';
        }
    }
    for (int pass = 0; pass < 2; ++pass)
        for (const std::string& value : values)
            text += value + "\n";
    const EncodedTable table = loadText(text);
    REQUIRE(table.rowCount == 2 * values.size());
    const EncodedColumn& column = table.columns[0];
    CHECK(column.dictionary == values);
    for (std::uint32_t r = 0; r < table.rowCount; ++r)
        CHECK(column.codes[r] == r % values.size());
}

TEST_CASE("loadTable reports bounded, increasing progress ending at the total", "[loader][progress]")
{
    std::string text = "a,b\n";
    while (text.size() < (std::size_t{12} << 20))
        text += "12345,abcdefgh\n";
    const TempFile file(text);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    static_cast<void>(loadTable(file.path(), {}, {},
                                [&](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); }));
    REQUIRE(calls.size() >= 2);
    CHECK(calls.size() <= 102);
    CHECK(calls.back().first == calls.back().second);
    CHECK(calls.back().second == text.size());
    CHECK(std::is_sorted(calls.begin(), calls.end()));
}

TEST_CASE("loadTable stops with Cancelled when its stop token is triggered", "[loader][cancel]")
{
    std::string text = "a,b\n";
    while (text.size() < (std::size_t{12} << 20))
        text += "12345,abcdefgh\n";
    const TempFile file(text);
    SECTION("before it starts")
    {
        std::stop_source source;
        source.request_stop();
        try {
            static_cast<void>(loadTable(file.path(), {}, source.get_token()));
            FAIL("expected Cancelled");
        } catch (const LoadError& error) {
            CHECK(error.kind() == LoadErrorKind::Cancelled);
        }
    }
    SECTION("while it runs")
    {
        std::stop_source source;
        std::uint64_t lastDone = 0;
        try {
            static_cast<void>(loadTable(file.path(), {}, source.get_token(), [&](std::uint64_t done, std::uint64_t) {
                lastDone = done;
                source.request_stop();
            }));
            FAIL("expected Cancelled");
        } catch (const LoadError& error) {
            CHECK(error.kind() == LoadErrorKind::Cancelled);
            CHECK(lastDone < text.size());
        }
    }
}

TEST_CASE("previewTable returns the first rows and the sniffed settings without reading further", "[loader][preview]")
{
    std::string text = "\xEF\xBB\xBFid;name;score\n";
    for (int r = 0; r < 50; ++r)
        text += std::to_string(r) + ";\"n;" + std::to_string(r) + "\";" + std::to_string(r * 2) + "\n";
    text += "broken;row\n";
    const TempFile file(text);
    const TablePreview preview = previewTable(file.path(), {}, 10);
    CHECK(preview.delimiter == ';');
    CHECK(preview.hasHeader);
    CHECK(preview.encoding == TextEncoding::Utf8);
    CHECK(preview.fileSize == text.size());
    CHECK(preview.columnNames == std::vector<std::string>{"id", "name", "score"});
    REQUIRE(preview.rows.size() == 10);
    CHECK(preview.rows[3] == std::vector<std::string>{"3", "n;3", "6"});

    const LoadError full = loadError(text);
    CHECK(full.kind() == LoadErrorKind::RaggedRow);
    CHECK(full.line() == 52);

    const TablePreview latin = previewTable(TempFile("a,b\nZ\xFC,1\n").path(), {}, 5);
    CHECK(latin.encoding == TextEncoding::Windows1252);
    CHECK(latin.rows.at(0).at(0) == "Z\xC3\xBC");
}

// #39
TEST_CASE("Load errors name the real flag, agree in number and say when lines end in bare CRs", "[loader][errors]")
{
    const LoadError ragged = loadError("a,b\n1\n");
    CHECK(contains(ragged.what(), "the row has 1 field but the table has 2 columns"));
    CHECK(contains(ragged.what(), "--skip-ragged on the command line"));
    CHECK(contains(loadError("a\n1,2\n").what(), "the row has 2 fields but the table has 1 column "));

    const LoadError bareCr = loadError("a,b\r1,2\r3,4\r");
    CHECK(bareCr.kind() == LoadErrorKind::Malformed);
    CHECK(contains(bareCr.what(), "bare carriage returns"));
    CHECK_FALSE(contains(bareCr.what(), "header row is the only row"));
    const TempFile file("a,b\r1,2\r");
    try {
        static_cast<void>(previewTable(file.path(), {}, 10));
        FAIL("the preview of a file with bare CR line ends succeeded");
    } catch (const LoadError& error) {
        CHECK(contains(error.what(), "bare carriage returns"));
    }
}
