// SPDX-License-Identifier: GPL-3.0-or-later
// The key of a group of rows: the generalised code of every quasi-identifier and the code of every
// sensitive column, packed as bit fields into W 64-bit words (the search picks the smallest W the
// table needs, so narrow tables hash one word).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace qiscout::core {

/// Where one code lives inside a key. Fields never straddle a word.
struct KeyField {
    std::uint8_t word = 0;
    std::uint8_t shift = 0;
    std::uint64_t mask = 0;
};

template <int W>
struct GroupKey {
    std::array<std::uint64_t, static_cast<std::size_t>(W)> words{};

    [[nodiscard]] std::uint32_t get(const KeyField& field) const
    {
        return static_cast<std::uint32_t>((words[std::size_t{field.word}] >> field.shift) & field.mask);
    }
    void set(const KeyField& field, std::uint32_t code)
    {
        std::uint64_t& word = words[std::size_t{field.word}];
        word = (word & ~(field.mask << field.shift)) | (static_cast<std::uint64_t>(code) << field.shift);
    }
    /// Sets a field of a key whose field is still zero.
    void add(const KeyField& field, std::uint32_t code)
    {
        words[std::size_t{field.word}] |= static_cast<std::uint64_t>(code) << field.shift;
    }
    /// The key with only the bits of `mask` kept (the quasi-identifier part of a key).
    [[nodiscard]] GroupKey masked(const GroupKey& mask) const
    {
        GroupKey result;
        for (int i = 0; i < W; ++i)
            result.words[static_cast<std::size_t>(i)] =
                words[static_cast<std::size_t>(i)] & mask.words[static_cast<std::size_t>(i)];
        return result;
    }
    [[nodiscard]] std::uint64_t hash() const
    {
        // Multiply-fold per word, then a final avalanche so that the high bits the table indexes
        // with depend on every field.
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        for (const std::uint64_t word : words) {
            h ^= word;
            h *= 0xBF58476D1CE4E5B9ULL;
            h ^= h >> 31;
        }
        h *= 0x94D049BB133111EBULL;
        return h ^ (h >> 29);
    }

    /// Word by word: the defaulted comparison of the array calls memcmp, 6 % of a search's time
    /// on adult (k = 2, 2 % suppression) for keys of one word.
    friend bool operator==(const GroupKey& a, const GroupKey& b)
    {
        for (std::size_t i = 0; i < static_cast<std::size_t>(W); ++i)
            if (a.words[i] != b.words[i])
                return false;
        return true;
    }
};

/// Bits a code below `count` needs (at least 1).
[[nodiscard]] inline std::uint8_t bitsFor(std::uint32_t count)
{
    return static_cast<std::uint8_t>(std::max(1, static_cast<int>(std::bit_width(count > 0 ? count - 1 : 0U))));
}

/// Packs fields of the given widths into words, in order, never straddling a word boundary.
/// Returns the fields and the number of words used.
[[nodiscard]] inline std::pair<std::vector<KeyField>, int> layoutFields(const std::vector<std::uint8_t>& widths)
{
    std::vector<KeyField> fields;
    int word = 0;
    int used = 0;
    for (const std::uint8_t width : widths) {
        if (used + width > 64) {
            ++word;
            used = 0;
        }
        KeyField field;
        field.word = static_cast<std::uint8_t>(word);
        field.shift = static_cast<std::uint8_t>(used);
        field.mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
        fields.push_back(field);
        used += width;
    }
    return {fields, widths.empty() ? 1 : word + 1};
}

/// The largest key width the search supports: 64 quasi-identifiers of 32-bit codes, or fewer with
/// sensitive columns.
inline constexpr int maxKeyWords = 32;

/// Calls function(std::integral_constant<int, W>{}) with the smallest instantiated W >= words
/// (1, 2, 4, 8 or maxKeyWords), so that narrow tables run on one-word keys.
template <typename Function>
decltype(auto) withKeyWords(int words, Function&& function)
{
    if (words <= 1)
        return function(std::integral_constant<int, 1>{});
    if (words <= 2)
        return function(std::integral_constant<int, 2>{});
    if (words <= 4)
        return function(std::integral_constant<int, 4>{});
    if (words <= 8)
        return function(std::integral_constant<int, 8>{});
    return function(std::integral_constant<int, maxKeyWords>{});
}

} // namespace qiscout::core
