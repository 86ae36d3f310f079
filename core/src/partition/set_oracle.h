// SPDX-License-Identifier: GPL-3.0-or-later
// Exact evaluation of one column set for a given k, by partition refinement.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

#include "partition/row_partition.h"

namespace qiscout::core {

/// How one column set fares for k.
struct SetMeasure {
    bool vulnerable = false;
    /// Rows whose class has at most k rows.
    std::uint64_t isolatedRows = 0;
    /// Size of the smallest class; 0 for a table without rows.
    std::uint64_t smallestClass = 0;
    /// Lowest k-isolated row; meaningful when vulnerable.
    std::uint32_t firstIsolatedRow = 0;
};

/// Scratch space of one evaluating thread.
struct OracleWorkspace {
    PartitionRefiner refiner;
    RowPartition spare;
};

/// Answers "is X safe for k" exactly, counting the whole table.
/// Thread: immutable after construction; callers bring their own workspace.
class SetOracle {
public:
    SetOracle(const EncodedTable& table, std::uint64_t k);

    [[nodiscard]] std::uint64_t k() const { return m_k; }

    /// Full classes of `set` from scratch; `partition` receives them.
    SetMeasure measure(const ColumnSet& set, OracleWorkspace& workspace, RowPartition& partition) const;

    /// Whether a safe set stays safe when `extra` is added, given the safe set's partition `base`.
    /// Stops at the first class of at most k rows. On true, `result` holds the larger set's classes.
    bool staysSafe(const RowPartition& base, const ColumnSet& extra, OracleWorkspace& workspace,
                   RowPartition& result) const;

    /// Statistics of a complete partition.
    [[nodiscard]] SetMeasure summarize(const RowPartition& partition) const;

private:
    /// Most distinct values first: classes shrink early, so later steps copy singletons cheaply
    /// and small classes (vulnerability) show up sooner.
    [[nodiscard]] std::vector<int> refinementOrder(const ColumnSet& set) const;

    const EncodedTable& m_table;
    std::uint64_t m_k;
    std::vector<int> m_rankOrder;
};

} // namespace qiscout::core
