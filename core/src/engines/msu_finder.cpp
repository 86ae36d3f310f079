// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/msu_finder.h"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <span>
#include <tuple>
#include <utility>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>

namespace qiscout::core {
namespace {

// An MSU inside the search: its row and the local columns it covers. The items are the row's values
// on those columns, so a set of columns is all an MSU needs while it travels up the recursion.
struct FoundMsu {
    std::uint32_t row = 0;
    std::uint64_t localColumns = 0;
};

// The table as ranks: items that can belong to an MSU of two or more items (support between 2 and
// R - 1) are numbered 1..M by ascending support; every other cell holds 0, which is a candidate
// nowhere. Unique items are the 1-MSUs and items in every row cannot be part of an MSU.
class RankedTable {
public:
    RankedTable(const EncodedTable& table, const ColumnSet& columns)
        : m_columns(columns.columns())
        , m_rowCount(table.rowCount)
    {
        const std::size_t width = m_columns.size();
        struct Candidate {
            std::uint32_t support;
            std::uint32_t localColumn;
            std::uint32_t code;
        };
        std::vector<Candidate> candidates;
        for (std::size_t c = 0; c < width; ++c) {
            const EncodedColumn& column = table.columns[static_cast<std::size_t>(m_columns[c])];
            for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
                const std::uint32_t support = column.frequencies[code];
                if (support >= 2 && support < m_rowCount)
                    candidates.push_back({support, static_cast<std::uint32_t>(c), code});
            }
        }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            return std::tie(a.support, a.localColumn, a.code) < std::tie(b.support, b.localColumn, b.code);
        });

        std::vector<std::vector<std::uint32_t>> rankOfCode(width);
        for (std::size_t c = 0; c < width; ++c)
            rankOfCode[c].assign(table.columns[static_cast<std::size_t>(m_columns[c])].distinctCount(), 0);
        m_columnOfRank.assign(1, 0);
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            rankOfCode[candidates[i].localColumn][candidates[i].code] = static_cast<std::uint32_t>(i + 1);
            m_columnOfRank.push_back(candidates[i].localColumn);
        }
        m_cells.resize(std::size_t{m_rowCount} * width);
        for (std::size_t c = 0; c < width; ++c) {
            const auto& codes = table.columns[static_cast<std::size_t>(m_columns[c])].codes;
            for (std::uint32_t row = 0; row < m_rowCount; ++row)
                m_cells[row * width + c] = rankOfCode[c][codes[row]];
        }

        // The whole table's buckets: the rows of each item, rank by rank.
        m_candidates.resize(candidates.size());
        std::iota(m_candidates.begin(), m_candidates.end(), 1U);
        m_supports.assign(1, 0);
        m_bucketStart.assign(1, 0);
        for (const Candidate& candidate : candidates) {
            m_supports.push_back(candidate.support);
            m_bucketStart.push_back(m_bucketStart.back() + candidate.support);
        }
        m_bucketRows.resize(m_bucketStart.back());
        std::vector<std::uint32_t> next(m_bucketStart.begin(), m_bucketStart.end() - 1);
        for (std::uint32_t row = 0; row < m_rowCount; ++row)
            for (const std::uint32_t rank : this->row(row))
                if (rank != 0)
                    m_bucketRows[next[rank - 1]++] = row;
    }

    [[nodiscard]] std::size_t width() const { return m_columns.size(); }
    [[nodiscard]] std::uint32_t itemCount() const { return static_cast<std::uint32_t>(m_columnOfRank.size() - 1); }
    [[nodiscard]] std::uint32_t columnOfRank(std::uint32_t rank) const { return m_columnOfRank[rank]; }
    [[nodiscard]] std::span<const std::uint32_t> row(std::uint32_t row) const
    {
        return {m_cells.data() + std::size_t{row} * width(), width()};
    }
    [[nodiscard]] int globalColumn(std::size_t localColumn) const { return m_columns[localColumn]; }

    [[nodiscard]] const std::vector<std::uint32_t>& candidates() const { return m_candidates; }
    /// Rank -> support in the whole table (rank 0 unused).
    [[nodiscard]] const std::vector<std::uint32_t>& supports() const { return m_supports; }
    /// Bucket i holds the rows of candidates()[i]: bucketRows()[bucketStart()[i] .. bucketStart()[i + 1]).
    [[nodiscard]] const std::vector<std::uint32_t>& bucketStart() const { return m_bucketStart; }
    [[nodiscard]] const std::vector<std::uint32_t>& bucketRows() const { return m_bucketRows; }

private:
    std::vector<int> m_columns;
    std::uint32_t m_rowCount;
    std::vector<std::uint32_t> m_cells;
    std::vector<std::uint32_t> m_candidates;
    std::vector<std::uint32_t> m_supports;
    std::vector<std::uint32_t> m_bucketStart;
    std::vector<std::uint32_t> m_bucketRows;
    std::vector<std::uint32_t> m_columnOfRank;
};

// The working storage of one recursion depth, reused from one sub-table to the next. Depth 0 is
// the whole table, whose buckets RankedTable holds.
struct Level {
    // Rank -> support in this level's sub-table; meaningful for the candidates only.
    std::vector<std::uint32_t> counts;
    // Rank -> 1 + index in `candidates`, or 0 for an item that cannot be part of an MSU here.
    std::vector<std::uint32_t> position;
    // Rank -> the sub-table's rows holding the item (depth >= 1), and the ranks seen.
    std::vector<std::vector<std::uint32_t>> rowsOf;
    std::vector<std::uint32_t> touched;
    // Local column -> largest position of a candidate in it (0: none).
    std::vector<std::uint32_t> lastPositionOfColumn;
    std::vector<std::uint32_t> childColumns;
    // Candidates by ascending support here, and the rows of each.
    std::vector<std::uint32_t> candidates;
    std::vector<std::span<const std::uint32_t>> buckets;
};

// Thread: one per worker thread (enumerable_thread_specific); never shared.
class SubTableSearch {
public:
    SubTableSearch(const RankedTable& table, const std::stop_token& stop)
        : m_table(table)
        , m_stop(stop)
        , m_levels(table.width() + 2)
    {
        for (Level& level : m_levels) {
            level.counts.assign(table.itemCount() + 1, 0);
            level.position.assign(table.itemCount() + 1, 0);
            level.lastPositionOfColumn.assign(table.width(), 0);
        }
        for (std::size_t depth = 1; depth < m_levels.size(); ++depth)
            m_levels[depth].rowsOf.resize(table.itemCount() + 1);
        Level& top = m_levels[0];
        top.counts = table.supports();
        top.candidates = table.candidates();
        for (std::size_t i = 0; i < top.candidates.size(); ++i) {
            const std::uint32_t rank = top.candidates[i];
            top.buckets.push_back(
                std::span(table.bucketRows())
                    .subspan(table.bucketStart()[i], table.bucketStart()[i + 1] - table.bucketStart()[i]));
            top.position[rank] = rank;
            auto& last = top.lastPositionOfColumn[table.columnOfRank(rank)];
            last = std::max(last, rank);
        }
    }

    // The MSUs of the whole table that contain the candidate with this rank and otherwise only
    // items ranked above it, with at most `budget` items; appended to `found`.
    void searchFromTop(std::uint32_t rank, int budget, std::span<const std::uint32_t> columns,
                       std::vector<FoundMsu>& found)
    {
        searchChild(0, rank - 1, budget, columns, found);
    }

    [[nodiscard]] std::uint64_t rowsScanned() const { return m_rowsScanned; }

private:
    // Recurses into the sub-table of the index-th candidate i of the level at `depth`, over the
    // candidates after i there, and keeps each MSU J found for which this level has a special row,
    // as the MSU J + i.
    void searchChild(std::size_t depth, std::size_t index, int budget, std::span<const std::uint32_t> columns,
                     std::vector<FoundMsu>& found)
    {
        Level& level = m_levels[depth];
        const std::uint32_t rank = level.candidates[index];
        const std::uint32_t itemColumn = m_table.columnOfRank(rank);
        const auto position = static_cast<std::uint32_t>(index + 1);
        level.childColumns.clear();
        for (const std::uint32_t column : columns)
            if (column != itemColumn && level.lastPositionOfColumn[column] > position)
                level.childColumns.push_back(column);
        const std::span<const std::uint32_t> rows = level.buckets[index];
        // An MSU J of the sub-table has one item per column and needs |J| + 1 rows there (its own
        // and, for each item x, one holding J - x but not x).
        const int childBudget = static_cast<int>(
            std::min<std::size_t>({static_cast<std::size_t>(budget - 1), rows.size() - 1, level.childColumns.size()}));
        if (childBudget < 1)
            return;
        const std::size_t before = found.size();
        search(rows, depth + 1, position, childBudget, level.childColumns, found);
        keepWithSpecialRow(depth, rank, found, before);
    }

    // The MSUs, with at most `budget` items, of the sub-table formed by `rows` (at `depth` >= 1)
    // over the parent level's candidates placed after `afterPosition`; appended to `found`.
    void search(std::span<const std::uint32_t> rows, std::size_t depth, std::uint32_t afterPosition, int budget,
                std::span<const std::uint32_t> columns, std::vector<FoundMsu>& found)
    {
        if (m_stop.stop_requested())
            return;
        m_rowsScanned += rows.size();
        Level& level = m_levels[depth];
        const Level& parent = m_levels[depth - 1];
        for (const std::uint32_t row : rows) {
            const auto cells = m_table.row(row);
            for (const std::uint32_t column : columns) {
                const std::uint32_t rank = cells[column];
                if (parent.position[rank] <= afterPosition)
                    continue;
                auto& holders = level.rowsOf[rank];
                if (holders.empty())
                    level.touched.push_back(rank);
                holders.push_back(row);
            }
        }

        // Unique items are the sub-table's 1-MSUs; items in every row cannot be part of an MSU. An
        // item whose rows all lie in this sub-table has no special row outside it: left out too.
        level.candidates.clear();
        for (const std::uint32_t rank : level.touched) {
            const auto support = static_cast<std::uint32_t>(level.rowsOf[rank].size());
            if (support == parent.counts[rank] || support == rows.size())
                continue;
            if (support == 1) {
                found.push_back({level.rowsOf[rank].front(), std::uint64_t{1} << m_table.columnOfRank(rank)});
            } else if (budget >= 2) {
                level.candidates.push_back(rank);
                level.counts[rank] = support;
            }
        }
        if (!level.candidates.empty()) {
            orderCandidates(level, columns);
            for (std::size_t i = 0; i < level.candidates.size(); ++i)
                searchChild(depth, i, budget, columns, found);
            for (const std::uint32_t rank : level.candidates)
                level.position[rank] = 0;
        }
        for (const std::uint32_t rank : level.touched)
            level.rowsOf[rank].clear();
        level.touched.clear();
    }

    // Rarest first, as SUDA2 orders items: early items have small sub-tables, late ones few items
    // left to combine with.
    void orderCandidates(Level& level, std::span<const std::uint32_t> columns)
    {
        std::sort(level.candidates.begin(), level.candidates.end(), [&](std::uint32_t a, std::uint32_t b) {
            return std::pair(level.counts[a], a) < std::pair(level.counts[b], b);
        });
        for (const std::uint32_t column : columns)
            level.lastPositionOfColumn[column] = 0;
        level.buckets.clear();
        for (std::size_t i = 0; i < level.candidates.size(); ++i) {
            const std::uint32_t rank = level.candidates[i];
            level.position[rank] = static_cast<std::uint32_t>(i + 1);
            level.lastPositionOfColumn[m_table.columnOfRank(rank)] = static_cast<std::uint32_t>(i + 1);
            level.buckets.emplace_back(level.rowsOf[rank]);
        }
    }

    // A sub-table MSU J of item i's rows is an MSU of this level's table with i added exactly when
    // some row here lacks i but holds J (so J alone is not unique here). Such a row lies in the
    // bucket of each item of J, all candidates here; the smallest bucket is searched.
    void keepWithSpecialRow(std::size_t depth, std::uint32_t itemRank, std::vector<FoundMsu>& found, std::size_t first)
    {
        const Level& level = m_levels[depth];
        const std::uint32_t itemColumn = m_table.columnOfRank(itemRank);
        std::size_t kept = first;
        for (std::size_t i = first; i < found.size(); ++i) {
            const FoundMsu msu = found[i];
            const auto unique = m_table.row(msu.row);
            m_pattern.clear();
            std::uint32_t pivot = 0;
            for (std::uint64_t rest = msu.localColumns; rest != 0; rest &= rest - 1) {
                const auto column = static_cast<std::uint32_t>(std::countr_zero(rest));
                const std::uint32_t rank = unique[column];
                m_pattern.emplace_back(column, rank);
                if (pivot == 0 || level.counts[rank] < level.counts[pivot])
                    pivot = rank;
            }
            const auto pivotRows = level.buckets[level.position[pivot] - 1];
            const bool special = std::any_of(pivotRows.begin(), pivotRows.end(), [&](std::uint32_t row) {
                const auto cells = m_table.row(row);
                return cells[itemColumn] != itemRank &&
                       std::all_of(m_pattern.begin(), m_pattern.end(),
                                   [&](const auto& item) { return cells[item.first] == item.second; });
            });
            if (special)
                found[kept++] = {msu.row, msu.localColumns | (std::uint64_t{1} << itemColumn)};
        }
        found.resize(kept);
    }

    const RankedTable& m_table;
    const std::stop_token& m_stop;
    std::vector<Level> m_levels;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_pattern;
    std::uint64_t m_rowsScanned = 0;
};

} // namespace

MsuSearchOutcome findMinimalSampleUniques(const EncodedTable& table, const ColumnSet& columns, int maxSize,
                                          std::stop_token stop)
{
    MsuSearchOutcome outcome;
    if (columns.empty() || maxSize < 1 || table.rowCount == 0)
        return outcome;
    const RankedTable ranked(table, columns);

    std::vector<FoundMsu> found;
    for (std::size_t c = 0; c < ranked.width(); ++c) {
        const EncodedColumn& column = table.columns[static_cast<std::size_t>(ranked.globalColumn(c))];
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            if (column.frequencies[column.codes[row]] == 1)
                found.push_back({row, std::uint64_t{1} << c});
    }

    const std::uint32_t itemCount = ranked.itemCount();
    if (maxSize >= 2 && itemCount > 0) {
        std::vector<std::uint32_t> allColumns(ranked.width());
        std::iota(allColumns.begin(), allColumns.end(), 0U);
        tbb::enumerable_thread_specific<SubTableSearch> searches([&] { return SubTableSearch(ranked, stop); });
        std::vector<std::vector<FoundMsu>> foundPerItem(itemCount + 1);
        tbb::task_group_context context;
        const std::stop_callback cancel(stop, [&context] { context.cancel_group_execution(); });
        // Each task's findings are also handed over through this mutex, besides TBB's join:
        // Debian's libtbb is not built for ThreadSanitizer, which only sees the mutex.
        std::mutex published;
        // One task per top-level item, as MTS2 does.
        tbb::parallel_for(
            tbb::blocked_range<std::uint32_t>(1, itemCount + 1, 1),
            [&](const tbb::blocked_range<std::uint32_t>& range) {
                SubTableSearch& search = searches.local();
                for (std::uint32_t rank = range.begin(); rank != range.end(); ++rank)
                    search.searchFromTop(rank, maxSize, allColumns, foundPerItem[rank]);
                const std::lock_guard done(published);
            },
            tbb::simple_partitioner(), context);
        const std::lock_guard collected(published);
        for (const auto& local : foundPerItem)
            found.insert(found.end(), local.begin(), local.end());
        for (const SubTableSearch& search : searches)
            outcome.rowsScanned += search.rowsScanned();
    }
    outcome.complete = !stop.stop_requested();

    // By size, then items (column, then code), then row; local columns keep the global order.
    const auto code = [&](std::uint32_t row, std::uint64_t localColumns) {
        const auto column =
            static_cast<std::size_t>(ranked.globalColumn(static_cast<std::size_t>(std::countr_zero(localColumns))));
        return table.columns[column].codes[row];
    };
    std::sort(found.begin(), found.end(), [&](const FoundMsu& a, const FoundMsu& b) {
        const int sizeA = std::popcount(a.localColumns);
        const int sizeB = std::popcount(b.localColumns);
        if (sizeA != sizeB)
            return sizeA < sizeB;
        for (std::uint64_t restA = a.localColumns, restB = b.localColumns; restA != 0;
             restA &= restA - 1, restB &= restB - 1) {
            if (std::countr_zero(restA) != std::countr_zero(restB))
                return std::countr_zero(restA) < std::countr_zero(restB);
            const std::uint32_t codeA = code(a.row, restA);
            const std::uint32_t codeB = code(b.row, restB);
            if (codeA != codeB)
                return codeA < codeB;
        }
        return a.row < b.row;
    });
    outcome.msus.reserve(found.size());
    for (const FoundMsu& msu : found) {
        MinimalSampleUnique unique;
        unique.row = msu.row;
        unique.items.reserve(static_cast<std::size_t>(std::popcount(msu.localColumns)));
        for (std::uint64_t rest = msu.localColumns; rest != 0; rest &= rest - 1) {
            const int column = ranked.globalColumn(static_cast<std::size_t>(std::countr_zero(rest)));
            unique.items.push_back({column, code(msu.row, rest)});
        }
        outcome.msus.push_back(std::move(unique));
    }
    return outcome;
}

} // namespace qiscout::core
