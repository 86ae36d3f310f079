// SPDX-License-Identifier: GPL-3.0-or-later
// Recently built partitions, kept within a memory budget so that a level's sets can share them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "qiscout/core/lattice/column_set.h"

#include "partition/position_list_index.h"

namespace qiscout::core {

/// A least-recently-used cache of partitions keyed by column set. Sets of one level that share a
/// prefix are generated together, so a handful of entries serves a whole level; evicting an entry
/// only costs a rebuild from a shorter cached prefix.
/// Set is ColumnSet or a FixedColumnSet.
/// Thread: used under the coordinator's lock.
template <typename Set>
class PrefixCache {
public:
    explicit PrefixCache(std::size_t budgetBytes) : m_budgetBytes(budgetBytes) {}

    /// The cached partition of exactly `set`, or null.
    [[nodiscard]] std::shared_ptr<const PositionListIndex> find(const Set& set);
    /// Whether `set`'s partition is cached, without counting as a use.
    [[nodiscard]] bool contains(const Set& set) const;

    struct Found {
        Set set;
        std::shared_ptr<const PositionListIndex> index;
    };
    /// The cached partition of the largest subset of `set` (the most recently used among equals);
    /// an empty set and null when no subset is cached.
    [[nodiscard]] Found findLargestSubset(const Set& set);
    /// Which subset findLargestSubset would return, without counting as a use.
    [[nodiscard]] Set largestSubset(const Set& set) const;

    /// Keeps `index` as the partition of `set`, evicting the least recently used entries beyond
    /// the budget (never the newest one).
    void insert(const Set& set, std::shared_ptr<PositionListIndex> index);

    /// Buffers for the next build, from a partition nobody else holds: the least recently used
    /// one that `stillWanted` turns down, or, once the cache is full, the least recently used one,
    /// which that build's insert would evict anyway. Empty buffers when there is no such partition.
    [[nodiscard]] PartitionStorage takeSpare(const std::function<bool(const Set&)>& stillWanted = {});

private:
    struct Entry {
        Set set;
        /// Mutable so that the buffers can be taken back once no reader is left.
        std::shared_ptr<PositionListIndex> index;
        std::uint64_t lastUse = 0;
    };

    /// Position in m_entries of what findLargestSubset returns; m_entries.size() when none.
    [[nodiscard]] std::size_t largestSubsetPosition(const Set& set) const;
    [[nodiscard]] std::size_t positionOf(const Set& set) const;
    /// Drops the entry, moving the last one into its place (entries are chosen by lastUse, never
    /// by position).
    void erase(std::size_t position);

    std::size_t m_budgetBytes;
    std::size_t m_bytes = 0;
    std::uint64_t m_clock = 0;
    std::vector<Entry> m_entries;
    // FPVI asks whether hundreds of prefixes are cached at every build, among up to a thousand
    // partitions of a wide table, which a pass over the entries answered once per prefix.
    std::unordered_map<Set, std::size_t, ColumnSetHash> m_positions;
};

} // namespace qiscout::core
