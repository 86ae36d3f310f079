// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/candidate_generator.h"

#include <algorithm>

namespace qiscout::core {

CandidateGenerator::CandidateGenerator(ColumnSet searched, int maxSize)
    : m_searchedColumns(searched.columns())
    , m_maxSize(maxSize)
{
    if (maxSize < 1)
        m_columnCursor = m_searchedColumns.size();
}

std::optional<ColumnSet> CandidateGenerator::next()
{
    if (m_level == 1) {
        if (m_columnCursor >= m_searchedColumns.size())
            return std::nullopt;
        return ColumnSet::single(m_searchedColumns[m_columnCursor++]);
    }
    // Parents are in lexicographic order and each is extended by ascending columns above its
    // last one, which is the lexicographic order of the extended sets.
    while (m_parentCursor < m_parents.size()) {
        const ColumnSet parent = m_parents[m_parentCursor];
        if (m_columnCursor == 0)
            m_columnCursor = static_cast<std::size_t>(
                std::upper_bound(m_searchedColumns.begin(), m_searchedColumns.end(), parent.last()) -
                m_searchedColumns.begin());
        while (m_columnCursor < m_searchedColumns.size()) {
            const int column = m_searchedColumns[m_columnCursor++];
            const ColumnSet candidate = parent.with(column);
            if (allSubsetsSafe(candidate, column))
                return candidate;
        }
        ++m_parentCursor;
        m_columnCursor = 0;
    }
    return std::nullopt;
}

bool CandidateGenerator::allSubsetsSafe(ColumnSet candidate, int addedColumn) const
{
    for (std::uint64_t rest = candidate.mask(); rest != 0; rest &= rest - 1) {
        const int column = std::countr_zero(rest);
        if (column != addedColumn && !m_parentLookup.contains(candidate.without(column)))
            return false;
    }
    return true;
}

bool CandidateGenerator::advance(std::vector<ColumnSet> safeSets)
{
    ++m_level;
    std::sort(safeSets.begin(), safeSets.end(), sizeThenLexLess);
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

} // namespace qiscout::core
