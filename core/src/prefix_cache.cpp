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

PrefixCache::Found PrefixCache::findLargestSubset(ColumnSet set)
{
    Entry* best = nullptr;
    for (Entry& entry : m_entries) {
        if (!entry.set.isSubsetOf(set))
            continue;
        if (best == nullptr || entry.set.size() > best->set.size() ||
            (entry.set.size() == best->set.size() && entry.lastUse > best->lastUse))
            best = &entry;
    }
    if (best == nullptr)
        return {};
    best->lastUse = ++m_clock;
    return Found{best->set, best->index};
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

PartitionStorage PrefixCache::takeSpare()
{
    Entry* oldest = nullptr;
    for (Entry& entry : m_entries) {
        // Held by the cache alone, under the coordinator's lock: no reader can reach it any more.
        if (entry.index.use_count() == 1 && (oldest == nullptr || entry.lastUse < oldest->lastUse))
            oldest = &entry;
    }
    if (oldest == nullptr || m_bytes + oldest->index->bytes() <= m_budgetBytes)
        return {};
    m_bytes -= oldest->index->bytes();
    PartitionStorage storage = std::move(*oldest->index).releaseStorage();
    m_entries.erase(m_entries.begin() + (oldest - m_entries.data()));
    return storage;
}

} // namespace qiscout::core
