// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/settled_lattice.h"

#include <algorithm>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {

template <typename Set>
void SettledLattice<Set>::addSafe(const Set& set, std::uint64_t smallestClass)
{
    m_safe.emplace(set, smallestClass);
}

template <typename Set>
void SettledLattice<Set>::addMinimal(const Set& set, std::uint64_t isolatedRows, std::uint64_t smallestClass)
{
    m_minimal.push_back(Minimal{set, isolatedRows, smallestClass});
}

template <typename Set>
bool SettledLattice<Set>::containsMinimal(const Set& set) const
{
    return std::any_of(m_minimal.begin(), m_minimal.end(),
                       [&set](const Minimal& minimal) { return minimal.set.isSubsetOf(set); });
}

template <typename Set>
void SettledLattice<Set>::fill(SearchResult& result, const ResolvedParameters& parameters, bool complete) const
{
    result.minimalSets.clear();
    for (const Minimal& minimal : m_minimal)
        result.minimalSets.push_back(MinimalSet{toColumnSet(minimal.set), minimal.isolatedRows, minimal.smallestClass});
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
                const Set extension = set.with(column);
                // In a complete search every unsafe extension contains a minimal set; after a
                // cancellation an extension may simply not have been looked at yet.
                if (m_safe.contains(extension) || (!complete && !containsMinimal(extension))) {
                    maximal = false;
                    break;
                }
            }
        }
        if (maximal)
            result.maximalSafeSets.push_back(SafeSet{toColumnSet(set), smallest});
    }
    std::sort(result.maximalSafeSets.begin(), result.maximalSafeSets.end(),
              [](const SafeSet& a, const SafeSet& b) { return sizeThenLexLess(a.columns, b.columns); });
}

#define QISCOUT_INSTANTIATE(Set) template class SettledLattice<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
