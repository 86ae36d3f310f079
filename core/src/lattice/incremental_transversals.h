// SPDX-License-Identifier: GPL-3.0-or-later
// Minimal transversals of a growing hypergraph (Berge's method), kept up to date edge by edge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <unordered_map>
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
    /// Runs on the threads of the calling task arena; the result does not depend on their number.
    bool addEdge(const Set& edge, const std::stop_token& stop = {});

    /// All current minimal transversals, sorted with sizeThenLexLess.
    [[nodiscard]] std::vector<Set> transversals() const;

    /// The current minimal transversals that appeared since the previous call (all of them on the
    /// first call), sorted with sizeThenLexLess. Older ones survived an edge unchanged, so a caller
    /// that settled them once need not look at them again.
    [[nodiscard]] std::vector<Set> takeFresh();

private:
    struct Scratch;

    /// Positions in m_transversals of the transversals that miss `edge`, ascending; false when
    /// stop was requested first.
    bool findMisses(const Set& edge, const std::stop_token& stop, std::vector<std::size_t>& misses) const;
    /// Columns e of `edge` such that T + e is still minimal: for each c in T, the edges that T
    /// hits only in c (c's private edges) must not all contain e, or c would lose its last one.
    [[nodiscard]] Set allowedExtensions(const Set& transversal, const Set& edge, Scratch& scratch) const;

    int m_maxSize;
    std::vector<Set> m_edges;
    /// The union of m_edges: every transversal lies within it.
    Set m_edgeColumns;
    /// m_edgesWith[c] has bit j (word j / 64) set when edge j contains column c: the edges a
    /// transversal T hits exactly once then take |T| passes over |edges| / 64 words, where testing
    /// each edge took a pass over every edge's words.
    std::vector<std::vector<std::uint64_t>> m_edgesWith;
    /// In no particular order (callers get them sorted).
    std::vector<Set> m_transversals;
    /// Parallel to m_transversals: 1 while not yet returned by takeFresh.
    std::vector<std::uint8_t> m_fresh;
    /// Position of each transversal in m_transversals.
    std::unordered_map<Set, std::size_t, ColumnSetHash> m_positions;
};

} // namespace qiscout::core
