// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace qiscout::core {

/// A set of column positions (0..63) of a table, as a bitmask. Value type, trivially copyable.
class ColumnSet {
public:
    /// The largest number of columns one search can span.
    static constexpr int capacity = 64;

    constexpr ColumnSet() = default;
    static constexpr ColumnSet fromMask(std::uint64_t mask) { return ColumnSet(mask); }
    static constexpr ColumnSet single(int column) { return ColumnSet(std::uint64_t{1} << column); }
    /// All columns 0..count-1; count is at most capacity.
    static constexpr ColumnSet firstN(int count)
    {
        return ColumnSet(count >= capacity ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1);
    }
    static ColumnSet of(std::initializer_list<int> columns)
    {
        ColumnSet set;
        for (const int column : columns)
            set = set.with(column);
        return set;
    }

    [[nodiscard]] constexpr std::uint64_t mask() const { return m_mask; }
    [[nodiscard]] constexpr int size() const { return std::popcount(m_mask); }
    [[nodiscard]] constexpr bool empty() const { return m_mask == 0; }
    [[nodiscard]] constexpr bool contains(int column) const { return (m_mask >> column) & 1U; }
    [[nodiscard]] constexpr bool isSubsetOf(ColumnSet other) const { return (m_mask & ~other.m_mask) == 0; }
    [[nodiscard]] constexpr bool isSupersetOf(ColumnSet other) const { return other.isSubsetOf(*this); }
    [[nodiscard]] constexpr ColumnSet with(int column) const
    {
        return ColumnSet(m_mask | (std::uint64_t{1} << column));
    }
    [[nodiscard]] constexpr ColumnSet without(int column) const
    {
        return ColumnSet(m_mask & ~(std::uint64_t{1} << column));
    }
    [[nodiscard]] constexpr ColumnSet united(ColumnSet other) const { return ColumnSet(m_mask | other.m_mask); }
    [[nodiscard]] constexpr ColumnSet intersected(ColumnSet other) const { return ColumnSet(m_mask & other.m_mask); }
    [[nodiscard]] constexpr ColumnSet minus(ColumnSet other) const { return ColumnSet(m_mask & ~other.m_mask); }
    /// Lowest column in the set; the set must not be empty.
    [[nodiscard]] constexpr int first() const { return std::countr_zero(m_mask); }
    /// Highest column in the set; the set must not be empty.
    [[nodiscard]] constexpr int last() const { return capacity - 1 - std::countl_zero(m_mask); }

    /// Column positions in ascending order.
    [[nodiscard]] std::vector<int> columns() const
    {
        std::vector<int> result;
        result.reserve(static_cast<std::size_t>(size()));
        for (std::uint64_t rest = m_mask; rest != 0; rest &= rest - 1)
            result.push_back(std::countr_zero(rest));
        return result;
    }

    friend constexpr bool operator==(ColumnSet, ColumnSet) = default;

private:
    constexpr explicit ColumnSet(std::uint64_t mask) : m_mask(mask) {}
    std::uint64_t m_mask = 0;
};

/// The canonical order of reports and of the FPVI generator: by size, then lexicographically by
/// ascending column positions ({0,1} < {0,2} < {1,2}).
[[nodiscard]] bool sizeThenLexLess(ColumnSet a, ColumnSet b);

/// The one way column sets are named everywhere (CLI, reports, JSON, GUI): a column by its name,
/// or "#N" with N counted from 1 (as the GUI numbers columns) when columnNames has none for it.
[[nodiscard]] std::string columnLabel(int column, const std::vector<std::string>& columnNames);
/// The labels of a set's columns, in ascending position.
[[nodiscard]] std::vector<std::string> columnLabels(ColumnSet set, const std::vector<std::string>& columnNames);
/// "{age, sex}": the labels of a set's columns in braces.
[[nodiscard]] std::string describe(ColumnSet set, const std::vector<std::string>& columnNames);

struct ColumnSetHash {
    std::size_t operator()(ColumnSet set) const noexcept { return std::hash<std::uint64_t>{}(set.mask()); }
};

} // namespace qiscout::core
