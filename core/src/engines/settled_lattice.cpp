// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/settled_lattice.h"

#include <algorithm>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {
namespace {

/// A settled set's place in the canonical order (sizeThenLexLess), with its size counted once:
/// a sort of the public ColumnSets counted both sets' words at every comparison, a libgcc call
/// per word on baseline x86-64.
template <typename Set>
struct Ordered {
    int size = 0;
    std::uint32_t position = 0;
    Set set;

    friend bool operator<(const Ordered& a, const Ordered& b)
    {
        return a.size != b.size ? a.size < b.size : SameSizeLex{}(a.set, b.set);
    }
};

/// Positions in `settled` in the canonical order, each with its set's size.
template <typename Set, typename Settled>
std::vector<Ordered<Set>> canonicalOrder(const std::vector<Settled>& settled)
{
    std::vector<Ordered<Set>> ordered;
    ordered.reserve(settled.size());
    for (std::size_t position = 0; position < settled.size(); ++position)
        ordered.push_back(
            Ordered<Set>{settled[position].set.size(), static_cast<std::uint32_t>(position), settled[position].set});
    std::sort(ordered.begin(), ordered.end());
    return ordered;
}

} // namespace

template <typename Set>
void SettledLattice<Set>::addSafe(const Set& set, std::uint64_t smallestClass)
{
    m_safe.push_back(Settled{set, 0, smallestClass});
    m_safeLookup.insert(set, false);
}

template <typename Set>
void SettledLattice<Set>::addMinimal(const Set& set, std::uint64_t isolatedRows, std::uint64_t smallestClass)
{
    m_minimal.push_back(Settled{set, isolatedRows, smallestClass});
}

template <typename Set>
bool SettledLattice<Set>::containsMinimal(const Set& set) const
{
    return std::any_of(m_minimal.begin(), m_minimal.end(),
                       [&set](const Settled& minimal) { return minimal.set.isSubsetOf(set); });
}

template <typename Set>
void SettledLattice<Set>::fill(SearchResult& result, const ResolvedParameters& parameters, bool complete) const
{
    result.minimalSets.clear();
    result.minimalSets.reserve(m_minimal.size());
    for (const Ordered<Set>& ordered : canonicalOrder<Set>(m_minimal)) {
        const Settled& minimal = m_minimal[ordered.position];
        result.minimalSets.push_back(MinimalSet{toColumnSet(minimal.set), minimal.isolatedRows, minimal.smallestClass});
    }

    result.maximalSafeSets.clear();
    const std::vector<int> searched = parameters.columns.columns();
    for (const Ordered<Set>& ordered : canonicalOrder<Set>(m_safe)) {
        const Set& set = ordered.set;
        bool maximal = true;
        if (ordered.size < parameters.maxSetSize) {
            for (const int column : searched) {
                if (set.contains(column))
                    continue;
                const Set extension = set.with(column);
                // In a complete search every unsafe extension contains a minimal set; after a
                // cancellation an extension may simply not have been looked at yet.
                if (m_safeLookup.contains(extension) || (!complete && !containsMinimal(extension))) {
                    maximal = false;
                    break;
                }
            }
        }
        if (maximal)
            result.maximalSafeSets.push_back(SafeSet{toColumnSet(set), m_safe[ordered.position].smallestClass});
    }
}

#define QISCOUT_INSTANTIATE(Set) template class SettledLattice<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
