// SPDX-License-Identifier: GPL-3.0-or-later
// Groups of rows under one transformation and the hash aggregation that builds them: the
// "groupify" operator of the ARX note, and the compact snapshots the search keeps (a key and a
// row count per group, 12-16 bytes for a one-word key).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "anonymization/group_key.h"

namespace qiscout::core {

/// Groups described by blocks of key fields (see group_combinations.h); empty when not described.
template <int W>
struct GroupCombinations {
    /// Block b holds the key fields [blockEnd[b - 1], blockEnd[b]) (from 0), quasi-identifiers
    /// first, then sensitive columns.
    std::vector<std::uint32_t> blockEnd;
    /// Block b's combinations are combos[blockStart[b] .. blockStart[b + 1]).
    std::vector<std::uint32_t> blockStart;
    /// Every block's distinct combinations, as keys with only the block's fields set.
    std::vector<GroupKey<W>> combos;
    /// Per group, its combination (an index into combos) in each block: ofGroup[group * blocks + b].
    std::vector<std::uint32_t> ofGroup;

    [[nodiscard]] bool empty() const { return blockEnd.empty(); }
    [[nodiscard]] std::size_t blocks() const { return blockEnd.size(); }
    void clear()
    {
        blockEnd.clear();
        blockStart.clear();
        combos.clear();
        ofGroup.clear();
    }
};

/// The groups of rows sharing a key, in order of first insertion. Every group holds at least one
/// row: groups are built from rows and rolled up by summing them (a research subset's flag is part
/// of the key, so its population-only classes are groups of rows too).
template <int W>
struct RowGroups {
    std::vector<GroupKey<W>> keys;
    std::vector<std::uint32_t> rows;
    GroupCombinations<W> combinations;

    [[nodiscard]] std::size_t size() const { return keys.size(); }
    void clear()
    {
        keys.clear();
        rows.clear();
        combinations.clear();
    }
};

/// Open-addressing hash table (linear probing) that sums row counts per key into a RowGroups.
/// Reused from check to check: reset() only clears the slots it needs.
/// Thread: one per worker.
template <int W>
class GroupAggregator {
public:
    /// Prepares for at most `expectedKeys` distinct keys, writing into `target` (cleared).
    void reset(std::size_t expectedKeys, RowGroups<W>& target)
    {
        const std::size_t wanted = std::bit_ceil(std::max<std::size_t>(16, expectedKeys * 2));
        if (m_slots.size() < wanted)
            m_slots.assign(wanted, emptySlot);
        else
            std::fill(m_slots.begin(), m_slots.begin() + static_cast<std::ptrdiff_t>(wanted), emptySlot);
        m_mask = wanted - 1;
        m_shift = 64 - std::countr_zero(wanted);
        m_target = &target;
        target.clear();
        target.keys.reserve(expectedKeys);
        target.rows.reserve(expectedKeys);
    }

    /// Adds rows to the key's group; returns the group's index in the target.
    std::uint32_t add(const GroupKey<W>& key, std::uint32_t rows)
    {
        // The hash's high bits index the table (Fibonacci-style), the low bits are left alone.
        std::size_t slot = static_cast<std::size_t>(key.hash() >> m_shift) & m_mask;
        for (;;) {
            const std::uint32_t index = m_slots[slot];
            if (index == emptySlot) {
                m_slots[slot] = static_cast<std::uint32_t>(m_target->keys.size());
                m_target->keys.push_back(key);
                m_target->rows.push_back(rows);
                return m_slots[slot];
            }
            if (m_target->keys[index] == key) {
                m_target->rows[index] += rows;
                return index;
            }
            slot = (slot + 1) & m_mask;
        }
    }

private:
    static constexpr std::uint32_t emptySlot = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> m_slots;
    std::size_t m_mask = 0;
    int m_shift = 0;
    RowGroups<W>* m_target = nullptr;
};

/// Sums row counts per group when the caller can number the groups densely (the mixed radix of the
/// codes' ranges): no hashing and no key comparison, for transformations whose groups can only be
/// few. Reused from check to check without clearing: a slot is valid only with the current
/// generation. Thread: one per worker.
template <int W>
class DenseGroupAggregator {
public:
    /// Prepares for group numbers below `indexes`, writing into `target` (cleared).
    void reset(std::size_t indexes, std::size_t expectedKeys, RowGroups<W>& target)
    {
        if (m_slots.size() < indexes)
            m_slots.resize(indexes, 0);
        if (++m_generation == 0) {
            std::fill(m_slots.begin(), m_slots.end(), 0);
            m_generation = 1;
        }
        m_target = &target;
        target.clear();
        target.keys.reserve(expectedKeys);
        target.rows.reserve(expectedKeys);
    }

    /// Adds rows to group number `index`, whose key is `key`.
    void add(std::size_t index, const GroupKey<W>& key, std::uint32_t rows)
    {
        add(index, rows, [&] { return key; });
    }

    /// Adds rows to group number `index`; `makeKey()` gives its key when the group is new.
    /// Returns whether it was.
    template <typename MakeKey>
    bool add(std::size_t index, std::uint32_t rows, const MakeKey& makeKey)
    {
        std::uint64_t& slot = m_slots[index];
        if (slot >> 32 == m_generation) {
            m_target->rows[static_cast<std::uint32_t>(slot)] += rows;
            return false;
        }
        slot = (std::uint64_t{m_generation} << 32) | m_target->keys.size();
        m_target->keys.push_back(makeKey());
        m_target->rows.push_back(rows);
        return true;
    }

private:
    /// generation << 32 | index into the target.
    std::vector<std::uint64_t> m_slots;
    std::uint32_t m_generation = 0;
    RowGroups<W>* m_target = nullptr;
};

} // namespace qiscout::core
