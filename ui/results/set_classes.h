// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"

namespace qiscout::ui {

/// The classes of one column set: rows that agree on every column of the set form a class.
struct SetClasses {
    core::ColumnSet set;
    std::uint64_t k = 1;
    /// How missing cells matched. Under the wildcard semantics classes overlap: a group of rows equal
    /// on the set (missing cells included) has as class everyone who matches it.
    core::MissingSemantics semantics = core::MissingSemantics::Value;
    /// Rows whose class has at most k rows, ascending.
    std::vector<std::uint32_t> isolatedRows;
    /// Per group of rows equal on the set, in order of first appearance: its class's row count (the
    /// group's own size under the value semantics).
    std::vector<std::uint32_t> classSizes;
    /// False when stopped before the end; the lists are then empty.
    bool complete = false;
};

/// Groups the rows on `set`, sizes their classes under `semantics` and lists the k-isolated rows.
/// Pure; meant for a worker thread (an 11M-row table takes about a second per column).
[[nodiscard]] SetClasses computeSetClasses(const core::EncodedTable& table, core::ColumnSet set, std::uint64_t k,
                                           std::stop_token stop = {},
                                           core::MissingSemantics semantics = core::MissingSemantics::Value);

} // namespace qiscout::ui
