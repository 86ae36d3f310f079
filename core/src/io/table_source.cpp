// SPDX-License-Identifier: GPL-3.0-or-later
// loadTable, previewTable and listSourceTables: the one interface in front of every reader.
#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/io/table_loader.h"

#include "io/database/postgres_reader.h"
#include "io/database/sqlite_reader.h"
#include "io/excel/xlsx_reader.h"
#include "io/reading/load_failure.h"
#include "io/reading/mapped_read.h"
#include "io/reading/read_request.h"
#include "io/statistical/readstat_reader.h"
#include "io/table_loader_internal.h"

namespace qiscout::core {
namespace {

SourceFormat formatOf(const std::string& location, const LoadOptions& options)
{
    return options.format ? *options.format : detectSourceFormat(location);
}

EncodedTable readSource(const ReadRequest& request, SourceFormat format)
{
    switch (format) {
    case SourceFormat::SpssSystem:
    case SourceFormat::SpssPortable:
    case SourceFormat::Stata:
    case SourceFormat::SasData:
    case SourceFormat::SasTransport:
        return readStatisticalFile(request, format);
    case SourceFormat::Excel:
        return readExcelFile(request);
    case SourceFormat::Sqlite:
        return readSqlite(request);
    case SourceFormat::PostgreSql:
        return readPostgres(request);
    case SourceFormat::Delimited:
        break;
    }
    throw std::logic_error("delimited files are read by loadDelimitedFile");
}

} // namespace

EncodedTable loadTable(const std::string& path, const LoadOptions& options, std::stop_token stop,
                       const LoadProgress& progress, LoadSettings& used)
{
    // Detecting the format and preparing the request allocate too: memory running out there is
    // said like anywhere else in a load (#19).
    try {
        const SourceFormat format = formatOf(path, options);
        if (format == SourceFormat::Delimited)
            return loadDelimitedFile(path, options, std::move(stop), progress, &used);
        used = LoadSettings{};
        used.format = format;
        const ReadRequest request{path, options, std::move(stop), progress, {}};
        return readSource(request, format);
    } catch (...) {
        if (!isOutOfMemory(std::current_exception()))
            throw;
        failLoadOutOfMemory(withoutPassword(path));
    }
}

EncodedTable loadTable(const std::string& path, const LoadOptions& options, std::stop_token stop,
                       const LoadProgress& progress)
{
    LoadSettings used;
    return loadTable(path, options, std::move(stop), progress, used);
}

TablePreview previewTable(const std::string& path, const LoadOptions& options, std::size_t maxRows)
{
    const SourceFormat format = formatOf(path, options);
    if (format == SourceFormat::Delimited) {
        TablePreview preview = previewDelimitedFile(path, options, maxRows);
        preview.format = format;
        return preview;
    }
    const LoadProgress noProgress;
    ReadRequest request{path, options, {}, noProgress, {}};
    request.rowLimit = maxRows;
    const EncodedTable table = readSource(request, format);
    TablePreview preview;
    preview.format = format;
    preview.warnings = table.warnings;
    for (const auto& column : table.columns) {
        preview.columnNames.push_back(column.name);
        preview.columnDescriptions.push_back(column.description);
    }
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        auto& cells = preview.rows.emplace_back();
        auto& missing = preview.missing.emplace_back();
        for (const auto& column : table.columns) {
            cells.push_back(column.text(column.codes[row]));
            missing.push_back(column.missing[column.codes[row]]);
        }
    }
    if (isFileSource(format)) {
        std::error_code error;
        const auto size = std::filesystem::file_size(sourceFilePath(path), error);
        preview.fileSize = error ? 0 : size;
    }
    return preview;
}

std::vector<std::string> listSourceTables(const std::string& path, const LoadOptions& options)
{
    switch (formatOf(path, options)) {
    case SourceFormat::Excel:
        return listExcelSheets(path);
    case SourceFormat::Sqlite:
        return listSqliteTables(path);
    case SourceFormat::PostgreSql:
        return listPostgresTables(path, options.password);
    case SourceFormat::Delimited:
    case SourceFormat::SpssSystem:
    case SourceFormat::SpssPortable:
    case SourceFormat::Stata:
    case SourceFormat::SasData:
    case SourceFormat::SasTransport:
        break;
    }
    return {};
}

} // namespace qiscout::core
