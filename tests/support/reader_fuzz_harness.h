// SPDX-License-Identifier: GPL-3.0-or-later
// One fuzz input through a binary reader (statistical files, Excel workbooks, SQLite images),
// shared by the libFuzzer targets and the regression replay test so a saved input replays exactly
// as it was found.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "io/database/sqlite_reader.h"
#include "io/excel/xlsx_reader.h"
#include "io/reading/text_encoding.h"
#include "io/statistical/readstat_reader.h"
#include "support/loader_fuzz_harness.h"

namespace qiscout::fuzz {

/// The binary readers a fuzz input can go to.
enum class BinaryReader { Statistical, Excel, Sqlite };

/// Beyond loader_fuzz_harness's checks: every text is UTF-8 and a dictionary holds each text once.
inline void checkReaderTable(const core::EncodedTable& table)
{
    checkTable(table);
    std::set<std::string> names;
    for (const auto& column : table.columns) {
        if (!names.insert(column.name).second || core::scanText(column.name).firstInvalidUtf8)
            invariantBroken();
        const std::set<std::string> distinct(column.dictionary.begin(), column.dictionary.end());
        if (distinct.size() != column.dictionary.size())
            invariantBroken();
        for (const auto& text : column.dictionary)
            if (core::scanText(text).firstInvalidUtf8)
                invariantBroken();
    }
}

inline std::optional<core::EncodedTable> readOnce(BinaryReader reader, std::string_view bytes,
                                                  const core::LoadOptions& options, core::SourceFormat format,
                                                  std::optional<std::uint64_t> rowLimit)
{
    static const std::string name = "fuzz.input";
    const core::LoadProgress progress;
    core::ReadRequest request{name, options, {}, progress, rowLimit};
    request.maxRows = 5000;
    // A view the fuzzer makes endless without rows runs to its time budget: a short one keeps
    // each input well inside libFuzzer's -timeout.
    request.viewTimeBudget = std::chrono::milliseconds(200);
    request.maxColumns = 64;
    try {
        switch (reader) {
        case BinaryReader::Statistical:
            return core::readStatisticalBuffer(bytes, request, format);
        case BinaryReader::Excel:
            return core::readExcelBuffer(bytes, request);
        case BinaryReader::Sqlite:
            return core::readSqliteBuffer(bytes, request);
        }
    } catch (const core::LoadError&) {
    }
    return std::nullopt;
}

/// Reads the file whole and then only its first rows: a read that succeeds must give a sound
/// table, and reading only its first rows must give those rows.
inline void checkWholeAndPreviewReads(BinaryReader reader, std::string_view bytes, const core::LoadOptions& options,
                                      core::SourceFormat format)
{
    const auto table = readOnce(reader, bytes, options, format, std::nullopt);
    if (!table)
        return;
    checkReaderTable(*table);
    constexpr std::uint64_t previewRows = 3;
    // A sheet's later rows may reach further right, so a preview may have fewer columns.
    const auto preview = readOnce(reader, bytes, options, format, previewRows);
    if (!preview || preview->columnCount() > table->columnCount() ||
        preview->rowCount != std::min<std::uint64_t>(previewRows, table->rowCount))
        invariantBroken();
    for (std::size_t c = 0; c < preview->columnCount(); ++c) {
        if (preview->columns[c].name != table->columns[c].name)
            invariantBroken();
        for (std::uint32_t r = 0; r < preview->rowCount; ++r)
            if (preview->text(r, c) != table->text(r, c))
                invariantBroken();
    }
}

/// The first byte picks the options (statistical files: the format in its low bits, value labels
/// in bit 3; others: header or not in bit 0); the rest is the file.
inline void runReaderInput(BinaryReader reader, const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return;
    static constexpr core::SourceFormat formats[] = {
        core::SourceFormat::SpssSystem, core::SourceFormat::SpssPortable, core::SourceFormat::Stata,
        core::SourceFormat::SasData,    core::SourceFormat::SasTransport, core::SourceFormat::SpssSystem,
        core::SourceFormat::Stata,      core::SourceFormat::SasData,
    };
    const std::uint8_t flags = data[0];
    core::LoadOptions options;
    options.valueLabels = (flags & 8) == 0;
    if (reader != BinaryReader::Statistical && (flags & 1) != 0)
        options.hasHeader = false;
    checkWholeAndPreviewReads(reader, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), options,
                              formats[flags & 7]);
}

/// One statistical format alone (#39: ten minutes each for .por, .zsav, .xpt and .sas7bdat, where
/// the shared target gives each format a sixth of its time): the first byte picks value labels
/// (bit 3), as in runReaderInput, so the shared target's seeds replay here unchanged.
inline void runStatisticalFormatInput(core::SourceFormat format, const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return;
    core::LoadOptions options;
    options.valueLabels = (data[0] & 8) == 0;
    checkWholeAndPreviewReads(BinaryReader::Statistical,
                              std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), options, format);
}

} // namespace qiscout::fuzz
