// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 1 of the (d, l)-inference anonymisation (Wang and Liu, sections 5 and 6): which sensitive
// values end up together, with how many rows each, and how many rows must be removed. Works on the
// frequencies of the sensitive values alone; docs/dl-inference.md states every design choice the
// paper leaves open.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How phase 1 cuts the sensitive values, sorted by frequency, into segments before grouping.
enum class PartitionHeuristic {
    TopDown,  ///< from one segment, repeatedly make the cut that removes the fewest rows
    BottomUp, ///< from one segment per value, repeatedly merge the neighbours that stay cheapest
};

/// The names of the heuristics on the command line and in the GUI.
inline constexpr std::array<EnumName<PartitionHeuristic>, 2> partitionHeuristicNames{{
    {PartitionHeuristic::TopDown, "top-down"},
    {PartitionHeuristic::BottomUp, "bottom-up"},
}};

[[nodiscard]] const char* toString(PartitionHeuristic heuristic);
[[nodiscard]] std::optional<PartitionHeuristic> parsePartitionHeuristic(std::string_view name);

/// A sensitive value and a number of rows holding it.
struct ValueRows {
    std::uint32_t value = 0;
    std::uint64_t rows = 0;

    friend bool operator==(const ValueRows&, const ValueRows&) = default;
};

/// One group of intersection-grouping: the rows it takes of each of its values, in ascending
/// order of the values' frequencies in the table. Its values are d-close.
struct DlGroup {
    std::vector<ValueRows> values;
    /// The segment (of phase 1) the group was made in.
    std::size_t segment = 0;
};

/// What phase 1 decided.
struct DlGroupingPlan {
    /// Segments as runs of the values sorted by ascending frequency (ties: ascending value):
    /// segment s covers sortedValues[segmentStarts[s], segmentStarts[s + 1]).
    std::vector<ValueRows> sortedValues;
    std::vector<std::size_t> segmentStarts;
    /// The buckets of every segment in turn (d-close, at least l values, disjoint), with the rows
    /// each value keeps.
    std::vector<std::vector<ValueRows>> buckets;
    /// The groups: within a segment they intersect in a chain (group i shares exactly bucket i + 1
    /// with group i + 1), across segments they are disjoint.
    std::vector<DlGroup> groups;
    /// Rows removed per value (only values with a removal), ascending by value.
    std::vector<ValueRows> removed;
    std::uint64_t removedRows = 0;
};

/// Intersection-grouping (section 5) of one segment: values with their frequencies, sorted
/// ascending by frequency. Buckets are built greedily from the smallest value; groups chain them.
/// Every row of the segment is either in exactly one group or removed.
[[nodiscard]] DlGroupingPlan groupSegment(std::span<const ValueRows> sortedSegment, std::uint64_t d, std::uint64_t l);

/// The whole of phase 1: sorts the value frequencies, segments them with the heuristic, and groups
/// each segment. `frequencies` holds each value once with its row count (at least 1). l >= 1.
[[nodiscard]] DlGroupingPlan planDlGrouping(std::span<const ValueRows> frequencies, std::uint64_t d, std::uint64_t l,
                                            PartitionHeuristic heuristic);

} // namespace qiscout::core
