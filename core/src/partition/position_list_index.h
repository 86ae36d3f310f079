// SPDX-License-Identifier: GPL-3.0-or-later
// A partition of the rows into the classes of a column set, stored as one row permutation in
// which every class is a contiguous run (the "position list index" of TANE/DUCC). Refining it by
// one more column splits each run in place, so a lattice node costs one pass over the rows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>

#include "partition/class_scan.h"
#include "partition/column_index.h"
#include "partition/column_pack.h"

namespace qiscout::core {

/// Counter arrays a class with at least as many rows as its column has codes is counted into,
/// when the column has at most laneCardinality codes: on more, the same code seldom comes twice
/// in a row, and a worker's scratch stays small beside an identifier column.
inline constexpr std::uint32_t denseCountLanes = 8;
inline constexpr std::uint32_t laneCardinality = 1024;

/// Per-worker buffers for counting the codes of one class; sized once for the widest column.
/// Thread: owned by one worker.
class CountingScratch {
public:
    explicit CountingScratch(std::uint32_t largestCardinality)
        : m_counts(std::max({std::size_t{largestCardinality},
                             std::size_t{denseCountLanes} * std::min(largestCardinality, laneCardinality),
                             std::size_t{2} * packLanes * nibbleCardinality}),
                   0)
    {}

private:
    friend class PositionListIndex;
    /// Code -> rows of the current class with that code (denseCountLanes such arrays, one after
    /// the other, for a dense class on a column of at most laneCardinality codes); all zero
    /// between classes.
    std::vector<std::uint32_t> m_counts;
    /// Codes seen in the current class, in first-seen order.
    std::vector<std::uint32_t> m_touched;
    /// The codes of the current class's rows, gathered once so that the passes after the
    /// first read them sequentially.
    std::vector<std::uint32_t> m_classCodes;
    /// The packed codes of the current class's rows, gathered for a pack scan (a nibble pack's
    /// halves one after the other).
    std::vector<std::uint8_t> m_packedRows;
};

/// One of the columns a pack scan refines by: its lane in the pack and its index.
struct PackMember {
    std::uint32_t lane = 0;
    const ColumnIndex* column = nullptr;
};

/// The buffers of a partition no longer needed. A build that is handed them writes into pages that
/// are already mapped, instead of faulting in and zeroing fresh ones (a third of a build's time
/// on a 1M-row table).
struct PartitionStorage {
    std::vector<std::uint32_t> rows;
    std::vector<std::uint32_t> starts;
};

/// The classes of a column set as contiguous runs of ascending row numbers.
/// Thread: immutable once built; shared by every worker.
class PositionListIndex {
public:
    /// The classes of a single column (a counting sort of the rows by code); nullopt when stop was
    /// requested first.
    [[nodiscard]] static std::optional<PositionListIndex>
    ofColumn(const ColumnIndex& column, const std::stop_token& stop = {}, PartitionStorage storage = {});

    /// This partition's classes split by `column`: the partition of the set plus that column.
    /// nullopt when stop was requested first.
    [[nodiscard]] std::optional<PositionListIndex> refined(const ColumnIndex& column, CountingScratch& scratch,
                                                           const std::stop_token& stop,
                                                           PartitionStorage storage = {}) const;

    /// Gives up this partition's buffers for another build.
    [[nodiscard]] PartitionStorage releaseStorage() &&;

    /// Class statistics of (this set + column) within classes [firstClass, endClass) of this
    /// partition. Exact for the whole table: a class of the larger set never leaves the class of
    /// this set it refines, so each of them is counted completely inside one share.
    [[nodiscard]] ClassScan scanRefinement(const ColumnIndex& column, std::uint32_t firstClass, std::uint32_t endClass,
                                           std::uint64_t k, CountingScratch& scratch,
                                           const std::stop_token& stop) const;

    /// scanRefinement for several columns of one pack at once: scans[i] receives what
    /// scanRefinement by members[i].column would return. Every class is gathered once for all of
    /// them, one load of the pack per row: a class with at least as many rows as any member has
    /// codes is counted, smaller ones are sized row against row (partition/packed_class_stats.h).
    void scanPackRefinement(const ColumnPack& pack, std::span<const PackMember> members, std::uint32_t firstClass,
                            std::uint32_t endClass, std::uint64_t k, CountingScratch& scratch,
                            const std::stop_token& stop, std::span<ClassScan> scans) const;

    [[nodiscard]] std::uint32_t classCount() const { return static_cast<std::uint32_t>(m_starts.size() - 1); }
    /// Position of the first row of class `index`; classCount() gives the row count.
    [[nodiscard]] std::uint32_t classStart(std::uint32_t index) const { return m_starts[index]; }
    /// The rows of class `index`, ascending.
    [[nodiscard]] std::span<const std::uint32_t> classRows(std::uint32_t index) const
    {
        return {m_rows.data() + m_starts[index], m_starts[index + 1] - m_starts[index]};
    }
    /// Index of the first class that starts at or after `position` (classCount() if none).
    [[nodiscard]] std::uint32_t firstClassFrom(std::uint32_t position) const;
    /// Heap bytes held, for the cache's budget.
    [[nodiscard]] std::size_t bytes() const;

private:
    explicit PositionListIndex(PartitionStorage storage);

    template <typename Code>
    [[nodiscard]] std::optional<PositionListIndex> refinedBy(const Code* codes, std::uint32_t cardinality,
                                                             CountingScratch& scratch, const std::stop_token& stop,
                                                             PartitionStorage storage) const;
    template <typename Code>
    [[nodiscard]] ClassScan scanRefinementBy(const Code* codes, std::uint32_t cardinality, std::uint32_t firstClass,
                                             std::uint32_t endClass, std::uint64_t k, CountingScratch& scratch,
                                             const std::stop_token& stop) const;

    std::vector<std::uint32_t> m_rows;
    /// Class -> position of its first row in m_rows, plus the total at the end.
    std::vector<std::uint32_t> m_starts{0};
};

} // namespace qiscout::core
