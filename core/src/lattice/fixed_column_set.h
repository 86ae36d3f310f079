// SPDX-License-Identifier: GPL-3.0-or-later
// The column sets engines search with: a fixed number of words chosen once per search from the
// table's width, so that a narrow table keeps one 64-bit word per set (the fast path every
// benchmark before wide tables measured) and a wide one never allocates per set.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/column_words.h"

namespace qiscout::core {

/// A set of the columns 0..64*Words-1 as a fixed array of words. Same operations as ColumnSet.
/// Value type, trivially copyable.
template <std::size_t Words>
class FixedColumnSet {
public:
    /// Columns 0..capacity-1 fit.
    static constexpr int capacity = static_cast<int>(Words) * column_words::bitsPerWord;

    constexpr FixedColumnSet() = default;

    [[nodiscard]] static constexpr FixedColumnSet single(int column) { return FixedColumnSet{}.with(column); }
    /// From 64-column words, lowest first; words beyond Words must be zero (or absent).
    [[nodiscard]] static constexpr FixedColumnSet fromWords(std::span<const std::uint64_t> words)
    {
        FixedColumnSet result;
        for (std::size_t i = 0; i < std::min(Words, words.size()); ++i)
            result.m_words[i] = words[i];
        return result;
    }
    /// The columns of `set`, whose last column must be below capacity.
    [[nodiscard]] static FixedColumnSet fromColumnSet(const ColumnSet& set) { return fromWords(set.words()); }
    [[nodiscard]] ColumnSet toColumnSet() const { return ColumnSet::fromWords(m_words); }

    [[nodiscard]] std::span<const std::uint64_t> words() const { return m_words; }

    [[nodiscard]] constexpr int size() const
    {
        if constexpr (Words == 1)
            return std::popcount(m_words[0]);
        else
            return column_words::count(m_words);
    }
    [[nodiscard]] constexpr bool empty() const
    {
        for (const std::uint64_t word : m_words)
            if (word != 0)
                return false;
        return true;
    }
    [[nodiscard]] constexpr bool contains(int column) const { return (m_words[wordOf(column)] & bitOf(column)) != 0; }
    [[nodiscard]] constexpr bool isSubsetOf(const FixedColumnSet& other) const
    {
        for (std::size_t i = 0; i < Words; ++i)
            if ((m_words[i] & ~other.m_words[i]) != 0)
                return false;
        return true;
    }
    [[nodiscard]] constexpr bool isSupersetOf(const FixedColumnSet& other) const { return other.isSubsetOf(*this); }
    [[nodiscard]] constexpr bool intersects(const FixedColumnSet& other) const
    {
        for (std::size_t i = 0; i < Words; ++i)
            if ((m_words[i] & other.m_words[i]) != 0)
                return true;
        return false;
    }
    [[nodiscard]] constexpr FixedColumnSet with(int column) const
    {
        FixedColumnSet set = *this;
        set.m_words[wordOf(column)] |= bitOf(column);
        return set;
    }
    [[nodiscard]] constexpr FixedColumnSet without(int column) const
    {
        FixedColumnSet set = *this;
        set.m_words[wordOf(column)] &= ~bitOf(column);
        return set;
    }
    [[nodiscard]] constexpr FixedColumnSet united(const FixedColumnSet& other) const
    {
        FixedColumnSet set;
        for (std::size_t i = 0; i < Words; ++i)
            set.m_words[i] = m_words[i] | other.m_words[i];
        return set;
    }
    [[nodiscard]] constexpr FixedColumnSet intersected(const FixedColumnSet& other) const
    {
        FixedColumnSet set;
        for (std::size_t i = 0; i < Words; ++i)
            set.m_words[i] = m_words[i] & other.m_words[i];
        return set;
    }
    [[nodiscard]] constexpr FixedColumnSet minus(const FixedColumnSet& other) const
    {
        FixedColumnSet set;
        for (std::size_t i = 0; i < Words; ++i)
            set.m_words[i] = m_words[i] & ~other.m_words[i];
        return set;
    }
    /// Lowest column in the set; the set must not be empty.
    [[nodiscard]] constexpr int first() const
    {
        std::size_t i = 0;
        while (m_words[i] == 0)
            ++i;
        return static_cast<int>(i) * column_words::bitsPerWord + std::countr_zero(m_words[i]);
    }
    /// Highest column in the set; the set must not be empty.
    [[nodiscard]] constexpr int last() const
    {
        std::size_t i = Words - 1;
        while (m_words[i] == 0)
            --i;
        return static_cast<int>(i + 1) * column_words::bitsPerWord - 1 - std::countl_zero(m_words[i]);
    }

    [[nodiscard]] std::vector<int> columns() const
    {
        std::vector<int> result;
        result.reserve(static_cast<std::size_t>(size()));
        forEach([&result](int column) { result.push_back(column); });
        return result;
    }
    template <typename Visit>
    constexpr void forEach(Visit&& visit) const
    {
        column_words::forEach(m_words, visit);
    }

    [[nodiscard]] std::size_t hash() const { return column_words::hash(m_words); }

    // Not defaulted: the default compares the word arrays through a call to memcmp, which showed
    // in the border search's profile for its hash lookups.
    friend constexpr bool operator==(const FixedColumnSet& a, const FixedColumnSet& b)
    {
        std::uint64_t differ = 0;
        for (std::size_t i = 0; i < Words; ++i)
            differ |= a.m_words[i] ^ b.m_words[i];
        return differ == 0;
    }

private:
    static constexpr std::size_t wordOf(int column)
    {
        if constexpr (Words == 1)
            return 0;
        else
            return static_cast<std::size_t>(column) / column_words::bitsPerWord;
    }
    static constexpr std::uint64_t bitOf(int column)
    {
        return std::uint64_t{1} << (static_cast<unsigned>(column) % column_words::bitsPerWord);
    }

    std::array<std::uint64_t, Words> m_words{};
};

/// The canonical order (size, then lexicographic) for ColumnSet and every FixedColumnSet.
struct SizeThenLex {
    template <typename Set>
    bool operator()(const Set& a, const Set& b) const
    {
        return column_words::sizeThenLexLess(a.words(), b.words());
    }
};

/// SizeThenLex for sets of one size (a lattice level's), without counting them.
struct SameSizeLex {
    template <typename Set>
    bool operator()(const Set& a, const Set& b) const
    {
        return column_words::sameSizeLexLess(a.words(), b.words());
    }
};

/// A search's set type converted from the public ColumnSet (the identity for ColumnSet itself).
template <typename Set>
[[nodiscard]] Set toSearchSet(const ColumnSet& set)
{
    if constexpr (std::is_same_v<Set, ColumnSet>)
        return set;
    else
        return Set::fromColumnSet(set);
}

/// The public ColumnSet of a search's set.
template <typename Set>
[[nodiscard]] ColumnSet toColumnSet(const Set& set)
{
    if constexpr (std::is_same_v<Set, ColumnSet>)
        return set;
    else
        return set.toColumnSet();
}

/// Calls visit(std::type_identity<Set>{}) with the narrowest set type that holds every column of
/// `searched`: one word up to 64 columns, two up to 128 (most surveys), eight up to 512, and the
/// heap-backed ColumnSet beyond. Every type is listed in QISCOUT_FOR_EACH_SEARCH_SET_TYPE too.
template <typename Visit>
decltype(auto) withSearchSetType(const ColumnSet& searched, Visit&& visit)
{
    const int width = searched.empty() ? 0 : searched.last() + 1;
    if (width <= FixedColumnSet<1>::capacity)
        return visit(std::type_identity<FixedColumnSet<1>>{});
    if (width <= FixedColumnSet<2>::capacity)
        return visit(std::type_identity<FixedColumnSet<2>>{});
    if (width <= FixedColumnSet<8>::capacity)
        return visit(std::type_identity<FixedColumnSet<8>>{});
    return visit(std::type_identity<ColumnSet>{});
}

} // namespace qiscout::core

/// Applies a macro to every set type withSearchSetType can choose, for explicit instantiations.
#define QISCOUT_FOR_EACH_SEARCH_SET_TYPE(apply)                                                                        \
    apply(::qiscout::core::FixedColumnSet<1>) apply(::qiscout::core::FixedColumnSet<2>)                                \
        apply(::qiscout::core::FixedColumnSet<8>) apply(::qiscout::core::ColumnSet)
