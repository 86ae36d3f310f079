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

/// Assigns every set (all of one size s >= 2) a prefix among its subsets of size s - 1, so that
/// few prefixes serve them all: every prefix is a partition to build, which costs as much as
/// scanning two or three sets from it. On a 1M x 20 table the 237 sets of size 3 need 67 prefixes
/// when each is its set minus its highest column, 27 in this cover (127 sets of size 4: 55, 30).
/// Greedy: repeatedly takes the prefix shared by the most sets not yet planned (ties: the lowest
/// prefix in size-then-lexicographic order), so the plan depends on the sets alone.
/// The result holds each set once, grouped by prefix, prefixes ascending, sets ascending in a group.
/// With groupOfColumn (table column -> group, -1 for none), sets then move between the chosen
/// prefixes so that the sets of one prefix whose added columns share a group are many: FPVI scans
/// a prefix's sets whose added columns share a pack in one pass, whatever lanes the pack leaves
/// idle. The prefixes stay those of the cover (some may serve no set any more).
/// Set is ColumnSet or a FixedColumnSet.
template <typename Set>
[[nodiscard]] std::vector<PlannedSet<Set>> planPrefixes(std::span<const Set> sets,
                                                        std::span<const int> groupOfColumn = {});

} // namespace qiscout::core
