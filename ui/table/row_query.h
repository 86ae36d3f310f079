// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include <QString>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::ui {

/// Which rows of a table the data view shows, and in which order.
struct RowQuery {
    /// Only these rows (ascending, e.g. the rows a quasi-identifier isolates); null: every row.
    std::shared_ptr<const std::vector<std::uint32_t>> onlyRows;
    /// Keep rows whose text contains this, ignoring case; empty: no text filter.
    QString filterText;
    /// The column filterText is looked for in; unset: any column.
    std::optional<int> filterColumn;
    /// Order by this column: numbers by value in integer and decimal columns, other text by
    /// letters ignoring case, missing values last; ties keep table order. Unset: table order.
    std::optional<int> sortColumn;
    bool descending = false;
};

/// The rows the query keeps, in order; nullopt when that is every row in table order. Pure;
/// meant for a worker thread (a few dictionary passes plus two passes over the rows). Returns
/// nullopt early when stopped.
[[nodiscard]] std::optional<std::vector<std::uint32_t>> selectRows(const core::EncodedTable& table,
                                                                   const RowQuery& query, std::stop_token stop = {});

} // namespace qiscout::ui
