// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/table_writer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "io/statistical_writer.h"
#include "io/write_buffering.h"

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
    return fields;
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
    // Room for a full flush plus one row of the longest fields, so a row never checks for space.
    std::string buffer(writeFlushBytes + longestRow, '\0');
    std::size_t used = 0;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        if (row % writeRowsPerStopCheck == 0 && stop.stop_requested())
            throw WriteCancelled(file.target(), "writing was cancelled");
        for (std::size_t c = 0; c < fields.size(); ++c) {
            const ColumnFields& column = fields[c];
            const std::uint32_t code = table.columns[c].codes[row];
            const std::size_t begin = column.start[code];
            const std::size_t length = column.start[code + 1] - begin;
            std::memcpy(buffer.data() + used, column.bytes.data() + begin, length);
            used += length;
        }
        if (used >= writeFlushBytes) {
            file.write(std::string_view(buffer.data(), used));
            used = 0;
        }
    }
    file.write(std::string_view(buffer.data(), used));
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
