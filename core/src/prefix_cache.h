// SPDX-License-Identifier: GPL-3.0-or-later
// Recently built partitions, kept within a memory budget so that a level's sets can share them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "qiscout/core/column_set.h"

#include "position_list_index.h"

namespace qiscout::core {

/// A least-recently-used cache of partitions keyed by column set. Sets of one level that share a
/// prefix are generated together, so a handful of entries serves a whole level; evicting an entry
/// only costs a rebuild from a shorter cached prefix.
/// Thread: used under the coordinator's lock.
class PrefixCache {
public:
    explicit PrefixCache(std::size_t budgetBytes) : m_budgetBytes(budgetBytes) {}

    /// The cached partition of exactly `set`, or null.
    [[nodiscard]] std::shared_ptr<const PositionListIndex> find(ColumnSet set);

    /// Keeps `index` as the partition of `set`, evicting the least recently used entries beyond
    /// the budget (never the newest one).
    void insert(ColumnSet set, std::shared_ptr<const PositionListIndex> index);

private:
    struct Entry {
        ColumnSet set;
        std::shared_ptr<const PositionListIndex> index;
        std::uint64_t lastUse = 0;
    };

    std::size_t m_budgetBytes;
    std::size_t m_bytes = 0;
    std::uint64_t m_clock = 0;
    std::vector<Entry> m_entries;
};

/// The set made of the `count` lowest columns of `set`.
[[nodiscard]] ColumnSet lowestColumns(ColumnSet set, int count);

} // namespace qiscout::core
