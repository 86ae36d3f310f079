// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/settled_lattice.h"

#include <algorithm>

namespace qiscout::core {

void SettledLattice::addSafe(ColumnSet set, std::uint64_t smallestClass)
{
    m_safe.emplace(set, smallestClass);
}

void SettledLattice::addMinimal(ColumnSet set, std::uint64_t isolatedRows, std::uint64_t smallestClass)
{
    m_minimal.push_back(MinimalSet{set, isolatedRows, smallestClass});
}

std::vector<ColumnSet> SettledLattice::safeSetsOfSize(int size) const
{
    std::vector<ColumnSet> sets;
    for (const auto& [set, smallest] : m_safe)
        if (set.size() == size)
            sets.push_back(set);
    return sets;
}

bool SettledLattice::containsMinimal(ColumnSet set) const
{
    return std::any_of(m_minimal.begin(), m_minimal.end(),
                       [set](const MinimalSet& minimal) { return minimal.columns.isSubsetOf(set); });
}

void SettledLattice::fill(SearchResult& result, const ResolvedParameters& parameters, bool complete) const
{
    result.minimalSets = m_minimal;
    std::sort(result.minimalSets.begin(), result.minimalSets.end(),
              [](const MinimalSet& a, const MinimalSet& b) { return sizeThenLexLess(a.columns, b.columns); });

    result.maximalSafeSets.clear();
    const std::vector<int> searched = parameters.columns.columns();
    for (const auto& [set, smallest] : m_safe) {
        bool maximal = true;
        if (set.size() < parameters.maxSetSize) {
            for (const int column : searched) {
                if (set.contains(column))
                    continue;
                const ColumnSet extension = set.with(column);
                // In a complete search every unsafe extension contains a minimal set; after a
                // cancellation an extension may simply not have been looked at yet.
                if (m_safe.contains(extension) || (!complete && !containsMinimal(extension))) {
                    maximal = false;
                    break;
                }
            }
        }
        if (maximal)
            result.maximalSafeSets.push_back(SafeSet{set, smallest});
    }
    std::sort(result.maximalSafeSets.begin(), result.maximalSafeSets.end(),
              [](const SafeSet& a, const SafeSet& b) { return sizeThenLexLess(a.columns, b.columns); });
}

} // namespace qiscout::core
