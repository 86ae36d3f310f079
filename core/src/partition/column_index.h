// SPDX-License-Identifier: GPL-3.0-or-later
// FPVI's per-column index: what a worker needs to know about one column to classify rows fast.
#pragma once

#include <cstdint>
#include <span>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// One column's codes and how many rows hold each code (the size of the row's bucket on it).
/// Thread: immutable once built; shared by every worker.
struct ColumnIndex {
    std::span<const std::uint32_t> codes;
    /// The same codes in one or two bytes when the column has few enough of them: scanning a
    /// lattice node gathers codes in row order of the parent's classes, and a narrow copy keeps
    /// more of the column in cache.
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint16_t> shorts;
    /// Code -> rows holding it; its size is the column's number of codes.
    std::vector<std::uint32_t> frequencies;

    [[nodiscard]] std::uint32_t cardinality() const { return static_cast<std::uint32_t>(frequencies.size()); }

    /// Calls visit with a pointer to the narrowest copy of the codes.
    template <typename Visit>
    decltype(auto) visitCodes(Visit&& visit) const
    {
        if (!bytes.empty())
            return visit(bytes.data());
        if (!shorts.empty())
            return visit(shorts.data());
        return visit(codes.data());
    }
};

/// Indexes of the columns in `columns`, at their table positions (other positions stay empty).
/// Built one column per task; call it inside the search's task arena. Columns not yet started
/// when stop is requested stay empty: a caller checks the token before using the result.
[[nodiscard]] std::vector<ColumnIndex> buildColumnIndexes(const EncodedTable& table, ColumnSet columns,
                                                          const std::stop_token& stop = {});

/// Largest cardinality among the indexed columns: the size of a worker's counting scratch.
[[nodiscard]] std::uint32_t largestCardinality(const std::vector<ColumnIndex>& indexes);

} // namespace qiscout::core
