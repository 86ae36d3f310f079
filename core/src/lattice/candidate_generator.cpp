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
    // Parents are in lexicographic order, so the parents that share all but their last column
    // with a parent P follow it in one run. Every candidate P + c needs P - last(P) + c safe, one
    // of that run: joining P with the rest of its run tries only those c, in ascending order,
    // which is the lexicographic order of the extended sets.
    while (m_parentCursor < m_parents.size()) {
        const Set& parent = m_parents[m_parentCursor];
        if (m_partnerCursor == 0) {
            m_partnerCursor = m_parentCursor + 1;
            m_parentStem = parent.without(parent.last());
        }
        while (m_partnerCursor < m_parents.size()) {
            const Set& partner = m_parents[m_partnerCursor++];
            const int column = partner.last();
            if (partner.without(column) != m_parentStem)
                break;
            Set candidate = parent.with(column);
            if (allSubsetsSafe(candidate, column, parent.last()))
                return candidate;
        }
        ++m_parentCursor;
        m_partnerCursor = 0;
    }
    return std::nullopt;
}

template <typename Set>
bool CandidateGenerator<Set>::allSubsetsSafe(const Set& candidate, int addedColumn, int partnerColumn) const
{
    bool safe = true;
    candidate.forEach([&](int column) {
        if (safe && column != addedColumn && column != partnerColumn &&
            !m_parentLookup.contains(candidate.without(column)))
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
    m_parentLookup = {};
    for (const Set& parent : m_parents)
        m_parentLookup.insert(parent, false);
    m_parentCursor = 0;
    m_partnerCursor = 0;
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
