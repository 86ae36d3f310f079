// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/table_writer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string_view>
#include <vector>

#include "io/statistical_writer.h"

namespace qiscout::core {
namespace {

/// Bytes gathered before they go to the file.
constexpr std::size_t flushBytes = std::size_t{1} << 20;
/// Rows between two looks at the stop token.
constexpr std::uint32_t rowsPerStopCheck = 4096;

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

void writeCsv(const EncodedTable& table, AtomicFileWriter& file, char delimiter, const std::stop_token& stop)
{
    const bool single = table.columnCount() == 1;
    std::string buffer;
    buffer.reserve(flushBytes + flushBytes / 4);
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        if (c > 0)
            buffer += delimiter;
        appendField(buffer, table.columns[c].name, needsQuotes(table.columns[c].name, delimiter, single));
    }
    buffer += '\n';
    // Decided once per dictionary entry instead of once per cell: a column has far fewer distinct
    // values than rows, and the per-cell search was most of the writing time on adult1m.
    std::vector<std::vector<std::uint8_t>> quoted(table.columnCount());
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        for (const std::string& text : table.columns[c].dictionary)
            quoted[c].push_back(needsQuotes(text, delimiter, single) ? 1 : 0);
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        if (row % rowsPerStopCheck == 0 && stop.stop_requested())
            throw WriteCancelled(file.target(), "writing was cancelled");
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            if (c > 0)
                buffer += delimiter;
            const std::uint32_t code = table.columns[c].codes[row];
            appendField(buffer, table.columns[c].dictionary[code], quoted[c][code] != 0);
        }
        buffer += '\n';
        if (buffer.size() >= flushBytes) {
            file.write(buffer);
            buffer.clear();
        }
    }
    file.write(buffer);
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
    const std::string extension = lowercaseExtension(target);
    if (options.delimiter && std::string_view(",\t;|").find(*options.delimiter) == std::string_view::npos)
        throw FileWriteError(target, "the delimiter must be ',', tab, ';' or '|'");
    AtomicFileWriter file(target);
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
    file.commit();
    return report;
}

} // namespace qiscout::core
