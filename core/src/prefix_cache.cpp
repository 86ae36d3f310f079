// SPDX-License-Identifier: GPL-3.0-or-later
#include "prefix_cache.h"

#include <algorithm>

namespace qiscout::core {

std::shared_ptr<const PositionListIndex> PrefixCache::find(ColumnSet set)
{
    for (Entry& entry : m_entries) {
        if (entry.set == set) {
            entry.lastUse = ++m_clock;
            return entry.index;
        }
    }
    return nullptr;
}

void PrefixCache::insert(ColumnSet set, std::shared_ptr<const PositionListIndex> index)
{
    if (find(set))
        return;
    m_bytes += index->bytes();
    m_entries.push_back(Entry{set, std::move(index), ++m_clock});
    while (m_bytes > m_budgetBytes && m_entries.size() > 1) {
        const auto oldest = std::min_element(m_entries.begin(), m_entries.end() - 1,
                                             [](const Entry& a, const Entry& b) { return a.lastUse < b.lastUse; });
        m_bytes -= oldest->index->bytes();
        m_entries.erase(oldest);
    }
}

ColumnSet lowestColumns(ColumnSet set, int count)
{
    std::uint64_t mask = set.mask();
    std::uint64_t result = 0;
    for (int taken = 0; taken < count && mask != 0; ++taken) {
        const std::uint64_t lowest = mask & (~mask + 1);
        result |= lowest;
        mask &= mask - 1;
    }
    return ColumnSet::fromMask(result);
}

} // namespace qiscout::core
