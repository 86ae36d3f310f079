// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_cache.h"

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

bool PrefixCache::contains(ColumnSet set) const
{
    return std::any_of(m_entries.begin(), m_entries.end(), [set](const Entry& entry) { return entry.set == set; });
}

std::size_t PrefixCache::largestSubsetPosition(ColumnSet set) const
{
    std::size_t best = m_entries.size();
    for (std::size_t position = 0; position < m_entries.size(); ++position) {
        const Entry& entry = m_entries[position];
        if (!entry.set.isSubsetOf(set))
            continue;
        if (best == m_entries.size() || entry.set.size() > m_entries[best].set.size() ||
            (entry.set.size() == m_entries[best].set.size() && entry.lastUse > m_entries[best].lastUse))
            best = position;
    }
    return best;
}

PrefixCache::Found PrefixCache::findLargestSubset(ColumnSet set)
{
    const std::size_t best = largestSubsetPosition(set);
    if (best == m_entries.size())
        return {};
    m_entries[best].lastUse = ++m_clock;
    return Found{m_entries[best].set, m_entries[best].index};
}

ColumnSet PrefixCache::largestSubset(ColumnSet set) const
{
    const std::size_t best = largestSubsetPosition(set);
    return best == m_entries.size() ? ColumnSet{} : m_entries[best].set;
}

void PrefixCache::insert(ColumnSet set, std::shared_ptr<PositionListIndex> index)
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

PartitionStorage PrefixCache::takeSpare(const std::function<bool(ColumnSet)>& stillWanted)
{
    Entry* oldest = nullptr;
    Entry* oldestUnwanted = nullptr;
    for (Entry& entry : m_entries) {
        // Held by the cache alone, under the coordinator's lock: no reader can reach it any more.
        if (entry.index.use_count() != 1)
            continue;
        if (oldest == nullptr || entry.lastUse < oldest->lastUse)
            oldest = &entry;
        if (stillWanted && !stillWanted(entry.set) &&
            (oldestUnwanted == nullptr || entry.lastUse < oldestUnwanted->lastUse))
            oldestUnwanted = &entry;
    }
    Entry* taken = oldestUnwanted;
    if (taken == nullptr && oldest != nullptr && m_bytes + oldest->index->bytes() > m_budgetBytes)
        taken = oldest;
    if (taken == nullptr)
        return {};
    m_bytes -= taken->index->bytes();
    PartitionStorage storage = std::move(*taken->index).releaseStorage();
    m_entries.erase(m_entries.begin() + (taken - m_entries.data()));
    return storage;
}

} // namespace qiscout::core
