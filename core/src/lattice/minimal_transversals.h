// SPDX-License-Identifier: GPL-3.0-or-later
// Minimal transversals (hitting sets) of a hypergraph of column sets, and its maximal independent
// sets: the bridge from minimal vulnerable sets to maximal safe sets.
#pragma once

#include <vector>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// Every inclusion-minimal subset of `universe` that intersects each edge, in sizeThenLexLess
/// order. Edge columns outside `universe` are ignored; an edge with no column in `universe` has no
/// transversal (empty result). No edges: the only minimal transversal is the empty set.
[[nodiscard]] std::vector<ColumnSet> minimalTransversals(const std::vector<ColumnSet>& edges,
                                                         const ColumnSet& universe);

/// The subsets of `universe` with at most maxSize columns that contain no edge and have no such
/// superset with at most maxSize columns, in sizeThenLexLess order. Without a binding limit these are
/// the complements of the minimal transversals. The empty set is returned when it is the only
/// independent set; an empty edge leaves no independent set at all (empty result).
[[nodiscard]] std::vector<ColumnSet> maximalIndependentSets(const std::vector<ColumnSet>& edges,
                                                            const ColumnSet& universe, int maxSize);

/// The inclusion-minimal sets among `sets` (duplicates collapsed), in sizeThenLexLess order.
[[nodiscard]] std::vector<ColumnSet> inclusionMinimal(std::vector<ColumnSet> sets);

} // namespace qiscout::core
