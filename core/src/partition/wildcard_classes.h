// SPDX-License-Identifier: GPL-3.0-or-later
// Class sizes under the wildcard semantics for missing cells (sdcMicro's freqCalc): a row's class
// on a column set is every row that agrees with it on each column of the set where both rows are
// non-missing. These "classes" overlap (they are no partition: a row missing on the set matches
// rows that do not match each other), so they are computed from the set's value classes (missing
// cells compared as values), which they contain: a row's wildcard class is never smaller than its
// value class.
//
// Why the lattice searches stay exact under these semantics: a row's wildcard class on X + c is
// the rows of its class on X that also agree with it on c (or are missing there, or it is), so
// adding a column can only shrink a row's class. A set with a row of at most k matches therefore
// keeps that row isolated in every superset: vulnerability is monotone, as under the value
// semantics, and pruning the supersets of a vulnerable set stays valid. What does not carry over
// is any shortcut that reads the class sizes of X + c inside one class of X: a row's wildcard class
// reaches into other classes of X, so each set's sizes are computed from all of its classes here.
#pragma once

#include <cstdint>
#include <span>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

#include "partition/class_partition.h"
#include "partition/class_scan.h"
#include "partition/position_list_index.h"
#include "partition/row_partition.h"

namespace qiscout::core {

/// Which codes of each column stand for a missing cell.
/// Thread: immutable once built; shared by every worker.
class MissingCells {
public:
    explicit MissingCells(const EncodedTable& table);

    [[nodiscard]] bool isMissing(int column, std::uint32_t code) const
    {
        return m_missingCodes[static_cast<std::size_t>(column)][code] != 0;
    }
    /// The columns with at least one missing cell: a set without them has the same classes under
    /// both semantics.
    [[nodiscard]] const ColumnSet& columns() const { return m_columns; }

private:
    std::vector<std::vector<std::uint8_t>> m_missingCodes;
    ColumnSet m_columns;
};

/// One class of rows identical on a column set (missing cells compared as values).
struct ValueClass {
    /// Its lowest row.
    std::uint32_t firstRow = 0;
    std::uint32_t size = 0;
};

/// The classes of a partition as ValueClass entries.
[[nodiscard]] std::vector<ValueClass> valueClassesOf(const PositionListIndex& partition);
[[nodiscard]] std::vector<ValueClass> valueClassesOf(const RowPartition& partition);
[[nodiscard]] std::vector<ValueClass> valueClassesOf(const ClassPartition& partition);

/// Wildcard class sizes of the value classes of one column set.
/// A class's pattern is the set of positions where it is missing. Two classes of patterns P and Q
/// match when they agree on the set's positions outside U = P u Q, so every matching pair is counted
/// once, at its union: for each union U of two patterns present, the classes whose pattern lies
/// within U are sorted by their codes outside U (then by pattern), and within a run of equal codes
/// the classes of patterns P and Q with P u Q = U add each other's rows. That is one sort per union
/// instead of one hash table per pattern pair (which took 65 % of a wildcard search in a profile).
/// Thread: one instance per thread; its buffers are reused from one set to the next.
class WildcardSizer {
public:
    /// Per class of `classes` (the value classes of the set whose table columns are `columns`, each
    /// listed once), the rows matching it, itself included. Empty when stop was requested (polled
    /// once per union).
    [[nodiscard]] const std::vector<std::uint64_t>& sizes(const EncodedTable& table, const MissingCells& missing,
                                                          std::span<const int> columns,
                                                          std::span<const ValueClass> classes,
                                                          const std::stop_token& stop = {});

private:
    /// Sizes the classes whose pattern lies within m_unions[unionIndex].
    void countAtUnion(std::size_t unionIndex);

    std::size_t m_width = 0;
    /// Class -> its codes on the set's positions (row-major, m_width per class).
    std::vector<std::uint32_t> m_codes;
    std::vector<std::uint64_t> m_rows;
    /// Class -> a mix of its codes outside the union being counted (scratch of countAtUnion).
    std::vector<std::uint64_t> m_keys;
    std::vector<std::uint32_t> m_patternOfClass;
    std::vector<ColumnSet> m_patterns;
    /// Pattern -> its classes.
    std::vector<std::vector<std::uint32_t>> m_classesOfPattern;
    std::vector<ColumnSet> m_unions;
    /// Scratch of countAtUnion: the classes within the union, and the positions outside it.
    std::vector<std::uint32_t> m_members;
    std::vector<std::size_t> m_outside;
    /// Scratch of countAtUnion: one run's (pattern, first member, end, rows) blocks.
    struct Block {
        std::uint32_t pattern = 0;
        std::size_t begin = 0;
        std::size_t end = 0;
        std::uint64_t rows = 0;
    };
    std::vector<Block> m_blocks;
    std::vector<std::uint64_t> m_sizes;
};

/// Class statistics of a column set under the wildcard semantics, from its value classes: rows in
/// wildcard classes of at most k rows, the smallest wildcard class and the lowest isolated row
/// (the same figures ClassScan holds under the value semantics).
/// `interrupted` when stop was requested.
[[nodiscard]] ClassScan scanWildcardClasses(const EncodedTable& table, const MissingCells& missing,
                                            std::span<const int> columns, std::span<const ValueClass> classes,
                                            std::uint64_t k, const std::stop_token& stop);

} // namespace qiscout::core
