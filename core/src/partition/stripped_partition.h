// SPDX-License-Identifier: GPL-3.0-or-later
// TANE's stripped partition: the classes of a column set that hold at least two rows. A row alone
// in its class can neither break a functional dependency nor stop the set from being a key, so
// dependency discovery refines only the rows that still share their values with another row.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>

#include "partition/column_index.h"

namespace qiscout::core {

/// Per-worker counters for refining and checking stripped partitions; sized once for the widest
/// column. Thread: owned by one worker.
class StrippedScratch {
public:
    explicit StrippedScratch(std::uint32_t largestCardinality)
        : m_counts(largestCardinality, 0)
        , m_marks(largestCardinality, 0)
    {}

private:
    friend class StrippedPartition;
    /// Code -> rows of the current class with that code; zero between classes.
    std::vector<std::uint32_t> m_counts;
    /// Code -> the last class (plus one) in which the code was seen, for the key check.
    std::vector<std::uint32_t> m_marks;
    std::uint32_t m_markClock = 0;
    std::vector<std::uint32_t> m_touched;
    /// The codes of the current class's rows, gathered once so that the scatter reads them in order.
    std::vector<std::uint32_t> m_classCodes;
};

/// The classes of two or more rows of a column set, each a run of ascending row numbers.
/// Thread: immutable once built; any number of readers.
class StrippedPartition {
public:
    /// The empty column set: every row in one class (no class when the table has fewer than two rows).
    [[nodiscard]] static StrippedPartition wholeTable(std::uint32_t rowCount);

    /// This partition's classes split by `column`, singletons dropped: the partition of the set
    /// plus that column. nullopt when stop was requested first.
    [[nodiscard]] std::optional<StrippedPartition> refined(const ColumnIndex& column, StrippedScratch& scratch,
                                                           const std::stop_token& stop = {}) const;

    /// Whether every class holds a single value of `column`: the set determines the column.
    /// Stops at the first class that does not.
    [[nodiscard]] bool determines(const ColumnIndex& column) const;

    /// Which of `targets` the set plus `column` determines, without building that set's partition:
    /// one pass over this partition's classes, split by `column` on the fly, that stops as soon as
    /// every target has failed. When some target holds, `support` receives the rows of the set plus
    /// `column` that share their values with another row (else it is left unspecified).
    [[nodiscard]] std::vector<char> determinesWith(const ColumnIndex& column,
                                                   const std::vector<const ColumnIndex*>& targets,
                                                   StrippedScratch& scratch, std::uint64_t& support) const;

    /// Whether adding `column` leaves no two rows alike: the set plus the column is a key.
    /// Stops at the first class with a repeated value.
    [[nodiscard]] bool becomesKeyWith(const ColumnIndex& column, StrippedScratch& scratch) const;

    [[nodiscard]] std::uint32_t classCount() const { return static_cast<std::uint32_t>(m_starts.size() - 1); }
    /// Rows in classes of at least two rows: the rows that share their values with another row.
    [[nodiscard]] std::uint32_t rowCount() const { return static_cast<std::uint32_t>(m_rows.size()); }
    /// The rows of class `index`, ascending.
    [[nodiscard]] std::span<const std::uint32_t> classRows(std::uint32_t index) const
    {
        return {m_rows.data() + m_starts[index], m_starts[index + 1] - m_starts[index]};
    }
    /// No class left: every row is alone, so the column set is a key.
    [[nodiscard]] bool isKey() const { return m_rows.empty(); }

private:
    template <typename Code>
    [[nodiscard]] std::optional<StrippedPartition> refinedBy(const Code* codes, StrippedScratch& scratch,
                                                             const std::stop_token& stop) const;
    template <typename Code>
    [[nodiscard]] bool determinedBy(const Code* codes) const;
    template <typename Code>
    [[nodiscard]] bool keyWith(const Code* codes, StrippedScratch& scratch) const;
    template <typename Code>
    [[nodiscard]] std::vector<char> determinesWithBy(const Code* codes, const std::vector<const ColumnIndex*>& targets,
                                                     StrippedScratch& scratch, std::uint64_t& support) const;

    std::vector<std::uint32_t> m_rows;
    /// Class -> position of its first row in m_rows, plus the total at the end.
    std::vector<std::uint32_t> m_starts{0};
};

} // namespace qiscout::core
