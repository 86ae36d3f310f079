// SPDX-License-Identifier: GPL-3.0-or-later
// What loadTable and previewTable hand every reader of a non-delimited source.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::core {

/// One read of a source. References must outlive the read.
struct ReadRequest {
    /// The location as given: a path, or a connection string (readers never print its password).
    const std::string& location;
    const LoadOptions& options;
    std::stop_token stop;
    const LoadProgress& progress;
    /// Stop after this many data rows, for previews; unset reads them all.
    std::optional<std::uint64_t> rowLimit;
    /// More data rows than this fail with TooManyRows.
    std::uint64_t maxRows = 0xFFFFFFFFull;
    /// More columns than this fail with TooManyColumns.
    std::size_t maxColumns = maxTableColumns;
    /// SQLite: a view, which may compute rows without end (a recursive one), is read for at most
    /// this many rows and this long; a stored table, bounded by its file, and a query the user
    /// wrote have no such budget.
    std::uint64_t viewRowBudget = 20'000'000;
    std::chrono::milliseconds viewTimeBudget = std::chrono::minutes(2);
    /// PostgreSQL: rows fetched from the cursor per round trip.
    std::uint32_t batchRows = 10'000;
};

} // namespace qiscout::core
