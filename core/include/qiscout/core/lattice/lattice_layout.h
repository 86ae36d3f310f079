// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// A half-open range [first, last) of ranks within one level.
struct RankRange {
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    [[nodiscard]] std::uint64_t size() const { return last - first; }
    friend bool operator==(const RankRange&, const RankRange&) = default;
};

/// Where each column set of a search lattice is drawn. Pure geometry, no state: level = set size
/// (1..maxSetSize), index within the level = the set's rank among the sets of that size in
/// sizeThenLexLess order (the order engines generate them), computed with the combinatorial
/// number system without enumerating. Only the searched columns count: with searched columns
/// {2, 5, 7} the set {5, 7} is the third set of level 2. Any number of columns: a wide lattice is
/// placed in its lowest levels (bands), as many as have every set a 64-bit index. Value type.
class LatticeLayout {
public:
    LatticeLayout() = default;
    /// maxSetSize is clamped to searchedColumns.size(); below 1 it means no limit. Levels are drawn
    /// up to it, or up to the last level whose sets, counted with every level below, still fit 64
    /// bits: all of them up to 64 columns, levels 1 to 6 of 4,096 columns.
    LatticeLayout(const ColumnSet& searchedColumns, int maxSetSize);

    /// Binomial coefficient C(n, k), saturating at UINT64_MAX; 0 when k < 0 or k > n. Exact for
    /// every n <= 64 (C(64, 32) fits 64 bits), from a table.
    [[nodiscard]] static std::uint64_t binomial(int n, int k);

    [[nodiscard]] const ColumnSet& searchedColumns() const { return m_searched; }
    /// n, the number of searched columns.
    [[nodiscard]] int columnCount() const { return m_columnCount; }
    /// Number of levels drawn = the largest set size drawn.
    [[nodiscard]] int levelCount() const { return m_levelCount; }
    /// The largest set size searched; above levelCount() when the lattice is too wide to place
    /// its higher levels.
    [[nodiscard]] int searchedLevelCount() const { return m_searchedLevelCount; }
    /// C(n, size): sets on the level; 0 outside 1..levelCount().
    [[nodiscard]] std::uint64_t levelSize(int size) const;
    /// Sets on all levels drawn together (exact: at most UINT64_MAX, which 64 columns reach).
    [[nodiscard]] std::uint64_t totalSize() const;
    /// True when the set is a non-empty subset of the searched columns of at most levelCount() columns.
    [[nodiscard]] bool contains(const ColumnSet& set) const;

    /// Rank of the set within its level, 0..levelSize(set.size())-1; the set must be contained.
    [[nodiscard]] std::uint64_t rank(const ColumnSet& set) const;
    /// The set of the given size and rank; rank must be below levelSize(size).
    [[nodiscard]] ColumnSet unrank(int size, std::uint64_t rank) const;

    /// Horizontal position of the set's centre within its level, in (0, 1).
    [[nodiscard]] double x(const ColumnSet& set) const;
    /// Vertical position of a level in [0, 1]: 0 for single columns, 1 for the top level.
    [[nodiscard]] double y(int size) const;

    /// Bucket of a set when its level is split into bucketCount equal rank ranges (bucketCount >= 1).
    [[nodiscard]] std::uint64_t bucketOf(const ColumnSet& set, std::uint64_t bucketCount) const;
    /// Bucket of a rank within a level of levelSize sets split into bucketCount buckets.
    [[nodiscard]] static std::uint64_t bucketOfRank(std::uint64_t rank, std::uint64_t levelSize,
                                                    std::uint64_t bucketCount);
    /// The ranks a bucket holds (empty when there are more buckets than sets).
    [[nodiscard]] static RankRange bucketRanks(std::uint64_t bucket, std::uint64_t levelSize,
                                               std::uint64_t bucketCount);

    /// Per size s (index 0..levelCount()), how many searched sets of size s contain at least one
    /// of the given sets (an up-closure count, computed without enumerating the lattice; sets
    /// outside the searched columns are ignored).
    [[nodiscard]] std::vector<std::uint64_t> countContainingAny(std::span<const ColumnSet> sets) const;

    /// Position of a searched table column among the searched columns (0..n-1); the column must be searched.
    [[nodiscard]] int localIndex(int column) const;
    /// Table column of a searched position 0..n-1.
    [[nodiscard]] int tableColumn(int localIndex) const { return m_positions[static_cast<std::size_t>(localIndex)]; }

private:
    ColumnSet m_searched;
    int m_columnCount = 0;
    int m_searchedLevelCount = 0;
    int m_levelCount = 0;
    /// Table column of each searched position, ascending.
    std::vector<int> m_positions;
};

} // namespace qiscout::core
