// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "qiscout/core/lattice/column_words.h"

namespace qiscout::core {

/// A set of column positions (0, 1, ... any number of columns) of a table. Value type. Sets
/// within the first 64 columns live inline and never allocate; wider ones keep their words on the
/// heap. Engines search with fixed-width copies (see core/src/lattice/fixed_column_set.h).
class ColumnSet {
public:
    ColumnSet() noexcept = default;
    ColumnSet(const ColumnSet& other);
    ColumnSet(ColumnSet&& other) noexcept;
    ColumnSet& operator=(const ColumnSet& other);
    ColumnSet& operator=(ColumnSet&& other) noexcept;
    ~ColumnSet() = default;

    /// The set of one column (column >= 0).
    [[nodiscard]] static ColumnSet single(int column);
    /// All columns 0..count-1.
    [[nodiscard]] static ColumnSet firstN(int count);
    [[nodiscard]] static ColumnSet of(std::initializer_list<int> columns);
    /// The given columns (any order, repeats allowed).
    [[nodiscard]] static ColumnSet fromColumns(std::span<const int> columns);
    /// From 64-column words, lowest columns first; trailing zero words are allowed.
    [[nodiscard]] static ColumnSet fromWords(std::span<const std::uint64_t> words);

    /// The set as 64-column words, lowest columns first, without trailing zero words (none at all
    /// for the empty set).
    [[nodiscard]] std::span<const std::uint64_t> words() const noexcept { return {data(), m_wordCount}; }

    [[nodiscard]] int size() const noexcept;
    [[nodiscard]] bool empty() const noexcept { return m_wordCount == 0; }
    [[nodiscard]] bool contains(int column) const noexcept;
    [[nodiscard]] bool isSubsetOf(const ColumnSet& other) const noexcept;
    [[nodiscard]] bool isSupersetOf(const ColumnSet& other) const noexcept { return other.isSubsetOf(*this); }
    [[nodiscard]] ColumnSet with(int column) const;
    [[nodiscard]] ColumnSet without(int column) const;
    [[nodiscard]] ColumnSet united(const ColumnSet& other) const;
    [[nodiscard]] ColumnSet intersected(const ColumnSet& other) const;
    [[nodiscard]] ColumnSet minus(const ColumnSet& other) const;
    /// Whether the two sets share a column, without building the intersection.
    [[nodiscard]] bool intersects(const ColumnSet& other) const noexcept;
    /// Lowest column in the set; the set must not be empty.
    [[nodiscard]] int first() const noexcept;
    /// Highest column in the set; the set must not be empty.
    [[nodiscard]] int last() const noexcept;

    /// Column positions in ascending order.
    [[nodiscard]] std::vector<int> columns() const;
    /// Calls visit(column) for every column, ascending, without building a vector.
    template <typename Visit>
    void forEach(Visit&& visit) const
    {
        column_words::forEach(words(), visit);
    }

    [[nodiscard]] std::size_t hash() const noexcept { return column_words::hash(words()); }

    friend bool operator==(const ColumnSet& a, const ColumnSet& b) noexcept;

private:
    [[nodiscard]] const std::uint64_t* data() const noexcept { return m_wordCount <= 1 ? &m_inline : m_heap.get(); }
    [[nodiscard]] std::uint64_t* data() noexcept { return m_wordCount <= 1 ? &m_inline : m_heap.get(); }
    /// A set of `wordCount` zero words, to be filled and then trimmed.
    [[nodiscard]] static ColumnSet zeroWords(std::size_t wordCount);
    /// Drops trailing zero words, moving a set that fits one word back inline.
    void trim() noexcept;

    std::uint64_t m_inline = 0;
    std::unique_ptr<std::uint64_t[]> m_heap;
    std::uint32_t m_wordCount = 0;
};

/// The canonical order of reports and of the FPVI generator: by size, then lexicographically by
/// ascending column positions ({0,1} < {0,2} < {1,2}).
[[nodiscard]] bool sizeThenLexLess(const ColumnSet& a, const ColumnSet& b);

/// The one way column sets are named everywhere (CLI, reports, JSON, GUI): a column by its name,
/// or "#N" with N counted from 1 (as the GUI numbers columns) when columnNames has none for it.
[[nodiscard]] std::string columnLabel(int column, const std::vector<std::string>& columnNames);
/// The labels of a set's columns, in ascending position.
[[nodiscard]] std::vector<std::string> columnLabels(const ColumnSet& set, const std::vector<std::string>& columnNames);
/// "{age, sex}": the labels of a set's columns in braces.
[[nodiscard]] std::string describe(const ColumnSet& set, const std::vector<std::string>& columnNames);
/// describe(set, columnNames) appended to `out`: a list of hundreds of thousands of sets is
/// written without a string per set.
void appendDescription(std::string& out, const ColumnSet& set, const std::vector<std::string>& columnNames);

/// Hash of a ColumnSet (or of any set type with a hash() member) for unordered containers.
struct ColumnSetHash {
    template <typename Set>
    std::size_t operator()(const Set& set) const noexcept
    {
        return set.hash();
    }
};

} // namespace qiscout::core
