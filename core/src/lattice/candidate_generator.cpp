// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/candidate_generator.h"

#include <algorithm>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {

template <typename Set>
CandidateGenerator<Set>::CandidateGenerator(const ColumnSet& searched, int maxSize)
    : m_searchedColumns(searched.columns())
    , m_maxSize(maxSize)
{
    if (maxSize < 1)
        m_columnCursor = m_searchedColumns.size();
}

template <typename Set>
std::optional<Set> CandidateGenerator<Set>::next()
{
    if (m_level == 1) {
        if (m_columnCursor >= m_searchedColumns.size())
            return std::nullopt;
        return Set::single(m_searchedColumns[m_columnCursor++]);
    }
    // Parents are in lexicographic order and each is extended by ascending columns above its
    // last one, which is the lexicographic order of the extended sets.
    while (m_parentCursor < m_parents.size()) {
        const Set& parent = m_parents[m_parentCursor];
        if (m_columnCursor == 0)
            m_columnCursor = static_cast<std::size_t>(
                std::upper_bound(m_searchedColumns.begin(), m_searchedColumns.end(), parent.last()) -
                m_searchedColumns.begin());
        while (m_columnCursor < m_searchedColumns.size()) {
            const int column = m_searchedColumns[m_columnCursor++];
            Set candidate = parent.with(column);
            if (allSubsetsSafe(candidate, column))
                return candidate;
        }
        ++m_parentCursor;
        m_columnCursor = 0;
    }
    return std::nullopt;
}

template <typename Set>
bool CandidateGenerator<Set>::allSubsetsSafe(const Set& candidate, int addedColumn) const
{
    bool safe = true;
    candidate.forEach([&](int column) {
        if (safe && column != addedColumn && !m_parentLookup.contains(candidate.without(column)))
            safe = false;
    });
    return safe;
}

template <typename Set>
bool CandidateGenerator<Set>::advance(std::vector<Set> safeSets)
{
    ++m_level;
    // All of the level just settled, so of one size.
    std::sort(safeSets.begin(), safeSets.end(), SameSizeLex{});
    m_parents = std::move(safeSets);
    m_parentLookup.clear();
    m_parentLookup.insert(m_parents.begin(), m_parents.end());
    m_parentCursor = 0;
    m_columnCursor = 0;
    if (m_level > m_maxSize || m_parents.size() < 2) {
        m_parents.clear();
        return false;
    }
    return true;
}

#define QISCOUT_INSTANTIATE(Set) template class CandidateGenerator<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
