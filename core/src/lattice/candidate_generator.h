// SPDX-License-Identifier: GPL-3.0-or-later
// The lazy source of column sets to evaluate, level by level.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/set_verdicts.h"

namespace qiscout::core {

/// Yields the column sets worth evaluating in size-then-lexicographic order, one level at a time,
/// without ever materialising the lattice: its state is a cursor into the safe sets of the level
/// below. A set of size s + 1 is yielded only when every one of its subsets of size s was found
/// safe. Once level s is settled this is exactly "contains no banned (vulnerable) set": a subset
/// of any size that contains no banned set was itself evaluated and found safe, so all of a
/// yielded set's proper subsets are safe, and a vulnerable yielded set is therefore minimal.
/// Set is ColumnSet or a FixedColumnSet wide enough for the searched columns.
/// Thread: used by one thread at a time (the coordinator).
template <typename Set>
class CandidateGenerator {
public:
    /// Starts at level 1: every searched column alone (none when maxSize < 1).
    CandidateGenerator(const ColumnSet& searched, int maxSize);

    /// The next set of the current level, or nullopt when the level is exhausted.
    [[nodiscard]] std::optional<Set> next();

    /// Moves to the next level, built from the safe sets of the level just settled (any order).
    /// Returns false when the size limit is reached or no set can follow.
    bool advance(std::vector<Set> safeSets);

    /// Size of the sets the current level yields.
    [[nodiscard]] int level() const { return m_level; }

private:
    /// Whether the subsets of `candidate` one column smaller are all safe, but for the two known
    /// to be: without `addedColumn` (its parent) and without the parent's last column,
    /// `partnerColumn` (its join partner).
    [[nodiscard]] bool allSubsetsSafe(const Set& candidate, int addedColumn, int partnerColumn) const;

    std::vector<int> m_searchedColumns;
    int m_maxSize;
    int m_level = 1;
    /// Safe sets of the level below, sorted; the parents the current level extends.
    std::vector<Set> m_parents;
    SetVerdicts<Set> m_parentLookup;
    /// Level 1: the next position in m_searchedColumns. Above: the next parent, the next parent
    /// to join it with (0 before the first), and the parent less its last column.
    std::size_t m_parentCursor = 0;
    std::size_t m_partnerCursor = 0;
    std::size_t m_columnCursor = 0;
    Set m_parentStem;
};

} // namespace qiscout::core
