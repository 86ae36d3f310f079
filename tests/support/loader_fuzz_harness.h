// SPDX-License-Identifier: GPL-3.0-or-later
// One fuzz input through the loader, shared by the libFuzzer target and the regression replay test
// so a saved input replays exactly as it was found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "io/table_loader_internal.h"

namespace qiscout::fuzz {

/// The option bits a fuzz input's first byte selects.
inline core::LoadOptions fuzzOptions(std::uint8_t flags)
{
    core::LoadOptions options;
    static constexpr char delimiters[] = {',', '\t', ';', '|'};
    if ((flags & 4) != 0)
        options.delimiter = delimiters[flags & 3];
    if ((flags & 8) != 0)
        options.hasHeader = (flags & 16) != 0;
    switch ((flags >> 5) & 3) {
    case 1:
        options.encoding = core::TextEncoding::Utf8;
        break;
    case 2:
        options.encoding = core::TextEncoding::Windows1252;
        break;
    default:
        break;
    }
    options.skipRaggedRows = (flags & 0x80) != 0;
    return options;
}

struct FuzzOutcome {
    std::optional<core::EncodedTable> table;
    core::LoadSettings used;
    std::optional<core::LoadErrorKind> error;
    std::uint64_t line = 0;
    std::uint64_t column = 0;
};

inline FuzzOutcome fuzzLoad(std::string_view text, const core::LoadOptions& options, std::size_t chunkBytes)
{
    core::LoadLimits limits;
    limits.maxRows = 5000;
    limits.maxColumns = 64;
    limits.chunkBytes = chunkBytes;
    FuzzOutcome outcome;
    try {
        outcome.table = core::loadTableFromBuffer(text, "fuzz.csv", options, {}, {}, &outcome.used, limits);
    } catch (const core::LoadError& error) {
        outcome.error = error.kind();
        outcome.line = error.line();
        outcome.column = error.column();
    }
    return outcome;
}

[[noreturn]] inline void invariantBroken()
{
    __builtin_trap();
}

inline void checkTable(const core::EncodedTable& table)
{
    if (table.rowCount == 0 || table.columns.empty())
        invariantBroken();
    for (const auto& column : table.columns) {
        if (column.codes.size() != table.rowCount || column.frequencies.size() != column.dictionary.size() ||
            column.missing.size() != column.dictionary.size())
            invariantBroken();
        std::uint64_t total = 0;
        for (const auto frequency : column.frequencies) {
            if (frequency == 0)
                invariantBroken();
            total += frequency;
        }
        if (total != table.rowCount)
            invariantBroken();
        // First-appearance order: each new code is exactly the next one.
        std::uint32_t next = 0;
        for (const auto code : column.codes) {
            if (code > next)
                invariantBroken();
            if (code == next)
                ++next;
        }
        if (next != column.distinctCount())
            invariantBroken();
    }
}

inline bool sameTable(const core::EncodedTable& a, const core::EncodedTable& b)
{
    if (a.rowCount != b.rowCount || a.columns.size() != b.columns.size() || a.warnings != b.warnings ||
        a.skippedRows != b.skippedRows)
        return false;
    for (std::size_t c = 0; c < a.columns.size(); ++c) {
        const auto& x = a.columns[c];
        const auto& y = b.columns[c];
        if (x.name != y.name || x.type != y.type || x.codes != y.codes || x.dictionary != y.dictionary ||
            x.missing != y.missing)
            return false;
    }
    return true;
}

/// Loads with tiny and with large parse chunks (their results must agree), checks the table's
/// invariants, and checks that a preview agrees with the table it previews.
inline void runLoaderInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return;
    const core::LoadOptions options = fuzzOptions(data[0]);
    const std::string input(data + 1, data + size);
    const std::string_view text(input);
    const FuzzOutcome small = fuzzLoad(text, options, 5);
    const FuzzOutcome large = fuzzLoad(text, options, std::size_t{1} << 20);
    if (small.error != large.error || small.line != large.line || small.column != large.column)
        invariantBroken();
    if (large.table) {
        checkTable(*large.table);
        if (!sameTable(*small.table, *large.table))
            invariantBroken();
    }
    constexpr std::size_t previewRows = 4;
    std::optional<core::TablePreview> preview;
    try {
        preview = core::previewTableFromBuffer(text, "fuzz.csv", options, previewRows);
    } catch (const core::LoadError&) {
        return;
    }
    if (!large.table || preview->encoding != large.used.encoding)
        return;
    const core::EncodedTable& table = *large.table;
    if (preview->delimiter != large.used.delimiter || preview->hasHeader != large.used.hasHeader ||
        preview->columnNames != table.columnNames())
        invariantBroken();
    if (preview->rows.size() != std::min<std::size_t>(previewRows, table.rowCount))
        invariantBroken();
    for (std::size_t r = 0; r < preview->rows.size(); ++r)
        for (std::size_t c = 0; c < table.columnCount(); ++c)
            if (preview->rows[r][c] != table.text(static_cast<std::uint32_t>(r), c))
                invariantBroken();
}

} // namespace qiscout::fuzz
