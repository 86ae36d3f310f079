// SPDX-License-Identifier: GPL-3.0-or-later
// Columns of few codes stored side by side, row by row, so that one load of a row fetches a code
// of each: FPVI scans several sets that share a prefix in one pass over the prefix's rows.
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "partition/column_index.h"
#include "partition/packed_code_counts.h"

namespace qiscout::core {

/// Up to packLanes columns of at most packCardinality codes each, interleaved: row r's code on
/// lane l is codes[r * packLanes + l]; or, in a nibble pack, up to nibbleLanes columns of at most
/// nibbleCardinality codes, two to a byte (partition/packed_code_counts.h). Lanes without a
/// column hold code 0.
/// Thread: immutable once built; shared by every worker.
struct ColumnPack {
    std::vector<std::uint8_t> codes;
    /// The most codes any of its columns has.
    std::uint32_t largestCardinality = 0;
    bool nibbles = false;

    [[nodiscard]] std::uint32_t codeOf(std::uint32_t row, std::uint32_t lane) const
    {
        const std::uint8_t code = codes[std::size_t{row} * packLanes + lane % packLanes];
        if (!nibbles)
            return code;
        return lane < packLanes ? code & 0x0FU : code >> 4U;
    }
};

/// A column's pack and lane; pack < 0 for a column in no pack.
struct PackPlace {
    int pack = -1;
    std::uint32_t lane = 0;
};

/// The packs of a table's indexed columns.
struct ColumnPacks {
    std::vector<ColumnPack> packs;
    /// Table column -> its place.
    std::vector<PackPlace> places;

    [[nodiscard]] PackPlace placeOf(int column) const { return places[static_cast<std::size_t>(column)]; }
};

/// Whether one pack scan of `members` of a pack's columns, the largest of them with `codes`
/// codes (in a nibble pack, the sum of each half's largest), costs less than scanning them one
/// by one. Gathering a row's packed codes costs about what a column's own scan costs per row, and
/// comparing it with each code about a thirteenth of that (AMD EPYC, measured with AVX-512BW
/// compares; AVX2's are as fast there: 1.5 ns and 0.11 ns per row, against 1.45 ns per row and
/// column).
[[nodiscard]] constexpr bool packScanPays(std::size_t members, std::uint32_t codes)
{
    return members * 13 > 12 + std::size_t{codes};
}

/// Packs the indexed columns of at most packCardinality codes, fewest codes first, so that a
/// pack's columns have about as many codes each (a pack costs a compare per code of its largest
/// column). When more than packLanes of them have at most nibbleCardinality codes, those go
/// into nibble packs: one load of a row serves up to nibbleLanes columns, where the gather, not
/// the compares, is what a scan of columns of so few codes costs. No packs when fewer than two
/// columns qualify or a pack would outgrow a core's second-level cache (more than 131,072 rows).
/// Left incomplete when stop is requested.
[[nodiscard]] ColumnPacks buildColumnPacks(const std::vector<ColumnIndex>& indexes, std::uint32_t rowCount,
                                           const std::stop_token& stop = {});

} // namespace qiscout::core
