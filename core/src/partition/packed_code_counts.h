// SPDX-License-Identifier: GPL-3.0-or-later
// Counting the codes of several columns at once, over rows whose codes are interleaved lane by
// lane (partition/column_pack.h), with vector compares where the processor has them.
#pragma once

#include <array>
#include <cstdint>

namespace qiscout::core {

/// Columns interleaved in one pack: row r's code on lane l is byte r * packLanes + l.
inline constexpr std::uint32_t packLanes = 8;
/// Most codes a packed column may have: every code costs one compare per vector of rows.
inline constexpr std::uint32_t packCardinality = 32;

/// Columns of at most nibbleCardinality codes are packed two to a byte, nibbleLanes to a pack
/// (partition/column_pack.h): lane l < packLanes in the low four bits of byte l, lane
/// packLanes + l in the high four bits. One load of a row then serves twice the columns, and
/// each half is counted as a pack of bytes.
inline constexpr std::uint32_t nibbleLanes = 2 * packLanes;
inline constexpr std::uint32_t nibbleCardinality = 16;
/// Most columns one pack holds.
inline constexpr std::uint32_t maxPackLanes = nibbleLanes;

/// Rows of one 32-byte vector, less one.
inline constexpr std::uint32_t packPaddingRows = 32 / packLanes - 1;

/// How countPackedCodes counts; the vector paths exist on x86-64 only.
enum class PackedCountPath { Scalar, Avx2 };

/// The fastest path this processor and system run.
[[nodiscard]] PackedCountPath fastestPackedCountPath();
/// Whether `path` runs here.
[[nodiscard]] bool packedCountPathRuns(PackedCountPath path);

/// Adds to counts[code * packLanes + lane] the rows among the `rowCount` packed rows at `packed`
/// whose code on `lane` is `code`, for every code in [1, codes) (codes at most packCardinality).
/// Code 0 is never compared: its count is the rows minus the other codes' counts, exact for a
/// lane whose codes are all below `codes`. So rows of code 0 on every lane add nothing: padding
/// the rows with up to packPaddingRows of them to a multiple of packPaddingRows + 1 lets every
/// path count whole vectors only.
void countPackedCodes(const std::uint8_t* packed, std::uint32_t rowCount, std::uint32_t codes, std::uint32_t* counts,
                      PackedCountPath path);

/// countPackedCodes over the rows `rows[0, rowCount)` of the pack at `pack`, gathered on the way
/// into `buffer`, which must hold rowCount + packPaddingRows packed rows (its contents after are
/// unspecified).
void gatherPackedCodes(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint32_t codes,
                       std::uint32_t* counts, std::uint8_t* buffer, PackedCountPath path);

/// Copies the rows `rows[0, rowCount)` of the pack at `pack` to `target`, one after the other.
void gatherPackRows(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint8_t* target);

/// Gathers the rows `rows[0, rowCount)` of the nibble pack at `pack` into two packs of bytes:
/// `low` receives each row's low nibbles (lanes [0, packLanes)), `high` its high ones.
void splitNibbleRows(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint8_t* low,
                     std::uint8_t* high);

/// gatherPackedCodes over the rows `rows[0, rowCount)` of the nibble pack at `pack`, one gather
/// for both halves: counts[h] receives countPackedCodes' counts of half h (0: low nibbles) for
/// codes [1, codes[h]) (none when codes[h] <= 1), and buffers[h] the half's rows as
/// splitNibbleRows leaves them; each must hold rowCount + packPaddingRows rows.
void gatherNibbleCodes(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount,
                       const std::array<std::uint32_t, 2>& codes, const std::array<std::uint32_t*, 2>& counts,
                       const std::array<std::uint8_t*, 2>& buffers, PackedCountPath path);

} // namespace qiscout::core
