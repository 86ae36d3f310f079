// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_cache.h"

#include <algorithm>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {

template <typename Set>
std::shared_ptr<const PositionListIndex> PrefixCache<Set>::find(const Set& set)
{
    for (Entry& entry : m_entries) {
        if (entry.set == set) {
            entry.lastUse = ++m_clock;
            return entry.index;
        }
    }
    return nullptr;
}

template <typename Set>
bool PrefixCache<Set>::contains(const Set& set) const
{
    return std::any_of(m_entries.begin(), m_entries.end(), [&set](const Entry& entry) { return entry.set == set; });
}

template <typename Set>
std::size_t PrefixCache<Set>::largestSubsetPosition(const Set& set) const
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

template <typename Set>
typename PrefixCache<Set>::Found PrefixCache<Set>::findLargestSubset(const Set& set)
{
    const std::size_t best = largestSubsetPosition(set);
    if (best == m_entries.size())
        return {};
    m_entries[best].lastUse = ++m_clock;
    return Found{m_entries[best].set, m_entries[best].index};
}

template <typename Set>
Set PrefixCache<Set>::largestSubset(const Set& set) const
{
    const std::size_t best = largestSubsetPosition(set);
    return best == m_entries.size() ? Set{} : m_entries[best].set;
}

template <typename Set>
void PrefixCache<Set>::insert(const Set& set, std::shared_ptr<PositionListIndex> index)
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

template <typename Set>
PartitionStorage PrefixCache<Set>::takeSpare(const std::function<bool(const Set&)>& stillWanted)
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

#define QISCOUT_INSTANTIATE(Set) template class PrefixCache<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
