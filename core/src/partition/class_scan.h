// SPDX-License-Identifier: GPL-3.0-or-later
// What one task learns about the classes of a column set in its share of the table, and the
// scan of a single column, where a row's class size is simply its code's frequency.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <stop_token>

#include "partition/column_index.h"

namespace qiscout::core {

/// Partial class statistics of one set; merging every task's share gives the exact whole.
struct ClassScan {
    /// Rows in classes of at most k rows.
    std::uint64_t isolatedRows = 0;
    /// Smallest class seen; max() when no class was seen.
    std::uint64_t smallestClass = std::numeric_limits<std::uint64_t>::max();
    /// The lowest k-isolated row of the first isolated class found.
    std::optional<std::uint32_t> firstIsolatedRow;
    std::uint64_t rowsVisited = 0;
    /// Stop was requested before the share was complete: the figures are not to be used.
    bool interrupted = false;

    void merge(const ClassScan& other);
    /// smallestClass, or 0 when the set has no class at all (a table without rows).
    [[nodiscard]] std::uint64_t smallestClassOrZero() const;
};

/// Rows polled between two looks at the stop token in every long loop: about a millisecond.
inline constexpr std::uint32_t stopPollRows = 1U << 16;

/// Classes on the single column `column` of rows [begin, end): a row's class size is its code's
/// frequency over the whole table, so any row range can be checked on its own.
[[nodiscard]] ClassScan scanColumnRows(const ColumnIndex& column, std::uint32_t begin, std::uint32_t end,
                                       std::uint64_t k, const std::stop_token& stop);

/// Classes on the single column `column` over the whole table, read off its frequencies: the
/// rows are read only to find the first isolated row, and only up to it.
[[nodiscard]] ClassScan settleColumn(const ColumnIndex& column, std::uint64_t k, const std::stop_token& stop);

} // namespace qiscout::core
