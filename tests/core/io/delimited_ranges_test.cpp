// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a delimited file in byte ranges against loadTable on the whole file: the ranges' tables,
// their dictionaries joined, must concatenate to the whole file's table.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/delimited_ranges.h"
#include "qiscout/core/io/table_loader.h"

#include "support/loader_test_support.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

namespace {

struct PartsRead {
    RangeOutcome worst = RangeOutcome::Read;
    std::vector<ByteRange> ranges;
    std::vector<EncodedTable> tables;
};

/// `path` cut into `parts`, each part read alone, then the dictionaries joined and adopted as the
/// ranks of a job do.
PartsRead readInParts(const std::string& path, const LoadOptions& options, int parts)
{
    const DelimitedLayout layout = sniffDelimitedLayout(path, options);
    PartsRead read;
    for (int part = 0; part < parts; ++part) {
        read.ranges.push_back(delimitedPart(path, layout, part, parts));
        RangeRead range = readDelimitedRange(path, layout, options, read.ranges.back());
        read.worst = std::max(read.worst, range.outcome);
        read.tables.push_back(std::move(range.table));
    }
    if (read.worst != RangeOutcome::Read)
        return read;
    std::vector<std::vector<std::string>> joined;
    for (std::size_t c = 0; c < layout.columnNames.size(); ++c) {
        std::vector<std::vector<std::string>> dictionaries;
        for (const EncodedTable& table : read.tables)
            dictionaries.push_back(table.columns[c].dictionary);
        joined.push_back(joinRangeDictionaries(dictionaries));
    }
    for (EncodedTable& table : read.tables)
        adoptJoinedDictionaries(table, joined, options.missingTokens);
    return read;
}

/// The parts, one after the other, are `whole`: names, codes, dictionaries, missing flags, types,
/// frequencies and skipped rows.
void requireSameAsWhole(const EncodedTable& whole, const PartsRead& parts)
{
    REQUIRE(parts.worst == RangeOutcome::Read);
    std::uint64_t skipped = 0;
    std::vector<std::vector<std::uint32_t>> codes(whole.columnCount());
    std::vector<std::vector<std::uint32_t>> frequencies(whole.columnCount());
    for (const EncodedTable& part : parts.tables) {
        REQUIRE(part.columnCount() == whole.columnCount());
        REQUIRE(part.sourcePath == whole.sourcePath);
        skipped += part.skippedRows;
        for (std::size_t c = 0; c < part.columnCount(); ++c) {
            const EncodedColumn& column = part.columns[c];
            const EncodedColumn& expected = whole.columns[c];
            REQUIRE(column.name == expected.name);
            REQUIRE(column.dictionary == expected.dictionary);
            REQUIRE(column.missing == expected.missing);
            REQUIRE(column.type == expected.type);
            REQUIRE(column.codes.size() == part.rowCount);
            codes[c].insert(codes[c].end(), column.codes.begin(), column.codes.end());
            frequencies[c].resize(column.frequencies.size(), 0);
            for (std::size_t code = 0; code < column.frequencies.size(); ++code)
                frequencies[c][code] += column.frequencies[code];
        }
    }
    REQUIRE(skipped == whole.skippedRows);
    for (std::size_t c = 0; c < whole.columnCount(); ++c) {
        REQUIRE(codes[c] == whole.columns[c].codes);
        REQUIRE(frequencies[c] == whole.columns[c].frequencies);
    }
}

/// A random delimited file of the shapes census extracts take, and the options to read it with.
struct RandomDelimitedFile {
    std::string contents;
    bool quotedLineBreak = false;
    LoadOptions options;
};

RandomDelimitedFile randomDelimitedFile(std::mt19937& random)
{
    const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    static const std::vector<std::string> numbers = {"1", "2", "-3", "17", "1.5", "NA", ""};
    static const std::vector<std::string> texts = {
        "a", "b", "x y", "\"q,uoted\"", "\"say \"\"hi\"\"\"", "\xC3\xA9t\xC3\xA9", "2020-01-02", "?", "NULL", "\"\""};
    RandomDelimitedFile file;
    // A few files hold a quoted line break, which no range may read into a different table.
    file.quotedLineBreak = pick(6) == 0;
    const int columns = 1 + pick(4);
    const char delimiter = ",;\t|"[pick(4)];
    file.options.delimiter = pick(2) == 0 ? std::optional<char>(delimiter) : std::nullopt;
    const bool header = pick(4) != 0;
    if (pick(3) == 0)
        file.options.hasHeader = header;
    file.options.skipRaggedRows = pick(3) == 0;
    const std::string lineEnd = pick(2) == 0 ? "\n" : "\r\n";
    std::vector<bool> numeric(static_cast<std::size_t>(columns));
    for (auto&& column : numeric)
        column = pick(2) == 0;
    if (pick(4) == 0)
        file.contents = "\xEF\xBB\xBF";
    const auto record = [&](int fields, const auto& cell) {
        for (int c = 0; c < fields; ++c) {
            if (c > 0)
                file.contents += delimiter;
            file.contents += cell(c);
        }
        file.contents += pick(8) == 0 ? "\r\n" : lineEnd;
    };
    if (header)
        record(columns, [](int c) { return "col" + std::to_string(c); });
    const int rows = 1 + pick(60);
    for (int r = 0; r < rows; ++r) {
        if (columns > 1 && pick(10) == 0)
            file.contents += lineEnd;
        const int fields = file.options.skipRaggedRows && pick(10) == 0 ? columns + 1 : columns;
        record(fields, [&](int c) {
            if (file.quotedLineBreak && pick(20) == 0)
                return std::string("\"two\nlines\"");
            const auto& pool = c < columns && numeric[static_cast<std::size_t>(c)] ? numbers : texts;
            return pool[static_cast<std::size_t>(pick(static_cast<int>(pool.size())))];
        });
    }
    if (pick(3) == 0 && file.contents.back() == '\n') {
        file.contents.pop_back();
        if (!file.contents.empty() && file.contents.back() == '\r')
            file.contents.pop_back();
    }
    return file;
}

} // namespace

TEST_CASE("Byte ranges of random delimited files concatenate to the whole file's table", "[io][ranges]")
{
    std::mt19937 random(38);
    int compared = 0;
    int refused = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const RandomDelimitedFile file = randomDelimitedFile(random);
        const TempFile temp(file.contents);
        EncodedTable whole;
        try {
            whole = loadTable(temp.path(), file.options);
        } catch (const LoadError&) {
            // A file the loader refuses (only a header, say) is refused by a part as well, or by
            // the whole-file read a job falls back to; nothing to compare.
            continue;
        }
        for (const int parts : {1, 2, 3, 5, 8}) {
            INFO("trial " << trial << ", " << parts << " parts, file:\n" << file.contents);
            const PartsRead read = readInParts(temp.path(), file.options, parts);
            if (read.worst == RangeOutcome::QuotedLineBreak) {
                REQUIRE(file.quotedLineBreak);
                ++refused;
                continue;
            }
            requireSameAsWhole(whole, read);
            ++compared;
        }
    }
    REQUIRE(compared > 1000);
    REQUIRE(refused > 50);
}

TEST_CASE("Byte ranges tile the body at line starts, some holding no line", "[io][ranges]")
{
    const std::string contents = "a,b\n1,2\n333333333333333333333,4\n5,6\n";
    const TempFile temp(contents);
    const DelimitedLayout layout = sniffDelimitedLayout(temp.path(), {});
    REQUIRE(layout.bodyStart == 4);
    REQUIRE(layout.columnNames == std::vector<std::string>{"a", "b"});
    std::uint64_t next = layout.bodyStart;
    int empty = 0;
    for (int part = 0; part < 6; ++part) {
        const ByteRange range = delimitedPart(temp.path(), layout, part, 6);
        REQUIRE(range.begin == next);
        REQUIRE((range.begin == contents.size() || contents[range.begin - 1] == '\n'));
        empty += range.begin == range.end ? 1 : 0;
        next = range.end;
    }
    REQUIRE(next == contents.size());
    REQUIRE(empty > 0);
    requireSameAsWhole(loadTable(temp.path()), readInParts(temp.path(), {}, 6));
}

TEST_CASE("A quoted line break makes some range say the file cannot be cut at line ends", "[io][ranges]")
{
    std::string contents = "id,note\n";
    for (int r = 0; r < 40; ++r)
        contents += std::to_string(r) + (r == 23 ? ",\"two\nlines\"\n" : ",plain\n");
    const TempFile temp(contents);
    for (const int parts : {1, 2, 3, 4, 7})
        REQUIRE(readInParts(temp.path(), {}, parts).worst == RangeOutcome::QuotedLineBreak);
}

TEST_CASE("A range that is not UTF-8 is read alone only when the encoding is given", "[io][ranges]")
{
    const std::string contents = "name,city\nA,K\xF6ln\nB,Bonn\n";
    const TempFile temp(contents);
    REQUIRE(readInParts(temp.path(), {}, 2).worst == RangeOutcome::NotUtf8);
    LoadOptions latin;
    latin.encoding = TextEncoding::Windows1252;
    requireSameAsWhole(loadTable(temp.path(), latin), readInParts(temp.path(), latin, 2));
    LoadOptions utf8;
    utf8.encoding = TextEncoding::Utf8;
    REQUIRE(readInParts(temp.path(), utf8, 2).worst == RangeOutcome::Failed);
}

TEST_CASE("A ragged row fails the range that holds it", "[io][ranges]")
{
    const TempFile temp("a,b\n1,2\n3,4\n5\n6,7\n");
    const PartsRead read = readInParts(temp.path(), {}, 2);
    REQUIRE(read.worst == RangeOutcome::Failed);
}
