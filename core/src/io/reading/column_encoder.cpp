// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/column_encoder.h"

#include <algorithm>

namespace qiscout::core {
namespace {

constexpr std::size_t initialSlots = 64;

std::uint64_t mix(std::uint64_t value)
{
    value ^= value >> 32;
    value *= 0xD6E8FEB86659FD93ull;
    value ^= value >> 32;
    value *= 0xD6E8FEB86659FD93ull;
    value ^= value >> 32;
    return value;
}

/// Whether `stored` holds `text`, given that both have the same length, of more than 8 bytes.
bool sameText(const std::string& stored, std::string_view text)
{
    const std::size_t n = text.size();
    if (n > 16)
        return std::memcmp(stored.data(), text.data(), n) == 0;
    // Up to 16 bytes: the first and the last 8, which overlap, with no call to memcmp.
    std::uint64_t a[2];
    std::uint64_t b[2];
    std::memcpy(&a[0], stored.data(), 8);
    std::memcpy(&a[1], stored.data() + n - 8, 8);
    std::memcpy(&b[0], text.data(), 8);
    std::memcpy(&b[1], text.data() + n - 8, 8);
    return ((a[0] ^ b[0]) | (a[1] ^ b[1])) == 0;
}

} // namespace

std::uint64_t hashText(std::string_view text)
{
    std::uint64_t hash = 0x9E3779B97F4A7C15ull ^ text.size();
    const char* p = text.data();
    std::size_t n = text.size();
    while (n > 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, p, sizeof word);
        hash = (hash ^ word) * 0xBF58476D1CE4E5B9ull;
        hash ^= hash >> 29;
        p += 8;
        n -= 8;
    }
    std::uint64_t tail = 0;
    if (text.size() >= 8) {
        // The last 8 bytes in one load, overlapping bytes already hashed, rather than byte by byte.
        std::memcpy(&tail, text.data() + text.size() - 8, sizeof tail);
    } else {
        for (std::size_t i = 0; i < n; ++i)
            tail |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    }
    return mix(hash ^ tail);
}

ColumnEncoder::ColumnEncoder(EncodedColumn& column, const std::vector<std::string>& missingTokens)
    : m_column(&column)
    , m_missingTokens(&missingTokens)
    , m_slots(initialSlots)
    , m_mask(initialSlots - 1)
{}

std::uint32_t ColumnEncoder::codeOfLong(std::string_view text)
{
    const std::uint64_t key = hashText(text);
    std::size_t slot = key & m_mask;
    for (;;) {
        const Slot& entry = m_slots[slot];
        if (entry.codePlusOne == 0)
            return insert(text, key, slot);
        if (entry.key == key && entry.length == text.size() &&
            sameText(m_column->dictionary[entry.codePlusOne - 1], text))
            return entry.codePlusOne - 1;
        slot = (slot + 1) & m_mask;
    }
}

std::uint32_t ColumnEncoder::insert(std::string_view text, std::uint64_t key, std::size_t slot)
{
    const auto code = static_cast<std::uint32_t>(m_column->dictionary.size());
    m_column->dictionary.emplace_back(text);
    m_column->frequencies.push_back(0);
    m_column->missing.push_back(std::find(m_missingTokens->begin(), m_missingTokens->end(), text) !=
                                m_missingTokens->end());
    m_slots[slot] = Slot{key, code + 1, static_cast<std::uint32_t>(text.size())};
    // Load factor at most 1/2 keeps probe runs short.
    if (2 * m_column->dictionary.size() > m_slots.size())
        grow();
    return code;
}

void ColumnEncoder::grow()
{
    std::vector<Slot> old(2 * m_slots.size());
    old.swap(m_slots);
    m_mask = m_slots.size() - 1;
    for (const Slot& entry : old) {
        if (entry.codePlusOne == 0)
            continue;
        const bool packed = entry.length <= maxPackedLength;
        std::size_t slot = (packed ? packedHash(entry.key, entry.length) : entry.key) & m_mask;
        while (m_slots[slot].codePlusOne != 0)
            slot = (slot + 1) & m_mask;
        m_slots[slot] = entry;
    }
}

} // namespace qiscout::core
