// SPDX-License-Identifier: GPL-3.0-or-later
// Which partition each set of a level is evaluated from.
#pragma once

#include <span>
#include <vector>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// A set to evaluate and the subset, one column smaller, whose partition it refines.
template <typename Set>
struct PlannedSet {
    Set set;
    Set prefix;
};

/// How much of a level the sets handed to planPrefixes are.
enum class PlanScope {
    /// The whole level.
    Level,
    /// Every set of each stem among them (a stem: a set's columns but its last two), as a run of
    /// the candidate generator's sets cut between two stems gives.
    Stems,
};

/// Assigns every set (all of one size s >= 2) a prefix among its subsets of size s - 1.
/// Without groupOfColumn, so that few prefixes serve them all: every prefix is a partition to
/// build, which costs as much as scanning two or three sets from it. On a 1M x 20 table the 237
/// sets of size 3 need 67 prefixes when each is its set minus its highest column, 27 in this cover
/// (127 sets of size 4: 55, 30). Greedy: repeatedly takes the prefix shared by the most sets not
/// yet planned (ties: the lowest prefix in size-then-lexicographic order).
/// With groupOfColumn (table column -> group, -1 for none; groups numbered in order of
/// preference), so that added columns have groups and a prefix's sets whose added columns share a
/// group are many: FPVI scans a prefix's sets whose added columns share a pack in one pass, one
/// load of the pack per row whatever lanes it leaves idle, against one load per row and set
/// otherwise. Each set adds its column of the first group (the highest on ties): a prefix then
/// serves every set adding a column of a group before its own columns' groups, whole packs
/// (wide300 --max-size 3: 7.5 sets per pack scan, 1.6 % of the sets scanned alone, against 5.2
/// and 19 % for a cover). With PlanScope::Stems a set looks at its last two columns only, so that
/// its prefix keeps its stem: a prefix shared across stems would be built again in each chunk.
/// Sets with no grouped column to add are planned by the cover.
/// Either way the plan depends on the sets alone, and holds each set once, grouped by prefix,
/// prefixes ascending, sets ascending in a group.
/// Set is ColumnSet or a FixedColumnSet.
template <typename Set>
[[nodiscard]] std::vector<PlannedSet<Set>>
planPrefixes(std::span<const Set> sets, std::span<const int> groupOfColumn = {}, PlanScope scope = PlanScope::Stems);

} // namespace qiscout::core
