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
#include <unordered_map>
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
/// Classes are grouped by their pattern (the set's positions where they are missing). Two classes
/// of patterns P and Q match when they agree on the set's columns outside P and Q, so the rows of
/// pattern Q matching each class of pattern P come from one pass over the classes of P and Q,
/// keyed by their values outside P and Q; it runs on first use and serves every class of P.
/// Thread: one instance per evaluation.
class WildcardMatcher {
public:
    /// `columns` are the set's table columns; `classes` its value classes, each listed once.
    WildcardMatcher(const EncodedTable& table, const MissingCells& missing, std::span<const int> columns,
                    std::span<const ValueClass> classes);

    /// Rows matching class `index` (itself included): exact when at most `cap`, otherwise some
    /// number above `cap` (the count stops there).
    [[nodiscard]] std::uint64_t sizeUpTo(std::size_t index, std::uint64_t cap);

private:
    struct Pattern {
        /// Positions within the set (0..|set|-1) where the pattern's classes are missing.
        ColumnSet missing;
        std::vector<std::uint32_t> classes;
        std::uint64_t rows = 0;
    };

    /// Per class of pattern p (in the pattern's order), the rows of pattern q's classes it matches.
    const std::vector<std::uint64_t>& matches(std::size_t p, std::size_t q);

    const EncodedTable& m_table;
    std::vector<int> m_columns;
    std::span<const ValueClass> m_classes;
    std::vector<Pattern> m_patterns;
    std::vector<std::uint32_t> m_patternOfClass;
    /// Class -> its position among its pattern's classes.
    std::vector<std::uint32_t> m_positionInPattern;
    /// Patterns by descending row count: the likeliest to push a class past the cap come first.
    std::vector<std::size_t> m_patternOrder;
    std::unordered_map<std::uint64_t, std::vector<std::uint64_t>> m_matches;
};

/// Class statistics of a column set under the wildcard semantics, from its value classes: rows in
/// wildcard classes of at most k rows, the smallest wildcard class and the lowest isolated row
/// (the same figures ClassScan holds under the value semantics).
/// Only the classes that can matter are sized: every value class of at most k rows, then the others
/// by increasing size while one could still be the smallest. `interrupted` when stop was requested.
[[nodiscard]] ClassScan scanWildcardClasses(const EncodedTable& table, const MissingCells& missing,
                                            std::span<const int> columns, std::span<const ValueClass> classes,
                                            std::uint64_t k, const std::stop_token& stop);

} // namespace qiscout::core
