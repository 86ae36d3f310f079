// SPDX-License-Identifier: GPL-3.0-or-later
// Class sizes under both missing-cell semantics the slow, obvious way: every pair of rows compared
// on every column of the set, independent of the engines' code (partition/wildcard_classes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

#include "partition/class_partition.h"

namespace qiscout::core::testing {

/// Per row, the rows equal to it on every column of `set`, itself included, missing cells compared
/// as values: the value semantics' class sizes, row pair by row pair.
inline std::vector<std::uint64_t> valueClassSizes(const EncodedTable& table, const ColumnSet& set)
{
    const std::vector<int> columns = set.columns();
    std::vector<std::uint64_t> sizes(table.rowCount, 0);
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (std::uint32_t other = 0; other < table.rowCount; ++other) {
            const bool equal = std::all_of(columns.begin(), columns.end(), [&](int column) {
                return table.code(row, static_cast<std::size_t>(column)) ==
                       table.code(other, static_cast<std::size_t>(column));
            });
            sizes[row] += equal ? 1U : 0U;
        }
    return sizes;
}

/// Per row, the rows that agree with it on every column of `set` where both are non-missing, itself
/// included (sdcMicro's freqCalc fk).
inline std::vector<std::uint64_t> wildcardClassSizes(const EncodedTable& table, const ColumnSet& set)
{
    const std::vector<int> columns = set.columns();
    const auto missing = [&table](std::uint32_t row, int column) {
        const EncodedColumn& encoded = table.columns[static_cast<std::size_t>(column)];
        return static_cast<bool>(encoded.missing[encoded.codes[row]]);
    };
    std::vector<std::uint64_t> sizes(table.rowCount, 0);
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        for (std::uint32_t other = 0; other < table.rowCount; ++other) {
            const bool matches = std::all_of(columns.begin(), columns.end(), [&](int column) {
                return missing(row, column) || missing(other, column) ||
                       table.code(row, static_cast<std::size_t>(column)) ==
                           table.code(other, static_cast<std::size_t>(column));
            });
            sizes[row] += matches ? 1U : 0U;
        }
    }
    return sizes;
}

/// What a set's class sizes (one per row) amount to for k.
struct RowClassStatistics {
    ClassStatistics classes;
    /// The lowest row whose class has at most k rows.
    std::optional<std::uint32_t> firstIsolatedRow;
};

inline RowClassStatistics statisticsOfSizes(const std::vector<std::uint64_t>& sizes, std::uint64_t k)
{
    RowClassStatistics statistics;
    statistics.classes.smallestClass = sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
    for (std::uint32_t row = 0; row < sizes.size(); ++row) {
        if (sizes[row] > k)
            continue;
        statistics.classes.isolatedRows += 1;
        if (!statistics.firstIsolatedRow)
            statistics.firstIsolatedRow = row;
    }
    return statistics;
}

} // namespace qiscout::core::testing
