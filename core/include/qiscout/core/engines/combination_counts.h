// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"

namespace qiscout::core {

/// The distinct value combinations of one column set on some rows, each with its row count: one
/// side of a group-by that other processes complete (qiscout-mpi's rows mode adds up the counts of
/// the slices of a table whose columns share one dictionary per column).
struct CombinationCounts {
    /// Codes per combination: the set's size.
    std::size_t width = 0;
    /// Combination -> its codes on the set's columns in ascending column order (width per
    /// combination, one combination after another).
    std::vector<std::uint32_t> codes;
    /// Combination -> its rows.
    std::vector<std::uint64_t> rows;

    [[nodiscard]] std::size_t size() const { return rows.size(); }
};

/// The combinations of each of `sets` (non-empty sets of valid columns) on `table`, in the order of
/// first appearance in the rows, counted on `threads` threads (at least 1).
[[nodiscard]] std::vector<CombinationCounts> countCombinations(const EncodedTable& table,
                                                               const std::vector<ColumnSet>& sets, int threads);

/// Class statistics of a column set from its combinations.
struct CombinationClasses {
    /// Rows whose class has at most k rows.
    std::uint64_t isolatedRows = 0;
    /// The smallest class; the largest std::uint64_t when there are no combinations, so that the
    /// figures of disjoint parts of the combinations combine by a minimum.
    std::uint64_t smallestClass = 0;
    /// Distinct combinations.
    std::uint64_t classes = 0;
    /// The row visits MTUI's whole-table evaluation of the set makes on the rows counted: one pass
    /// per column, and one more over the classes when it sizes them as wildcard classes.
    std::uint64_t rowsVisited = 0;
};

/// The classes of the set of `columns` (ascending columns of `table`, whose dictionaries say which
/// codes are missing) from `combinations`, each distinct. Under the value semantics any part of a
/// set's combinations can be measured and the parts added up (sums and a minimum); under the
/// wildcard semantics a combination with a missing code matches others, so a set with one needs all
/// of its combinations at once.
[[nodiscard]] CombinationClasses classesOfCombinations(const EncodedTable& table, const ColumnSet& columns,
                                                       const CombinationCounts& combinations, std::uint64_t k,
                                                       MissingSemantics semantics);

/// Whether any of `combinations` of `columns` holds a missing code: whether the wildcard semantics
/// sizes the set's classes differently from the value semantics.
[[nodiscard]] bool hasMissingCode(const EncodedTable& table, const ColumnSet& columns,
                                  const CombinationCounts& combinations);

} // namespace qiscout::core
