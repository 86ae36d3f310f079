// SPDX-License-Identifier: GPL-3.0-or-later
// The delimited-text reader behind loadTable and previewTable, and its in-memory entry points for
// tests and the fuzzer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>

#include "qiscout/core/io/delimited_ranges.h"
#include "qiscout/core/io/table_loader.h"

#include "io/reading/text_encoding.h"

namespace qiscout::core {

/// Knobs the public API fixes but tests and the fuzzer turn down to reach rare paths cheaply.
struct LoadLimits {
    std::uint64_t maxRows = 0xFFFFFFFFull;
    std::size_t maxColumns = maxTableColumns;
    /// Bytes parsed per step before the columns encode them; a step grows to fit a longer record.
    std::size_t chunkBytes = std::size_t{1} << 20;
    /// Progress is reported at most once per max(this, 1% of the input) bytes, and once at the end.
    std::size_t progressStepBytes = std::size_t{4} << 20;
};

/// scanText over `raw` in blocks scanned in parallel, each small enough that cancellation is
/// prompt. Touching the file first, this pass also takes the memory map's page faults, so they too
/// are spread over the threads.
[[nodiscard]] TextScan scanTextInBlocks(std::string_view raw, const std::stop_token& stop, const std::string& file);

/// What parsing the records of a delimited body found besides the rows it encoded.
struct DelimitedBody {
    std::uint64_t rows = 0;
    /// Ragged rows skipped (LoadOptions::skipRaggedRows), the first at this offset of the text.
    std::uint64_t skipped = 0;
    std::size_t firstSkipped = 0;
    std::uint64_t blankLines = 0;
};

/// Parses the records of `text` from `bodyStart` to its end, which ends the last record, and
/// appends their cells to `table`'s columns (one per field of a record, named already), in
/// parallel chunks. `parsed` learns each offset of the text parsing has reached. Throws LoadError
/// for a ragged row (unless skipped), an unterminated quote or too many rows, with lines counted
/// in `text`.
[[nodiscard]] DelimitedBody encodeDelimitedBody(std::string_view text, std::size_t bodyStart, char delimiter,
                                                const LoadOptions& options, const std::stop_token& stop,
                                                const std::string& file, const LoadLimits& limits, EncodedTable& table,
                                                const std::function<void(std::size_t)>& parsed);

/// sniffDelimitedLayout over the bytes of a file: what loadTableFromBuffer decides before the body.
[[nodiscard]] DelimitedLayout sniffLayoutOfBuffer(std::string_view bytes, const std::string& sourceName,
                                                  const LoadOptions& options);

/// Loads `bytes` as the contents of `sourceName`. `releasePrefix`, when set, learns how many
/// leading bytes of `bytes` the loader has finished with, so a memory map can drop those pages.
[[nodiscard]] EncodedTable loadTableFromBuffer(std::string_view bytes, const std::string& sourceName,
                                               const LoadOptions& options, std::stop_token stop,
                                               const LoadProgress& progress, LoadSettings* used,
                                               const LoadLimits& limits = {},
                                               const std::function<void(std::size_t)>& releasePrefix = {});

/// loadTable for a delimited text file (memory-mapped, its pages released as they are done with).
[[nodiscard]] EncodedTable loadDelimitedFile(const std::string& path, const LoadOptions& options, std::stop_token stop,
                                             const LoadProgress& progress, LoadSettings* used);

/// previewTable for a delimited text file.
[[nodiscard]] TablePreview previewDelimitedFile(const std::string& path, const LoadOptions& options,
                                                std::size_t maxRows);

/// previewTable over `bytes`, reading only as far as the requested rows need.
[[nodiscard]] TablePreview previewTableFromBuffer(std::string_view bytes, const std::string& sourceName,
                                                  const LoadOptions& options, std::size_t maxRows,
                                                  const LoadLimits& limits = {});

} // namespace qiscout::core
