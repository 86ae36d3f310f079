// SPDX-License-Identifier: GPL-3.0-or-later
// Exact evaluation of one column set for a given k, by partition refinement.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/table/missing_semantics.h"

#include "partition/class_counter.h"
#include "partition/class_partition.h"
#include "partition/row_partition.h"
#include "partition/wildcard_classes.h"

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
    ClassCounter counter;
    RowPartition spare;
    /// The classes of a set measured by refinement, when the counter cannot measure it.
    RowPartition partition;
    /// The classes partitionInto numbers before grouping the rows by them.
    ClassPartition classes;

    [[nodiscard]] std::uint64_t rowsScanned() const { return refiner.rowsScanned() + counter.rowsScanned(); }
};

/// Answers "is X safe for k" exactly, counting the whole table, under either missing semantics.
/// Partitions are always the value classes; under the wildcard semantics the measures of a set
/// with a missing cell are its wildcard class sizes, computed from them.
/// Thread: immutable after construction; callers bring their own workspace.
class SetOracle {
public:
    SetOracle(const EncodedTable& table, std::uint64_t k, MissingSemantics semantics = MissingSemantics::Value);

    [[nodiscard]] std::uint64_t k() const { return m_k; }

    /// How `set` fares, from scratch: its classes are counted, not kept.
    SetMeasure measure(const ColumnSet& set, OracleWorkspace& workspace) const;

    /// The classes of `set` (its complete partition) into `partition`, without measuring them,
    /// smallest first (see orderClassesBySize).
    void partitionInto(const ColumnSet& set, OracleWorkspace& workspace, RowPartition& partition) const;

    /// Whether the safe set `baseSet` stays safe when `extra` is added, given its partition `base`.
    /// Under the value semantics it stops at the first class of at most k rows, which comes early
    /// when `base`'s classes are smallest first. On true, `result` holds the larger set's classes,
    /// smallest first.
    bool staysSafe(const RowPartition& base, const ColumnSet& baseSet, const ColumnSet& extra,
                   OracleWorkspace& workspace, RowPartition& result) const;

    /// Statistics of `set` from its complete partition.
    [[nodiscard]] SetMeasure summarize(const ColumnSet& set, const RowPartition& partition) const;

private:
    /// Whether `set`'s measures are wildcard class sizes rather than its partition's class sizes.
    [[nodiscard]] bool matchesWildcards(const ColumnSet& set) const;

    /// Most distinct values first: classes shrink early, so later steps copy singletons cheaply
    /// and small classes (vulnerability) show up sooner.
    [[nodiscard]] std::vector<int> refinementOrder(const ColumnSet& set) const;

    const EncodedTable& m_table;
    std::uint64_t m_k;
    std::vector<int> m_rankOrder;
    /// Set under the wildcard semantics only.
    std::optional<MissingCells> m_missing;
};

} // namespace qiscout::core
