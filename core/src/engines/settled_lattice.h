// SPDX-License-Identifier: GPL-3.0-or-later
// What a lattice search has settled so far, and the SearchResult it amounts to.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "qiscout/core/engines/search_result.h"

#include "engines/search_setup.h"

namespace qiscout::core {

/// Safe and minimal vulnerable sets settled by an engine, with their class statistics.
/// Thread: used by one thread at a time (the coordinator).
class SettledLattice {
public:
    void addSafe(ColumnSet set, std::uint64_t smallestClass);
    void addMinimal(ColumnSet set, std::uint64_t isolatedRows, std::uint64_t smallestClass);

    /// The safe sets of one size, in no particular order.
    [[nodiscard]] std::vector<ColumnSet> safeSetsOfSize(int size) const;

    /// Sorted minimal sets and maximal safe sets. When `complete` is false only sets known to be
    /// maximal are listed: a safe set with an unsettled one-column extension is left out.
    void fill(SearchResult& result, const ResolvedParameters& parameters, bool complete) const;

private:
    [[nodiscard]] bool containsMinimal(ColumnSet set) const;

    std::unordered_map<ColumnSet, std::uint64_t, ColumnSetHash> m_safe;
    std::vector<MinimalSet> m_minimal;
};

} // namespace qiscout::core
