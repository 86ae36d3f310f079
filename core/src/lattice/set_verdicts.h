// SPDX-License-Identifier: GPL-3.0-or-later
// The border search's verdicts (safe or vulnerable) of the column sets it has settled, in one
// flat open-addressing table.
//
// Why not std::unordered_map: the grower asks whether any of up to hundreds of thousands of
// subsets has a vulnerable verdict, almost always in vain. A node-based map follows a bucket
// pointer to a node per probe (a cache miss each) and compares whole sets; here a miss is
// usually settled by the slot's byte in a tag array (one byte per slot, where a slot holds 8 to
// 64), and sets are compared only when their 6-bit tags agree. The tag also holds the verdict,
// so that asking whether a set is known vulnerable never reads a safe set's slot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace qiscout::core {

/// A map from column sets to a verdict, insert and look up only.
/// Set: ColumnSet or a FixedColumnSet (anything with hash() and ==, default-constructible).
/// Thread: not thread-safe; the border search reads and writes it on its calling thread.
template <typename Set>
class SetVerdicts {
public:
    enum class Verdict : std::uint8_t { Unknown, Safe, Vulnerable };

    [[nodiscard]] std::size_t size() const { return m_size; }

    [[nodiscard]] Verdict find(const Set& set) const
    {
        if (m_size == 0)
            return Verdict::Unknown;
        const std::uint64_t mixed = mix(set.hash());
        const std::uint8_t tag = tagOf(mixed);
        for (std::size_t slot = mixed >> m_shift;; slot = (slot + 1) & m_mask) {
            const std::uint8_t seen = m_tags[slot];
            if (seen == empty)
                return Verdict::Unknown;
            if ((seen & ~vulnerableBit) == tag && m_slots[slot] == set)
                return (seen & vulnerableBit) != 0 ? Verdict::Vulnerable : Verdict::Safe;
        }
    }

    /// find(set) == Verdict::Vulnerable, without comparing `set` with any safe set.
    [[nodiscard]] bool knownVulnerable(const Set& set) const
    {
        if (m_size == 0)
            return false;
        const std::uint64_t mixed = mix(set.hash());
        const auto tag = static_cast<std::uint8_t>(tagOf(mixed) | vulnerableBit);
        for (std::size_t slot = mixed >> m_shift;; slot = (slot + 1) & m_mask) {
            const std::uint8_t seen = m_tags[slot];
            if (seen == empty)
                return false;
            if (seen == tag && m_slots[slot] == set)
                return true;
        }
    }

    [[nodiscard]] bool contains(const Set& set) const { return find(set) != Verdict::Unknown; }

    /// Records the verdict of `set` and returns true, unless `set` has one already: then keeps
    /// it and returns false.
    bool insert(const Set& set, bool vulnerable)
    {
        // At most three quarters full: linear probes stay a few bytes of the tag array long.
        if ((m_size + 1) * 4 > m_tags.size() * 3)
            grow();
        const std::uint64_t mixed = mix(set.hash());
        const std::uint8_t tag = tagOf(mixed);
        std::size_t slot = mixed >> m_shift;
        for (;; slot = (slot + 1) & m_mask) {
            const std::uint8_t seen = m_tags[slot];
            if (seen == empty)
                break;
            if ((seen & ~vulnerableBit) == tag && m_slots[slot] == set)
                return false;
        }
        m_tags[slot] = vulnerable ? static_cast<std::uint8_t>(tag | vulnerableBit) : tag;
        m_slots[slot] = set;
        ++m_size;
        return true;
    }

private:
    static constexpr std::uint8_t empty = 0;
    static constexpr std::uint8_t occupied = 0x80;
    static constexpr std::uint8_t vulnerableBit = 0x40;

    /// Column set hashes of one word are the word itself: murmur3's finaliser spreads every
    /// column into the top bits (the slot) and the low bits (the tag).
    static std::uint64_t mix(std::size_t hash)
    {
        std::uint64_t value = hash;
        value ^= value >> 33U;
        value *= 0xFF51AFD7ED558CCDULL;
        value ^= value >> 33U;
        value *= 0xC4CEB9FE1A85EC53ULL;
        value ^= value >> 33U;
        return value;
    }
    /// Without the verdict bit.
    static std::uint8_t tagOf(std::uint64_t mixed) { return static_cast<std::uint8_t>(occupied | (mixed & 0x3FU)); }

    void grow()
    {
        const std::size_t capacity = m_tags.empty() ? 64 : m_tags.size() * 2;
        std::vector<std::uint8_t> tags(capacity, empty);
        std::vector<Set> slots(capacity);
        std::swap(tags, m_tags);
        std::swap(slots, m_slots);
        m_mask = capacity - 1;
        m_shift = 64;
        for (std::size_t bits = capacity; bits > 1; bits >>= 1U)
            --m_shift;
        for (std::size_t old = 0; old < tags.size(); ++old) {
            if (tags[old] == empty)
                continue;
            std::size_t slot = mix(slots[old].hash()) >> m_shift;
            while (m_tags[slot] != empty)
                slot = (slot + 1) & m_mask;
            m_tags[slot] = tags[old];
            m_slots[slot] = std::move(slots[old]);
        }
    }

    /// Slot -> empty, or occupied | vulnerableBit if so | the low 6 bits of its set's mixed hash.
    std::vector<std::uint8_t> m_tags;
    std::vector<Set> m_slots;
    std::size_t m_mask = 0;
    /// The slot of a mixed hash is its top bits: capacity = 2^(64 - m_shift).
    unsigned m_shift = 64;
    std::size_t m_size = 0;
};

} // namespace qiscout::core
