// SPDX-License-Identifier: GPL-3.0-or-later
// Class statistics of a column set under the value semantics without building its partition:
// each row gets one key mixing its codes, and the keys are counted.
//
// Why beside PartitionRefiner: the border search measures tens of thousands of small sets from
// scratch. Refining a RowPartition gathers each column's codes in class order and scatters the
// rows, column after column; counting reads all of a set's columns in row order in one pass
// while their mixed keys fit the counting table (on nhanes_like every transversal's do) and adds
// one to one counter per row, at half the CPU. The keys of a block of rows are mixed first,
// eight rows to a vector, and counted after: mixed and counted row by row, they took more than
// twice as long. It cannot stop at the first small class, which the grower's incremental steps
// need: those stay with the refiner. It numbers the classes of the grower's starting sets, which
// are split to the end anyway.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "partition/class_partition.h"
#include "partition/class_scan.h"

namespace qiscout::core {

/// Counts the value classes of column sets, one key per row.
/// Thread: one instance per thread; its buffers are reused from one set to the next.
class ClassCounter {
public:
    /// A 4 MiB counting table, of which a set touches at most one entry per row.
    static constexpr std::uint32_t defaultKeyLimit = std::uint32_t{1} << 20;

    /// Keys stay below `keyLimit`, the size of the counting table: a key grows as
    /// key * cardinality + code while that fits, and the keys are renumbered densely (one number
    /// per class, so at most one per row) before it would not. Each renumbering is one pass over
    /// the rows that also mixes in the columns since the last one.
    explicit ClassCounter(std::uint32_t keyLimit = defaultKeyLimit);

    /// Statistics of the classes of `columns` (table columns, mixed in this order) for k, or
    /// nothing when the renumbered keys times a column's cardinality outgrow the limit.
    [[nodiscard]] std::optional<ClassScan> count(const EncodedTable& table, std::span<const int> columns,
                                                 std::uint64_t k);

    /// The classes of `columns` (table columns) into `classes`, numbered in the order of their
    /// first rows. A column whose codes times the classes so far outgrow the limit is mixed in
    /// through a hash table.
    void number(const EncodedTable& table, std::span<const int> columns, ClassPartition& classes);

    /// A column mixed in a pass.
    struct Run {
        const std::uint32_t* codes;
        std::uint32_t cardinality;
    };

    /// Cells read by count and number since construction.
    [[nodiscard]] std::uint64_t rowsScanned() const { return m_rowsScanned; }

private:
    /// Mixes m_run's columns into every row's key (all below keyCount then) and replaces the key
    /// by its class's dense number, counting the classes' rows into m_sizes; returns the number
    /// of classes. `fromCodes`: the keys are all 0 and need not be read (nor written before).
    std::uint32_t renumber(std::uint32_t keyCount, bool fromCodes);
    /// Mixes m_run's columns into every row's key (all below keyCount then) and counts each key's
    /// rows into `counts` (m_sizes, or m_counts when the rows are fewer than 2^16).
    template <typename Counter>
    void tally(std::vector<Counter>& counts, std::uint32_t keyCount, bool fromCodes);
    /// The statistics of the keys' counts `sizes` (keys below keyCount) for k.
    template <typename Counter>
    [[nodiscard]] ClassScan scanCounts(const Counter* sizes, std::uint32_t keyCount, std::uint64_t k) const;
    /// Mixes m_run's columns into the keys of rows [start, start + rows); returns those keys.
    const std::uint32_t* mixRun(std::uint32_t start, std::uint32_t rows, bool fromCodes);
    /// Fills m_run with as many columns from columns[next] on as the keys (below keyCount) can
    /// take, advancing next past them; returns the keys' bound after mixing them.
    std::uint64_t planRun(const EncodedTable& table, std::span<const int> columns, std::size_t& next,
                          std::uint32_t keyCount);
    /// renumber for the one column columns[next] whose codes times the classes outgrow the limit.
    std::uint32_t renumberHashed(const std::uint32_t* codes, bool fromCodes);

    std::uint32_t m_keyLimit;
    /// Row -> key.
    std::vector<std::uint32_t> m_keys;
    /// Key -> its class's number + 1; 0 for a key not seen. All zero between calls.
    std::vector<std::uint32_t> m_numbers;
    /// Class -> its key, to reset m_numbers.
    std::vector<std::uint32_t> m_keyOfClass;
    /// Key -> rows.
    std::vector<std::uint32_t> m_sizes;
    /// Key -> rows, for the last pass of count on fewer than 2^16 rows: half the table to clear
    /// and to read.
    std::vector<std::uint16_t> m_counts;
    /// Whether count's last pass counted into m_counts.
    bool m_narrowCounts = false;
    std::vector<Run> m_run;
    std::uint64_t m_rowsScanned = 0;
};

} // namespace qiscout::core
