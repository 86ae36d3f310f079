// SPDX-License-Identifier: GPL-3.0-or-later
// Exact equivalence classes of rows on a column set: the reference computation every engine
// uses to measure the sets it reports.
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Rows grouped by their values on a column set.
struct ClassPartition {
    /// Row -> dense class id.
    std::vector<std::uint32_t> classOfRow;
    /// Class id -> number of rows.
    std::vector<std::uint32_t> classSizes;
};

/// Classes of every row on `set` (a non-empty set of valid columns). O(R x |set|). Polls `stop`
/// once per column; the partition is unfinished when stop was requested.
[[nodiscard]] ClassPartition partitionRows(const EncodedTable& table, ColumnSet set, const std::stop_token& stop = {});

/// How a set fares for a given k.
struct ClassStatistics {
    std::uint64_t isolatedRows = 0;
    std::uint64_t smallestClass = 0;
};

[[nodiscard]] ClassStatistics measureClasses(const EncodedTable& table, ColumnSet set, std::uint64_t k);

} // namespace qiscout::core
