// SPDX-License-Identifier: GPL-3.0-or-later
// The class statistics of every lane of a pack at once (partition/column_pack.h): one pass over a
// class's code counters, or over the packed rows of a run of small classes, serves all the
// columns of the pack instead of one pass per column.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>

#include "partition/packed_code_counts.h"

namespace qiscout::core {

/// What a pack scan learns about the classes of (prefix + each lane's column), lane by lane.
struct PackedLaneStats {
    static constexpr std::uint32_t noPosition = std::numeric_limits<std::uint32_t>::max();

    /// Rows in classes of at most the limit's rows.
    std::array<std::uint32_t, packLanes> isolatedRows{};
    /// Smallest class; max() while none was seen.
    std::array<std::uint32_t, packLanes> smallestClass;
    /// Position of the first row found in a class of at most the limit's rows, for the lanes
    /// asked for (addSmallPackedClasses); noPosition while none was.
    std::array<std::uint32_t, packLanes> firstIsolated;

    PackedLaneStats()
    {
        smallestClass.fill(std::numeric_limits<std::uint32_t>::max());
        firstIsolated.fill(noPosition);
    }
};

/// Adds one class of `size` rows to `stats` from its counters, laid out as countPackedCodes
/// leaves them (counts[code * packLanes + lane] for codes [1, codes); code 0 uncounted). Sets
/// counts[lane] to each lane's rows of code 0, so that every code's class size can be read off
/// the counters afterwards. Returns the lanes (bit l for lane l) with rows in classes of at most
/// `limit` rows within this class.
[[nodiscard]] unsigned addPackedClass(std::uint32_t* counts, std::uint32_t codes, std::uint32_t size,
                                      std::uint32_t limit, PackedLaneStats& stats, PackedCountPath path);

/// Largest class addSmallPackedClasses takes: its byte counters hold sizes up to 255, and the
/// vector path compares each row with every row of its class, so it suits small classes only.
inline constexpr std::uint32_t smallPackedClassRows = 32;

/// Adds to `stats` the classes of a run of packed rows (row i's code on lane l at byte
/// i * packLanes + l, readable for packPaddingRows rows past the run): class c holds positions
/// [starts[c], starts[c + 1]) and packed[0] is position starts[0]. Each class has at most
/// smallPackedClassRows rows. A lane whose firstIsolated is noPosition receives the position of
/// its first row in a class of at most `limit` rows, if any.
void addSmallPackedClasses(const std::uint8_t* packed, std::span<const std::uint32_t> starts, std::uint32_t limit,
                           PackedLaneStats& stats, PackedCountPath path);

} // namespace qiscout::core
