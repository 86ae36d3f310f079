// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_cache.h"

#include <array>
#include <cstdint>
#include <span>

#include "lattice/fixed_column_set.h"
#include "lattice/subset_walk.h"

namespace qiscout::core {

template <typename Set>
std::size_t PrefixCache<Set>::positionOf(const Set& set) const
{
    const auto found = m_positions.find(set);
    return found == m_positions.end() ? m_entries.size() : found->second;
}

template <typename Set>
void PrefixCache<Set>::erase(std::size_t position)
{
    m_positions.erase(m_entries[position].set);
    if (position + 1 != m_entries.size()) {
        m_entries[position] = std::move(m_entries.back());
        m_positions[m_entries[position].set] = position;
    }
    m_entries.pop_back();
}

template <typename Set>
std::shared_ptr<const PositionListIndex> PrefixCache<Set>::find(const Set& set)
{
    const std::size_t position = positionOf(set);
    if (position == m_entries.size())
        return nullptr;
    m_entries[position].lastUse = ++m_clock;
    return m_entries[position].index;
}

template <typename Set>
bool PrefixCache<Set>::contains(const Set& set) const
{
    return m_positions.contains(set);
}

template <typename Set>
std::size_t PrefixCache<Set>::largestSubsetPosition(const Set& set) const
{
    std::size_t best = m_entries.size();
    int bestSize = 0;
    const auto consider = [&](std::size_t position, int size) {
        if (best == m_entries.size() || size > bestSize ||
            (size == bestSize && m_entries[position].lastUse > m_entries[best].lastUse)) {
            best = position;
            bestSize = size;
        }
    };
    const int size = set.size();
    // A set of a few columns has fewer subsets than the cache has entries: look each one up.
    if (size < 31 && (std::size_t{1} << static_cast<unsigned>(size)) <= m_entries.size()) {
        std::array<int, 31> columns{};
        std::size_t count = 0;
        set.forEach([&](int column) { columns[count++] = column; });
        anySubsetInGrayOrder<Set>(std::span<const int>(columns.data(), count),
                                  [&](const Set& subset, int subsetSize, int, bool) {
                                      const std::size_t position = positionOf(subset);
                                      if (position != m_entries.size())
                                          consider(position, subsetSize);
                                      return false;
                                  });
        return best;
    }
    for (std::size_t position = 0; position < m_entries.size(); ++position) {
        if (m_entries[position].set.isSubsetOf(set))
            consider(position, m_entries[position].set.size());
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
    m_positions.emplace(set, m_entries.size());
    m_entries.push_back(Entry{set, std::move(index), ++m_clock});
    while (m_bytes > m_budgetBytes && m_entries.size() > 1) {
        // Never the newest: the entry just inserted.
        std::size_t oldest = m_entries.size();
        for (std::size_t position = 0; position < m_entries.size(); ++position) {
            if (!(m_entries[position].set == set) &&
                (oldest == m_entries.size() || m_entries[position].lastUse < m_entries[oldest].lastUse))
                oldest = position;
        }
        m_bytes -= m_entries[oldest].index->bytes();
        erase(oldest);
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
    erase(static_cast<std::size_t>(taken - m_entries.data()));
    return storage;
}

#define QISCOUT_INSTANTIATE(Set) template class PrefixCache<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
