// SPDX-License-Identifier: GPL-3.0-or-later
// Minimal transversals of a growing hypergraph (Berge's method), kept up to date edge by edge.
#pragma once

#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// The minimal transversals (hitting sets) of the edges added so far, each of at most
/// `maxSize` elements: larger ones, and everything grown from them, cannot matter to the caller.
/// With no edge, the only transversal is the empty set. Set is ColumnSet or a FixedColumnSet.
template <typename Set>
class IncrementalTransversals {
public:
    explicit IncrementalTransversals(int maxSize);

    /// Adds one edge; an empty edge leaves no transversal at all. Returns false, with nothing
    /// changed, when stop was requested first: with many transversals one edge can take seconds.
    bool addEdge(const Set& edge, const std::stop_token& stop = {});

    /// All current minimal transversals, sorted with sizeThenLexLess.
    [[nodiscard]] std::vector<Set> transversals() const;

    /// The current minimal transversals that appeared since the previous call (all of them on the
    /// first call), sorted with sizeThenLexLess. Older ones survived an edge unchanged, so a caller
    /// that settled them once need not look at them again.
    [[nodiscard]] std::vector<Set> takeFresh();

private:
    /// Columns e of `edge` such that T + e is still minimal: for each c in T, the edges that T
    /// hits only in c (c's private edges) must not all contain e, or c would lose its last one.
    [[nodiscard]] Set allowedExtensions(const Set& transversal, const Set& edge) const;

    int m_maxSize;
    std::vector<Set> m_edges;
    std::vector<Set> m_transversals;
    /// Parallel to m_transversals: not yet returned by takeFresh.
    std::vector<bool> m_fresh;
};

} // namespace qiscout::core
