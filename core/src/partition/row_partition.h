// SPDX-License-Identifier: GPL-3.0-or-later
// Position-list partitions of rows, refined one column at a time (the TANE/DUCC idea): a set's
// classes are its subset's classes split by one more column, so each step costs O(rows).
//
// Why this is not PositionListIndex, though both hold the same {rows, starts}: the border search
// (SetOracle) walks one chain of columns at a time and needs a worker-owned partition it refines
// again and again into the same two buffers, abandoning the refinement the moment a class of at
// most k rows appears (abortAtSize), since the chain is then already unsafe. PositionListIndex is
// the FPVI side: an immutable partition built once per prefix, shared by every worker through the
// prefix cache, read through ColumnIndex's narrow code widths, with rows kept ascending in each
// class and a stop token polled inside long classes; its builds never stop early on a small class
// (FPVI must count every isolated row). Giving it an abort would put a branch on every class of
// FPVI's hottest loop for a case FPVI never has.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Rows grouped by class: class c holds rows[starts[c] .. starts[c + 1]).
struct RowPartition {
    std::vector<std::uint32_t> rows;
    std::vector<std::uint32_t> starts;

    [[nodiscard]] std::size_t classCount() const { return starts.empty() ? 0 : starts.size() - 1; }
    [[nodiscard]] std::uint32_t classSize(std::size_t index) const { return starts[index + 1] - starts[index]; }
};

/// Reorders `partition`'s classes by ascending size, classes of one size in their order, using
/// `spare`'s buffers. The border search's grower keeps its safe set's classes so: nearly every
/// step it tries makes the set vulnerable, and a small class is the likeliest to split into one of
/// at most k rows, so refining small classes first finds it after a fraction of the rows.
void orderClassesBySize(RowPartition& partition, RowPartition& spare);

/// Splits partitions by a column, reusing its scratch space between calls.
/// Thread: one instance per thread.
class PartitionRefiner {
public:
    /// Writes `input` split by `column` into `output` and returns true, unless `abortAtSize` is
    /// non-zero and a class of at most that many rows appears: then returns false and leaves
    /// `output` unspecified. Classes keep their order; new classes follow first appearance.
    bool refine(const RowPartition& input, const EncodedColumn& column, std::uint64_t abortAtSize,
                RowPartition& output);

    /// Rows visited by refine since construction.
    [[nodiscard]] std::uint64_t rowsScanned() const { return m_rowsScanned; }

private:
    std::vector<std::uint32_t> m_counts;
    std::vector<std::uint32_t> m_touched;
    std::uint64_t m_rowsScanned = 0;
};

} // namespace qiscout::core
