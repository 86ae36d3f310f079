// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"

namespace qiscout::core {

/// The rows of a table grouped on one column set, with the class size each group's rows have under
/// a missing-cell semantics: what a search measured for the set, per row.
struct RowClasses {
    /// Row -> its group: the rows equal to it on every column of the set (missing cells compared as
    /// values), numbered densely.
    std::vector<std::uint32_t> groupOfRow;
    /// Group -> the size of its rows' class: the group's own row count under the value semantics;
    /// under the wildcard semantics every row that matches it (the group included), so classes
    /// overlap and the sizes do not add up to the row count.
    std::vector<std::uint32_t> classSizes;

    /// The size of `row`'s class.
    [[nodiscard]] std::uint32_t classSizeOf(std::uint32_t row) const { return classSizes[groupOfRow[row]]; }
};

/// Groups the rows of `table` on `set` (valid columns, non-empty) and sizes their classes under
/// `semantics`. Nullopt when stop was requested (polled per column and while sizing).
[[nodiscard]] std::optional<RowClasses> rowClasses(const EncodedTable& table, const ColumnSet& set,
                                                   MissingSemantics semantics, const std::stop_token& stop = {});

} // namespace qiscout::core
