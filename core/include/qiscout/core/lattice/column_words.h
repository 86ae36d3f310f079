// SPDX-License-Identifier: GPL-3.0-or-later
// Set operations on column bitmaps stored as 64-column words, lowest columns first. Shared by the
// public ColumnSet and the engines' fixed-width sets, so that both order and hash alike.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace qiscout::core::column_words {

/// Columns per word.
inline constexpr int bitsPerWord = 64;

/// Word i of `words`, 0 beyond its end.
[[nodiscard]] constexpr std::uint64_t at(std::span<const std::uint64_t> words, std::size_t index)
{
    return index < words.size() ? words[index] : 0;
}

/// Number of columns set.
[[nodiscard]] constexpr int count(std::span<const std::uint64_t> words)
{
    int total = 0;
    for (const std::uint64_t word : words)
        total += std::popcount(word);
    return total;
}

/// sizeThenLexLess for two sets known to be of the same size, which it does not count: a sort of
/// one lattice level's sets spares a population count per word (a libgcc call on baseline x86-64).
[[nodiscard]] constexpr bool sameSizeLexLess(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b)
{
    const std::size_t words = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < words; ++i) {
        const std::uint64_t difference = at(a, i) ^ at(b, i);
        if (difference != 0)
            return (at(a, i) & difference & (~difference + 1)) != 0;
    }
    return false;
}

/// Size first, then lexicographic on ascending positions: the first differing position decides,
/// and the set holding the lower column there comes first ({0,1} < {0,2} < {1,2}).
[[nodiscard]] constexpr bool sizeThenLexLess(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b)
{
    const int sizeA = count(a);
    const int sizeB = count(b);
    if (sizeA != sizeB)
        return sizeA < sizeB;
    return sameSizeLexLess(a, b);
}

/// A hash that ignores trailing zero words, so that equal sets hash alike in any width. For sets
/// within one word it is that word (what std::hash gives a 64-bit mask).
[[nodiscard]] constexpr std::size_t hash(std::span<const std::uint64_t> words)
{
    std::size_t used = words.size();
    while (used > 0 && words[used - 1] == 0)
        --used;
    if (used <= 1)
        return used == 0 ? 0 : static_cast<std::size_t>(words[0]);
    std::uint64_t state = 0;
    for (std::size_t i = 0; i < used; ++i) {
        // splitmix64's finaliser mixes every word into every bit of the result.
        std::uint64_t z = state + words[i] + 0x9E3779B97F4A7C15ULL * (i + 1);
        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
        state = z ^ (z >> 31U);
    }
    return static_cast<std::size_t>(state);
}

/// Calls visit(column) for every column set, ascending.
template <typename Visit>
constexpr void forEach(std::span<const std::uint64_t> words, Visit&& visit)
{
    for (std::size_t i = 0; i < words.size(); ++i) {
        for (std::uint64_t rest = words[i]; rest != 0; rest &= rest - 1)
            visit(static_cast<int>(i) * bitsPerWord + std::countr_zero(rest));
    }
}

} // namespace qiscout::core::column_words
