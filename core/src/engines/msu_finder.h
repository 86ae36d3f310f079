// SPDX-License-Identifier: GPL-3.0-or-later
// SUDA2's recursive search for minimal sample uniques, shared by the suda2 engine and the SUDA
// scores of the risk assessment.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stop_token>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Receives the MSUs a search finds, one call per MSU. The search forks one sink per worker
/// thread from the sink it is given and joins them back into it at the end.
/// Thread: a sink is used by one thread at a time.
class MsuSink {
public:
    virtual ~MsuSink() = default;
    /// The MSU made of `row`'s values on `localColumns` (bit i: the i-th searched column, in
    /// ascending column order).
    virtual void found(std::uint32_t row, std::uint64_t localColumns) = 0;
    /// An empty sink of the same kind, for another worker.
    [[nodiscard]] virtual std::unique_ptr<MsuSink> fork() const = 0;
    /// Adds what `other`, made by fork(), has received.
    virtual void join(MsuSink& other) = 0;
};

/// The most columns one MSU search spans: an MSU keeps its columns in one 64-bit word (found()'s
/// localColumns).
inline constexpr int maxMsuColumns = 64;

/// What to search.
struct MsuSearchOptions {
    /// Columns whose values are the items; at most maxMsuColumns.
    ColumnSet columns;
    /// Largest MSU to find, in items.
    int maxSize = maxMsuColumns;
    /// When false, a missing value is no item at all, as in sdcMicro's suda2 (it can be part of
    /// no MSU); when true it is a value like any other, as in the quasi-identifier search.
    bool missingValuesAreItems = true;
    /// Worker threads of the search's task arena, at least 1.
    int threads = 1;
    /// Progress for another thread to read: the items of the whole table done, each weighed by
    /// its expected cost, out of `itemsTotal` (set once known). Either may be null.
    std::atomic<std::uint64_t>* itemsDone = nullptr;
    std::atomic<std::uint64_t>* itemsTotal = nullptr;
};

/// How a search went.
struct MsuSearchOutcome {
    /// Row visits while building the sub-tables.
    std::uint64_t rowsScanned = 0;
    /// False when stop was requested: the sink then holds only some of the MSUs (each a true one).
    bool complete = true;
};

/// Reports every MSU of `table` on options.columns with at most options.maxSize items to `sink`,
/// each exactly once. Runs one task per item of the whole table in a task arena of
/// options.threads workers. Thread: call from one thread; it blocks until done.
[[nodiscard]] MsuSearchOutcome findMinimalSampleUniques(const EncodedTable& table, const MsuSearchOptions& options,
                                                        std::stop_token stop, MsuSink& sink);

} // namespace qiscout::core
