// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/delimited_ranges.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "io/reading/mapped_read.h"
#include "io/reading/text_encoding.h"
#include "io/reading/type_inference.h"
#include "io/table_loader_internal.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

/// The first offset at or after `offset` that starts a line, or the end of `bytes`.
std::uint64_t lineStartFrom(std::string_view bytes, std::uint64_t offset)
{
    if (offset == 0 || offset >= bytes.size() || bytes[offset - 1] == '\n')
        return std::min<std::uint64_t>(offset, bytes.size());
    const void* lineBreak = std::memchr(bytes.data() + offset, '\n', bytes.size() - offset);
    if (lineBreak == nullptr)
        return bytes.size();
    return static_cast<std::uint64_t>(static_cast<const char*>(lineBreak) - bytes.data()) + 1;
}

/// Where part `part` of the body starts; part `parts` starts at the end of the file.
std::uint64_t partStart(std::string_view bytes, const DelimitedLayout& layout, int part, int parts)
{
    if (part <= 0)
        return layout.bodyStart;
    if (part >= parts)
        return bytes.size();
    const std::uint64_t body = bytes.size() - std::min<std::uint64_t>(layout.bodyStart, bytes.size());
    const std::uint64_t cut =
        layout.bodyStart + body * static_cast<std::uint64_t>(part) / static_cast<std::uint64_t>(parts);
    return std::max(layout.bodyStart, lineStartFrom(bytes, cut));
}

EncodedTable emptyRangeTable(const std::string& path, const DelimitedLayout& layout)
{
    EncodedTable table;
    table.sourcePath = path;
    for (const std::string& name : layout.columnNames)
        table.columns.emplace_back().name = name;
    return table;
}

bool holdsLineBreak(const EncodedTable& table)
{
    return std::any_of(table.columns.begin(), table.columns.end(), [](const EncodedColumn& column) {
        return std::any_of(column.dictionary.begin(), column.dictionary.end(),
                           [](const std::string& value) { return value.find('\n') != std::string::npos; });
    });
}

RangeRead readRangeOfBytes(MappedFile& mapped, const std::string& path, const DelimitedLayout& layout,
                           const LoadOptions& options, ByteRange range)
{
    const std::string_view bytes = mapped.bytes();
    RangeRead read;
    read.table = emptyRangeTable(path, layout);
    if (bytes.size() != layout.fileSize || range.end > bytes.size() || range.begin > range.end) {
        read.outcome = RangeOutcome::Failed;
        read.failure = "the file changed since its layout was read";
        return read;
    }
    // The first range also answers for the header's bytes, which decide the encoding as much as
    // any row's.
    const std::uint64_t checkedFrom = range.begin == layout.bodyStart ? 0 : range.begin;
    const TextScan scan = scanTextInBlocks(bytes.substr(checkedFrom, range.end - checkedFrom), {}, path);
    if (scan.firstNul || (scan.firstInvalidUtf8 && layout.encoding == TextEncoding::Utf8)) {
        read.outcome = RangeOutcome::Failed;
        read.failure = scan.firstNul ? "a NUL byte" : "a byte that is not valid UTF-8";
        return read;
    }
    if (scan.firstInvalidUtf8 && layout.encoding == TextEncoding::Auto) {
        read.outcome = RangeOutcome::NotUtf8;
        return read;
    }
    if (range.begin == range.end)
        return read;

    // The end of the range ends its last record, as the end of the file ends the file's: with no
    // quoted line break, every record ends at a line end, and the range ends at one.
    std::string transcoded;
    std::string_view text = bytes.substr(0, range.end);
    std::size_t start = range.begin;
    const bool transcode = layout.encoding == TextEncoding::Windows1252 && scan.hasHighBytes;
    if (transcode) {
        transcoded = windows1252ToUtf8(bytes.substr(range.begin, range.end - range.begin));
        text = transcoded;
        start = 0;
    }
    try {
        const DelimitedBody body =
            encodeDelimitedBody(text, start, layout.delimiter, options, {}, path, {}, read.table,
                                [&](std::size_t parsed) { mapped.release(transcode ? range.end : parsed); });
        read.table.rowCount = static_cast<std::uint32_t>(body.rows);
        read.table.skippedRows = body.skipped;
    } catch (const LoadError& error) {
        // A quote still open where a range other than the last ends is open across the line end
        // that ends the range.
        const bool openAtCut = error.kind() == LoadErrorKind::UnterminatedQuote && range.end < bytes.size();
        read.outcome = openAtCut ? RangeOutcome::QuotedLineBreak : RangeOutcome::Failed;
        read.failure = error.what();
        return read;
    }
    if (holdsLineBreak(read.table))
        read.outcome = RangeOutcome::QuotedLineBreak;
    return read;
}

} // namespace

DelimitedLayout sniffDelimitedLayout(const std::string& path, const LoadOptions& options)
{
    return readMappedFile(path, [&](MappedFile& mapped) { return sniffLayoutOfBuffer(mapped.bytes(), path, options); });
}

ByteRange delimitedPart(const std::string& path, const DelimitedLayout& layout, int part, int parts)
{
    return readMappedFile(path, [&](MappedFile& mapped) {
        const std::string_view bytes = mapped.bytes();
        const std::uint64_t begin = partStart(bytes, layout, part, parts);
        return ByteRange{begin, std::max(begin, partStart(bytes, layout, part + 1, parts))};
    });
}

RangeRead readDelimitedRange(const std::string& path, const DelimitedLayout& layout, const LoadOptions& options,
                             ByteRange range)
{
    return readMappedFile(path,
                          [&](MappedFile& mapped) { return readRangeOfBytes(mapped, path, layout, options, range); });
}

std::vector<std::string> joinRangeDictionaries(const std::vector<std::vector<std::string>>& ranges)
{
    std::vector<std::string> joined;
    std::unordered_set<std::string_view> seen;
    for (const std::vector<std::string>& dictionary : ranges)
        for (const std::string& value : dictionary)
            if (seen.insert(value).second)
                joined.push_back(value);
    return joined;
}

void adoptJoinedDictionaries(EncodedTable& range, std::vector<std::vector<std::string>> dictionaries,
                             const std::vector<std::string>& missingTokens)
{
    parallelFor(range.columns.size(), [&](std::size_t c) {
        EncodedColumn& column = range.columns[c];
        std::vector<std::string>& joined = dictionaries[c];
        std::unordered_map<std::string_view, std::uint32_t> codeOf;
        codeOf.reserve(joined.size());
        for (std::size_t code = 0; code < joined.size(); ++code)
            codeOf.emplace(joined[code], static_cast<std::uint32_t>(code));
        std::vector<std::uint32_t> recoded(column.dictionary.size());
        for (std::size_t local = 0; local < column.dictionary.size(); ++local)
            recoded[local] = codeOf.at(column.dictionary[local]);
        column.frequencies.assign(joined.size(), 0);
        for (std::uint32_t& code : column.codes) {
            code = recoded[code];
            ++column.frequencies[code];
        }
        column.missing.assign(joined.size(), false);
        for (std::size_t code = 0; code < joined.size(); ++code)
            column.missing[code] =
                std::find(missingTokens.begin(), missingTokens.end(), joined[code]) != missingTokens.end();
        column.dictionary = std::move(joined);
        column.type = inferColumnType(column.dictionary, column.missing);
    });
}

} // namespace qiscout::core
