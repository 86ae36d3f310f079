// SPDX-License-Identifier: GPL-3.0-or-later
// What a lattice search has settled so far, and the SearchResult it amounts to.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/engines/search_result.h"

#include "engines/search_setup.h"
#include "lattice/set_verdicts.h"

namespace qiscout::core {

/// Safe and minimal vulnerable sets settled by an engine, with their class statistics.
/// Set is ColumnSet or a FixedColumnSet.
/// Thread: used by one thread at a time (the coordinator).
template <typename Set>
class SettledLattice {
public:
    void addSafe(const Set& set, std::uint64_t smallestClass);
    void addMinimal(const Set& set, std::uint64_t isolatedRows, std::uint64_t smallestClass);

    /// Sorted minimal sets and maximal safe sets. When `complete` is false only sets known to be
    /// maximal are listed: a safe set with an unsettled one-column extension is left out.
    void fill(SearchResult& result, const ResolvedParameters& parameters, bool complete) const;

private:
    struct Settled {
        Set set;
        std::uint64_t isolatedRows = 0;
        std::uint64_t smallestClass = 0;
    };

    [[nodiscard]] bool containsMinimal(const Set& set) const;

    // Flat arrays rather than a node-based map: FPVI settles half a million sets of a wide table
    // under its lock, one allocation each, and fill() looks up hundreds of thousands of extensions.
    std::vector<Settled> m_safe;
    SetVerdicts<Set> m_safeLookup;
    std::vector<Settled> m_minimal;
};

} // namespace qiscout::core
