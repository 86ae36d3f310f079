// SPDX-License-Identifier: GPL-3.0-or-later
// Dictionary encoding of one column: text -> dense code in first-appearance order.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// 64-bit hash of a string, mixed well enough that the low bits index a table.
[[nodiscard]] std::uint64_t hashText(std::string_view text);

/// Fills one EncodedColumn's codes, dictionary, frequencies and missing flags.
// Thread: one encoder per column, used by one task at a time; columns run in parallel.
class ColumnEncoder {
public:
    /// `column` and `missingTokens` must outlive the encoder.
    ColumnEncoder(EncodedColumn& column, const std::vector<std::string>& missingTokens);

    /// Appends the code of `text` to the column, adding it to the dictionary on first sight.
    void append(std::string_view text)
    {
        const std::uint32_t code = codeOf(text);
        ++m_column->frequencies[code];
        m_column->codes.push_back(code);
    }

    /// append() for a cell its source may mark missing on top of the missing tokens (an SPSS
    /// user-missing value, a Stata missing code, SQL NULL). A value marked once stays missing.
    void append(std::string_view text, bool missing)
    {
        const std::uint32_t code = codeOf(text);
        if (missing)
            m_column->missing[code] = true;
        ++m_column->frequencies[code];
        m_column->codes.push_back(code);
    }

private:
    // Open addressing with linear probing. Values of up to 8 bytes are stored packed in the slot
    // and compared without touching the dictionary; longer ones keep their 64-bit hash and are
    // confirmed against the dictionary, so the table never points into the file.
    struct Slot {
        std::uint64_t key = 0;
        /// code + 1; 0 marks an empty slot.
        std::uint32_t codePlusOne = 0;
        std::uint32_t length = 0;
    };

    static constexpr std::size_t maxPackedLength = 8;

    /// An injective packing of up to 8 bytes (given the length) into 64 bits.
    static std::uint64_t pack(const char* p, std::size_t n)
    {
        if (n >= 4) {
            std::uint32_t low = 0;
            std::uint32_t high = 0;
            std::memcpy(&low, p, sizeof low);
            std::memcpy(&high, p + n - 4, sizeof high);
            return low | (static_cast<std::uint64_t>(high) << 32);
        }
        if (n == 0)
            return 0;
        const auto byte = [p](std::size_t i) { return static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])); };
        return byte(0) | (byte(n / 2) << 8) | (byte(n - 1) << 16);
    }

    static std::uint64_t packedHash(std::uint64_t key, std::size_t length)
    {
        std::uint64_t h = (key ^ (length * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
        h *= 0x94D049BB133111EBull;
        return h ^ (h >> 29);
    }

    std::uint32_t codeOf(std::string_view text)
    {
        // Short values, the common case, take a path small enough to be inlined into the caller's
        // loop; the call alone cost a fifth of the encoding's instructions.
        const std::size_t length = text.size();
        if (length > maxPackedLength)
            return codeOfLong(text);
        const std::uint64_t key = pack(text.data(), length);
        std::size_t slot = packedHash(key, length) & m_mask;
        for (;;) {
            const Slot& entry = m_slots[slot];
            if (entry.codePlusOne == 0)
                return insert(text, key, slot);
            if (entry.key == key && entry.length == length)
                return entry.codePlusOne - 1;
            slot = (slot + 1) & m_mask;
        }
    }

    std::uint32_t codeOfLong(std::string_view text);
    std::uint32_t insert(std::string_view text, std::uint64_t key, std::size_t slot);
    void grow();

    EncodedColumn* m_column;
    const std::vector<std::string>* m_missingTokens;
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
};

} // namespace qiscout::core
