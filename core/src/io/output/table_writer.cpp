// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/output/table_writer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include "io/output/write_buffering.h"
#include "io/statistical/statistical_writer.h"

namespace qiscout::core {
namespace {

std::string lowercaseExtension(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

/// Whether a CSV field must be quoted: it holds the delimiter, a quote or a line break, or it is
/// the only (empty) field of a row, which would otherwise read as a blank line.
bool needsQuotes(std::string_view text, char delimiter, bool onlyField)
{
    const char special[] = {delimiter, '"', '\r', '\n'};
    return text.find_first_of(std::string_view(special, sizeof special)) != std::string_view::npos ||
           (onlyField && text.empty());
}

/// Appends one CSV field, quoted when `quote` (see needsQuotes).
void appendField(std::string& out, std::string_view text, bool quote)
{
    if (!quote) {
        out += text;
        return;
    }
    out += '"';
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

/// A column's distinct values as they go into the file: each quoted where needed and followed by
/// the byte after it in a row (the delimiter, or the line break after the last column), stored
/// end to end. Built once per dictionary entry, so that writing a cell is one copy: a column has
/// far fewer distinct values than rows, and the per-cell work was most of the writing time.
struct ColumnFields {
    std::string bytes;
    /// Entry `code` is bytes[start[code], start[code + 1]).
    std::vector<std::size_t> start;
    std::size_t longest = 0;
};

/// Bytes a copy of a short field may move at once: `bytes` ends with this many spare bytes and a
/// rendered block with as many, so copying a field needs neither a length check nor a call.
constexpr std::size_t shortField = 16;

ColumnFields columnFields(const EncodedColumn& column, char delimiter, bool onlyField, char after)
{
    ColumnFields fields;
    fields.start.reserve(column.dictionary.size() + 1);
    fields.start.push_back(0);
    for (const std::string& text : column.dictionary) {
        appendField(fields.bytes, text, needsQuotes(text, delimiter, onlyField));
        fields.bytes += after;
        fields.start.push_back(fields.bytes.size());
        fields.longest = std::max(fields.longest, fields.start.back() - fields.start[fields.start.size() - 2]);
    }
    fields.bytes.append(shortField, '\0');
    return fields;
}

constexpr std::uint32_t codesPerLine = 16;
constexpr std::uint32_t prefetchRows = 4 * codesPerLine;

/// Rows [first, end) as they go into the file.
struct RenderedRows {
    std::unique_ptr<char[]> bytes;
    std::size_t size = 0;
};

RenderedRows renderRows(const EncodedTable& table, const std::vector<ColumnFields>& fields, std::size_t longestRow,
                        std::uint32_t first, std::uint32_t end)
{
    // Plain pointers, gathered once: the copies below write through a char pointer, which may
    // alias anything, so every field read per cell would otherwise go through the vectors again.
    struct Source {
        const char* bytes;
        const std::size_t* start;
        const std::uint32_t* codes;
    };
    std::vector<Source> sources;
    sources.reserve(fields.size());
    for (std::size_t c = 0; c < fields.size(); ++c)
        sources.push_back({fields[c].bytes.data(), fields[c].start.data(), table.columns[c].codes.data()});
    RenderedRows rendered;
    rendered.bytes = std::make_unique_for_overwrite<char[]>(std::size_t{end - first} * longestRow + shortField);
    char* out = rendered.bytes.get();
    for (std::uint32_t row = first; row < end; ++row) {
        // A row reads one code from every column: more streams than the hardware prefetcher
        // follows, so each cache line of codes is asked for well before its rows come.
        if (row % codesPerLine == 0)
            for (const Source& source : sources)
                __builtin_prefetch(source.codes + row + prefetchRows);
        for (const Source& source : sources) {
            const std::uint32_t code = source.codes[row];
            const std::size_t begin = source.start[code];
            const std::size_t length = source.start[code + 1] - begin;
            std::memcpy(out, source.bytes + begin, length <= shortField ? shortField : length);
            out += length;
        }
    }
    rendered.size = static_cast<std::size_t>(out - rendered.bytes.get());
    return rendered;
}

void writeCsv(const EncodedTable& table, AtomicFileWriter& file, char delimiter, const std::stop_token& stop)
{
    const bool single = table.columnCount() == 1;
    std::string header;
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        if (c > 0)
            header += delimiter;
        appendField(header, table.columns[c].name, needsQuotes(table.columns[c].name, delimiter, single));
    }
    header += '\n';
    file.write(header);

    std::vector<ColumnFields> fields;
    std::size_t longestRow = 0;
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        fields.push_back(
            columnFields(table.columns[c], delimiter, single, c + 1 == table.columnCount() ? '\n' : delimiter));
        longestRow += fields.back().longest;
    }
    // Blocks of rows are rendered in parallel and written in order, so the write uses every core
    // the rest of the program leaves it. A block holds at most about one flush of bytes.
    const std::uint32_t blockRows = static_cast<std::uint32_t>(
        std::clamp<std::size_t>(writeFlushBytes / std::max<std::size_t>(longestRow, 1), 1, writeRowsPerStopCheck));
    const auto tokens = static_cast<std::size_t>(2 * std::max(1, tbb::this_task_arena::max_concurrency()));
    std::uint32_t next = 0;
    bool cancelled = false;
    tbb::parallel_pipeline(
        tokens,
        tbb::make_filter<void, std::pair<std::uint32_t, std::uint32_t>>(
            tbb::filter_mode::serial_in_order,
            [&](tbb::flow_control& control) {
                if (next == table.rowCount || stop.stop_requested()) {
                    cancelled = next < table.rowCount;
                    control.stop();
                    return std::pair<std::uint32_t, std::uint32_t>{};
                }
                const std::uint32_t first = next;
                next = table.rowCount - first <= blockRows ? table.rowCount : first + blockRows;
                return std::pair{first, next};
            }) &
            tbb::make_filter<std::pair<std::uint32_t, std::uint32_t>, RenderedRows>(
                tbb::filter_mode::parallel,
                [&](std::pair<std::uint32_t, std::uint32_t> rows) {
                    return renderRows(table, fields, longestRow, rows.first, rows.second);
                }) &
            tbb::make_filter<RenderedRows, void>(tbb::filter_mode::serial_in_order, [&](const RenderedRows& rendered) {
                file.write(std::string_view(rendered.bytes.get(), rendered.size));
            }));
    if (cancelled)
        throw WriteCancelled(file.target(), "writing was cancelled");
}

} // namespace

std::optional<TableFileFormat> tableFileFormatFor(const std::filesystem::path& path)
{
    const std::string extension = lowercaseExtension(path);
    if (extension == ".csv" || extension == ".tsv" || extension == ".txt")
        return TableFileFormat::Csv;
    if (extension == ".sav" || extension == ".zsav")
        return TableFileFormat::Spss;
    if (extension == ".dta")
        return TableFileFormat::Stata;
    return std::nullopt;
}

TableWriteReport writeTable(const EncodedTable& table, const std::filesystem::path& target, TableFileFormat format,
                            const TableWriteOptions& options, std::stop_token stop)
{
    AtomicFileWriter file(target);
    TableWriteReport report = writeTable(table, file, format, options, std::move(stop));
    file.commit();
    return report;
}

TableWriteReport writeTable(const EncodedTable& table, AtomicFileWriter& file, TableFileFormat format,
                            const TableWriteOptions& options, std::stop_token stop)
{
    const std::filesystem::path& target = file.target();
    const std::string extension = lowercaseExtension(target);
    if (options.delimiter && std::string_view(",\t;|").find(*options.delimiter) == std::string_view::npos)
        throw FileWriteError(target, "the delimiter must be ',', tab, ';' or '|'");
    TableWriteReport report;
    switch (format) {
    case TableFileFormat::Csv:
        writeCsv(table, file, options.delimiter.value_or(extension == ".tsv" ? '\t' : ','), stop);
        break;
    case TableFileFormat::Spss:
    case TableFileFormat::Stata: {
        StatisticalFileFormat kind = StatisticalFileFormat::Dta;
        if (format == TableFileFormat::Spss)
            kind = options.compress.value_or(extension == ".zsav") ? StatisticalFileFormat::Zsav
                                                                   : StatisticalFileFormat::Sav;
        report = writeStatisticalFile(
            table, kind, [&file](std::string_view bytes) { file.write(bytes); }, target, std::move(stop));
        break;
    }
    }
    file.flush();
    return report;
}

} // namespace qiscout::core
