// SPDX-License-Identifier: GPL-3.0-or-later
// SUDA2 (Manning and Haglin) with every pruning property of the paper: items ranked rarest first,
// unique items recorded as 1-MSUs, items held by every row of a (sub-)table dropped (uniform
// support), an MSU no larger than the rows of its rarest item (support rows), perfectly correlated
// items merged into one and expanded again on the way up, and no special-row check for candidates
// of two items.
//
// Past 500 lines because its parts (the ranked table, the levels with lists of rows or words, the
// special-row checks on the whole table) are the state and steps of one recursion, private to it.
#include "engines/msu_finder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "partition/class_partition.h"
#include "util/bit_count.h"
#include "util/mask_map.h"

namespace qiscout::core {
namespace {

// An MSU inside the search: its row and the local columns it covers. The items are the row's values
// on those columns, so a set of columns is all an MSU needs while it travels up the recursion.
struct FoundMsu {
    std::uint32_t row = 0;
    std::uint64_t localColumns = 0;
};

// The local columns of an MSU are the bits of a 64-bit mask.
constexpr std::size_t maxLocalColumns = std::numeric_limits<std::uint64_t>::digits;

constexpr std::uint64_t bit(std::uint32_t column)
{
    return std::uint64_t{1} << column;
}

// Not std::has_single_bit: a library call on the x86-64 baseline, in the search's hot loops.
constexpr bool hasOneBit(std::uint64_t word)
{
    return word != 0 && (word & (word - 1)) == 0;
}

// Keeps each MSU J of found[first..] for which `special(J)` finds a special row, as J plus the item
// in `itemColumn`. A single item J always has one (see keepWithSpecialRow).
template <typename Special>
void keepSpecial(std::vector<FoundMsu>& found, std::size_t first, std::uint64_t itemColumn, const Special& special)
{
    std::size_t kept = first;
    for (std::size_t i = first; i < found.size(); ++i) {
        const FoundMsu msu = found[i];
        if (hasOneBit(msu.localColumns) || special(msu))
            found[kept++] = {msu.row, msu.localColumns | itemColumn};
    }
    found.resize(kept);
}

// The table as ranks: items that can belong to an MSU of two or more items (support between 2 and
// R - 1) are numbered 1..M by ascending support, then column, then code; every other cell holds 0,
// which is a candidate nowhere. Unique items are the 1-MSUs; items in every row cannot be part of
// an MSU; missing values are no items at all unless the options say so.
class RankedTable {
public:
    RankedTable(const EncodedTable& table, const MsuSearchOptions& options)
        : m_columns(options.columns.columns())
        , m_rowCount(table.rowCount)
    {
        const std::size_t width = m_columns.size();
        struct Candidate {
            std::uint32_t support;
            std::uint32_t localColumn;
            std::uint32_t code;
        };
        std::vector<Candidate> candidates;
        std::vector<std::vector<std::uint32_t>> rankOfCode(width);
        std::vector<std::vector<bool>> uniqueCode(width);
        for (std::size_t c = 0; c < width; ++c) {
            const EncodedColumn& column = table.columns[static_cast<std::size_t>(m_columns[c])];
            rankOfCode[c].assign(column.distinctCount(), 0);
            uniqueCode[c].assign(column.distinctCount(), false);
            for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
                if (!options.missingValuesAreItems && column.missing[code])
                    continue;
                const std::uint32_t support = column.frequencies[code];
                uniqueCode[c][code] = support == 1;
                if (support >= 2 && support < m_rowCount)
                    candidates.push_back({support, static_cast<std::uint32_t>(c), code});
            }
        }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            return std::tie(a.support, a.localColumn, a.code) < std::tie(b.support, b.localColumn, b.code);
        });

        m_columnOfRank.assign(1, 0);
        m_supports.assign(1, 0);
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            rankOfCode[candidates[i].localColumn][candidates[i].code] = static_cast<std::uint32_t>(i + 1);
            m_columnOfRank.push_back(candidates[i].localColumn);
            m_supports.push_back(candidates[i].support);
        }
        m_cells.resize(std::size_t{m_rowCount} * width);
        for (std::size_t c = 0; c < width; ++c) {
            const auto& codes = table.columns[static_cast<std::size_t>(m_columns[c])].codes;
            for (std::uint32_t row = 0; row < m_rowCount; ++row) {
                m_cells[row * width + c] = rankOfCode[c][codes[row]];
                if (uniqueCode[c][codes[row]])
                    m_uniques.push_back({row, bit(static_cast<std::uint32_t>(c))});
            }
        }
    }

    [[nodiscard]] std::size_t width() const { return m_columns.size(); }
    [[nodiscard]] std::uint32_t rowCount() const { return m_rowCount; }
    [[nodiscard]] std::uint32_t itemCount() const { return static_cast<std::uint32_t>(m_columnOfRank.size() - 1); }
    [[nodiscard]] std::uint32_t columnOfRank(std::uint32_t rank) const { return m_columnOfRank[rank]; }
    [[nodiscard]] std::span<const std::uint32_t> row(std::uint32_t row) const
    {
        return {m_cells.data() + std::size_t{row} * width(), width()};
    }
    /// The 1-MSUs of the whole table.
    [[nodiscard]] const std::vector<FoundMsu>& uniques() const { return m_uniques; }

private:
    std::vector<int> m_columns;
    std::uint32_t m_rowCount;
    std::vector<std::uint32_t> m_cells;
    std::vector<std::uint32_t> m_columnOfRank;
    std::vector<std::uint32_t> m_supports;
    std::vector<FoundMsu> m_uniques;
};

// Rows of a sub-table searched by words, as bits: bit k is the k-th row of the sub-table where the
// word search began. One word up to 64 rows, up to eight words up to maxWordRows (see searchWords).
constexpr std::size_t maxWordRows = 512;

template <std::size_t Words>
struct RowWords {
    std::array<std::uint64_t, Words> word{};

    /// The first `rows` rows.
    static RowWords first(std::size_t rows)
    {
        RowWords all;
        for (std::size_t i = 0; i < Words; ++i) {
            const std::size_t from = i * 64;
            all.word[i] = rows >= from + 64 ? ~std::uint64_t{0}
                          : rows > from     ? (std::uint64_t{1} << (rows - from)) - 1
                                            : 0;
        }
        return all;
    }
    [[nodiscard]] bool empty() const
    {
        std::uint64_t any = 0;
        for (const std::uint64_t w : word)
            any |= w;
        return any == 0;
    }
    [[nodiscard]] int count() const
    {
        int total = 0;
        for (const std::uint64_t w : word)
            total += countBits(w);
        return total;
    }
    [[nodiscard]] bool single() const
    {
        if constexpr (Words == 1)
            return hasOneBit(word[0]);
        else
            return count() == 1;
    }
    /// The lowest row (the only one, where it is called).
    [[nodiscard]] std::size_t lowest() const
    {
        std::size_t i = 0;
        while (word[i] == 0)
            ++i;
        return i * 64 + static_cast<std::size_t>(std::countr_zero(word[i]));
    }
    RowWords& operator&=(const RowWords& other)
    {
        for (std::size_t i = 0; i < Words; ++i)
            word[i] &= other.word[i];
        return *this;
    }
    friend RowWords operator&(RowWords a, const RowWords& b) { return a &= b; }
    friend RowWords operator~(RowWords a)
    {
        for (std::uint64_t& w : a.word)
            w = ~w;
        return a;
    }
    friend auto operator<=>(const RowWords&, const RowWords&) = default;
};

// A candidate of a sub-table searched by words.
template <std::size_t Words>
struct WordItem {
    std::uint32_t count = 0;
    std::uint32_t rank = 0;
    RowWords<Words> rows;
};

// One level of the recursion: a (sub-)table, which is the rows holding some items (the whole table
// at depth 0), and the items that can still be part of an MSU there.
struct Level {
    Level(std::uint32_t itemCount, std::size_t width)
        : counts(itemCount + 1, 0)
        , position(itemCount + 1, 0)
        , aliasColumns(itemCount + 1, 0)
        , rowsOf(itemCount + 1)
        , holderCount(itemCount + 1, 0)
        , soleRow(itemCount + 1, 0)
        , lastPositionOfColumn(width, 0)
        , rowBits(itemCount + 1, 0)
        , wideSlot(itemCount + 1, 0)
    {}

    // Rank -> rows holding the item here; meaningful for the candidates only.
    std::vector<std::uint32_t> counts;
    // Rank -> 1 + index in `candidates` (in `wordItems` on a level searched by words), or 0 for an
    // item that is no candidate here.
    std::vector<std::uint32_t> position;
    // Rank -> local columns of the items merged into this candidate because they are held by
    // exactly its rows here; meaningful for the candidates only.
    std::vector<std::uint64_t> aliasColumns;
    // The columns of the candidates with aliases: most levels have none, and only MSUs holding such
    // a candidate need expansion.
    std::uint64_t columnsWithAliases = 0;
    // Rank -> the rows here holding the item, and the ranks seen, while the level lives.
    std::vector<std::vector<std::uint32_t>> rowsOf;
    std::vector<std::uint32_t> touched;
    // Rank -> rows holding the item and the last of them, while a search of one-item MSUs counts
    // them (zero outside it).
    std::vector<std::uint32_t> holderCount;
    std::vector<std::uint32_t> soleRow;
    // The columns this level's items come from.
    std::vector<std::uint32_t> columns;
    // Local column -> largest position of a candidate in it (0: none).
    std::vector<std::uint32_t> lastPositionOfColumn;
    // Candidates by ascending count here, then rank, and the rows of each.
    std::vector<std::uint32_t> candidates;
    std::vector<std::span<const std::uint32_t>> buckets;
    // Scratch of the ordering and merge: count << 32 | rank per candidate, and (hash of the rows,
    // rank) per candidate of one count.
    std::vector<std::uint64_t> byCount;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> signatures;

    // A level searched by words (a sub-table of at most 512 rows, see SubTableSearch::searchWords):
    // while the sub-table is read, rank -> the item's rows as one word, or for more than 64 rows
    // rank -> 1 + the item's slot in `wideBits` (both zero outside it); the candidates with their
    // rows as bits, rarest first, and per candidate the columns of it and the ones after.
    std::vector<std::uint64_t> rowBits;
    std::vector<std::uint32_t> wideSlot;
    std::vector<std::uint64_t> wideBits;
    std::tuple<std::vector<WordItem<1>>, std::vector<WordItem<2>>, std::vector<WordItem<4>>, std::vector<WordItem<8>>>
        wordItemsByWidth;
    std::vector<std::uint64_t> columnsFrom;

    template <std::size_t Words>
    std::vector<WordItem<Words>>& wordItems()
    {
        return std::get<std::vector<WordItem<Words>>>(wordItemsByWidth);
    }
    template <std::size_t Words>
    [[nodiscard]] const std::vector<WordItem<Words>>& wordItems() const
    {
        return std::get<std::vector<WordItem<Words>>>(wordItemsByWidth);
    }
};

std::uint64_t hashRows(std::span<const std::uint32_t> rows)
{
    std::uint64_t hash = 0;
    for (const std::uint32_t row : rows)
        hash = (hash ^ row) * 0x9E3779B97F4A7C15ULL;
    return hash;
}

// Keeps, of the items seen on a level, those that can be part of an MSU of two or more items
// there, merges the perfectly correlated ones and orders them rarest first; unique items are the
// level's 1-MSUs and go to `found`. `parent` is null for the whole table.
void settleLevel(const RankedTable& table, Level& level, std::size_t rowCount, const Level* parent, int budget,
                 std::vector<FoundMsu>& found)
{
    level.byCount.clear();
    for (const std::uint32_t rank : level.touched) {
        const auto& holders = level.rowsOf[rank];
        const auto support = static_cast<std::uint32_t>(holders.size());
        // An item whose rows all lie in this sub-table has no special row outside it, and an item
        // in every row here is uniform: neither can extend an MSU found here.
        if ((parent != nullptr && support == parent->counts[rank]) || support == rowCount)
            continue;
        if (support == 1) {
            found.push_back({holders.front(), bit(table.columnOfRank(rank))});
        } else if (budget >= 2) {
            level.byCount.push_back(std::uint64_t{support} << 32 | rank);
            level.counts[rank] = support;
            level.aliasColumns[rank] = 0;
        }
    }

    // Rarest first, as SUDA2 orders items: early items have small sub-tables, late ones few items
    // left to combine with. Perfectly correlated items (the same rows here) share every MSU but
    // never meet in one: only the lowest-ranked of them stays a candidate, the others become its
    // aliases. They have the same count, so only items sharing their count are compared (most
    // counts are held by one item).
    std::sort(level.byCount.begin(), level.byCount.end());
    level.candidates.clear();
    level.columnsWithAliases = 0;
    for (std::size_t begin = 0; begin < level.byCount.size();) {
        const std::uint64_t count = level.byCount[begin] >> 32;
        std::size_t end = begin + 1;
        while (end < level.byCount.size() && level.byCount[end] >> 32 == count)
            ++end;
        if (end - begin == 1) {
            level.candidates.push_back(static_cast<std::uint32_t>(level.byCount[begin]));
            begin = end;
            continue;
        }
        level.signatures.clear();
        for (std::size_t i = begin; i < end; ++i) {
            const auto rank = static_cast<std::uint32_t>(level.byCount[i]);
            level.signatures.emplace_back(hashRows(level.rowsOf[rank]), rank);
        }
        std::sort(level.signatures.begin(), level.signatures.end());
        const std::size_t firstOfCount = level.candidates.size();
        for (std::size_t group = 0; group < level.signatures.size();) {
            std::size_t groupEnd = group + 1;
            while (groupEnd < level.signatures.size() &&
                   level.signatures[groupEnd].first == level.signatures[group].first)
                ++groupEnd;
            const std::size_t firstOfGroup = level.candidates.size();
            for (std::size_t i = group; i < groupEnd; ++i) {
                const std::uint32_t rank = level.signatures[i].second;
                const auto representative = std::find_if(
                    level.candidates.begin() + static_cast<std::ptrdiff_t>(firstOfGroup), level.candidates.end(),
                    [&](std::uint32_t other) { return level.rowsOf[other] == level.rowsOf[rank]; });
                if (representative == level.candidates.end()) {
                    level.candidates.push_back(rank);
                } else {
                    level.aliasColumns[*representative] |= bit(table.columnOfRank(rank));
                    level.columnsWithAliases |= bit(table.columnOfRank(*representative));
                }
            }
            group = groupEnd;
        }
        std::sort(level.candidates.begin() + static_cast<std::ptrdiff_t>(firstOfCount), level.candidates.end());
        begin = end;
    }

    for (const std::uint32_t column : level.columns)
        level.lastPositionOfColumn[column] = 0;
    level.buckets.clear();
    for (std::size_t i = 0; i < level.candidates.size(); ++i) {
        const std::uint32_t rank = level.candidates[i];
        level.position[rank] = static_cast<std::uint32_t>(i + 1);
        level.lastPositionOfColumn[table.columnOfRank(rank)] = static_cast<std::uint32_t>(i + 1);
        level.buckets.emplace_back(level.rowsOf[rank]);
    }
}

// The whole table as the recursion's level 0, shared read-only by every worker.
Level wholeTableLevel(const RankedTable& table, int maxSize)
{
    Level top(table.itemCount(), table.width());
    top.columns.resize(table.width());
    std::iota(top.columns.begin(), top.columns.end(), 0U);
    for (std::uint32_t row = 0; row < table.rowCount(); ++row)
        for (const std::uint32_t rank : table.row(row))
            if (rank != 0)
                top.rowsOf[rank].push_back(row);
    top.touched.resize(table.itemCount());
    std::iota(top.touched.begin(), top.touched.end(), 1U);
    std::vector<FoundMsu> none;
    settleLevel(table, top, table.rowCount(), nullptr, maxSize, none);
    return top;
}

// The rows of the whole table's common items as bitsets, for the special-row check on the whole
// table: there an MSU J of item i's sub-table is unique in i's rows, so a row holding J without i
// exists exactly when J is held by two rows or more. When J's rarest item is common, ANDing its
// items' bitsets answers that in R / 64 word operations per item, where a scan of the rarest
// item's rows would visit hundreds or thousands of rows, all of them when J is unique. The most
// common items get bitsets, down to 64 rows, within twice the memory of the ranked table (at
// least 64 MiB).
class CommonItemRows {
public:
    CommonItemRows(const RankedTable& table, const Level& top)
        : m_words((std::size_t{table.rowCount()} + 63) / 64)
        , m_offset(table.itemCount() + 1, none)
    {
        std::vector<std::size_t> byCount(top.candidates.size());
        std::iota(byCount.begin(), byCount.end(), 0);
        std::sort(byCount.begin(), byCount.end(),
                  [&](std::size_t a, std::size_t b) { return top.buckets[a].size() > top.buckets[b].size(); });
        const std::size_t budget =
            std::max<std::size_t>(std::size_t{1} << 23, std::size_t{table.rowCount()} * table.width() / 4);
        std::size_t end = 0;
        // Whole count groups only, so that every item as common as a covered one is covered.
        while (end < byCount.size() && top.buckets[byCount[end]].size() >= 64 && (end + 1) * m_words <= budget) {
            const std::size_t count = top.buckets[byCount[end]].size();
            std::size_t groupEnd = end;
            while (groupEnd < byCount.size() && top.buckets[byCount[groupEnd]].size() == count)
                ++groupEnd;
            if (groupEnd * m_words > budget)
                break;
            end = groupEnd;
            m_from = count;
        }
        m_bits.assign(end * m_words, 0);
        for (std::size_t i = 0; i < end; ++i) {
            const std::uint32_t rank = top.candidates[byCount[i]];
            m_offset[rank] = i * m_words;
            for (const std::uint32_t row : top.buckets[byCount[i]])
                m_bits[m_offset[rank] + row / 64] |= std::uint64_t{1} << (row % 64);
        }
    }

    /// Whether the bitsets answer a check of `items` items whose rarest has `rows` rows faster
    /// than a scan of those rows (a row visited costs about four word operations).
    [[nodiscard]] bool faster(std::size_t rows, std::size_t items) const
    {
        return rows >= m_from && 4 * rows >= cost(items);
    }

    /// Word operations of a check of `items` items.
    [[nodiscard]] std::uint64_t cost(std::size_t items) const { return items * m_words; }

    /// Whether a row other than `row`, which holds them, holds every item of `ranks` (all covered,
    /// two or more).
    [[nodiscard]] bool heldElsewhere(std::uint32_t row, std::span<const std::uint32_t> ranks) const
    {
        std::array<const std::uint64_t*, maxLocalColumns> sets; // the first ranks.size() are set
        for (std::size_t i = 0; i < ranks.size(); ++i)
            sets[i] = m_bits.data() + m_offset[ranks[i]];
        // Two and three items are most checks; their words are ANDed without a loop over the items.
        switch (ranks.size()) {
        case 2:
            return anyElsewhere(row, [&](std::size_t word) { return sets[0][word] & sets[1][word]; });
        case 3:
            return anyElsewhere(row, [&](std::size_t word) { return sets[0][word] & sets[1][word] & sets[2][word]; });
        default:
            return anyElsewhere(row, [&](std::size_t word) {
                std::uint64_t common = sets[0][word] & sets[1][word] & sets[2][word];
                for (std::size_t i = 3; i < ranks.size(); ++i)
                    common &= sets[i][word];
                return common;
            });
        }
    }

private:
    // Whether some word of `common(word)` has a bit other than `row`'s.
    template <typename Common>
    [[gnu::always_inline]] bool anyElsewhere(std::uint32_t row, const Common& common) const
    {
        const std::size_t rowWord = row / 64;
        for (std::size_t word = 0; word < rowWord; ++word)
            if (common(word) != 0)
                return true;
        if ((common(rowWord) & ~(std::uint64_t{1} << (row % 64))) != 0)
            return true;
        for (std::size_t word = rowWord + 1; word < m_words; ++word)
            if (common(word) != 0)
                return true;
        return false;
    }

    static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
    std::size_t m_words;
    std::size_t m_from = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> m_offset;
    std::vector<std::uint64_t> m_bits;
};

// Whether a row's values on a set of columns are held by another row of the whole table, for the
// special-row check on the whole table: there an MSU J of item i's sub-table is unique in i's rows,
// so a row holding J without i exists exactly when J is held by two rows or more. Scanning the
// rarest bucket of J answers one check; this answers every check on J's columns at once, for the
// price of partitioning the table on them, and is built for a column set once scans on it have
// cost that much (a rent-or-buy rule: never more than twice the cheaper of the two).
// Thread: shared by the workers; build locks, and the bits it hands out are immutable.
class WholeTableRepeats {
public:
    WholeTableRepeats(const EncodedTable& table, ColumnSet columns) : m_table(table), m_columns(columns.columns()) {}

    /// The answers for the columns, built unless another worker has built them.
    const std::vector<bool>& build(std::uint64_t localColumns)
    {
        {
            const std::lock_guard lock(m_mutex);
            if (const auto it = m_built.find(localColumns); it != m_built.end())
                return *it->second;
        }
        ColumnSet set;
        for (std::uint64_t rest = localColumns; rest != 0; rest &= rest - 1)
            set = set.with(m_columns[static_cast<std::size_t>(std::countr_zero(rest))]);
        const ClassPartition partition = partitionRows(m_table, set);
        auto repeated = std::make_unique<std::vector<bool>>(m_table.rowCount);
        for (std::uint32_t row = 0; row < m_table.rowCount; ++row)
            (*repeated)[row] = partition.classSizes[partition.classOfRow[row]] >= 2;
        const std::lock_guard lock(m_mutex);
        return *m_built.try_emplace(localColumns, std::move(repeated)).first->second;
    }

private:
    const EncodedTable& m_table;
    std::vector<int> m_columns;
    mutable std::mutex m_mutex;
    std::unordered_map<std::uint64_t, std::unique_ptr<const std::vector<bool>>> m_built;
};

// Thread: one per worker thread (enumerable_thread_specific); never shared.
class SubTableSearch {
public:
    SubTableSearch(const RankedTable& table, const Level& top, const CommonItemRows& common, WholeTableRepeats& repeats,
                   const std::stop_token& stop)
        : m_table(table)
        , m_top(top)
        , m_common(common)
        , m_repeats(repeats)
        , m_stop(stop)
    {
        for (std::size_t depth = 1; depth <= table.width(); ++depth)
            m_levels.emplace_back(table.itemCount(), table.width());
    }

    // The MSUs of the whole table whose rarest item is the index-th candidate of the whole table,
    // with at most `budget` items; appended to `found`.
    void searchFromTop(std::size_t index, int budget, std::vector<FoundMsu>& found)
    {
        searchChild(0, index, budget, found);
    }

    [[nodiscard]] std::uint64_t rowsScanned() const { return m_rowsScanned; }

private:
    [[nodiscard]] const Level& at(std::size_t depth) const { return depth == 0 ? m_top : m_levels[depth - 1]; }
    Level& own(std::size_t depth) { return m_levels[depth - 1]; }

    // Recurses into the sub-table of the index-th candidate i of the level at `depth`, over the
    // candidates after i there, and keeps each MSU J found for which this level has a special row,
    // as the MSU J + i, together with its copies through this level's aliases.
    void searchChild(std::size_t depth, std::size_t index, int budget, std::vector<FoundMsu>& found)
    {
        const Level& level = at(depth);
        const std::uint32_t rank = level.candidates[index];
        const std::uint32_t itemColumn = m_table.columnOfRank(rank);
        const auto position = static_cast<std::uint32_t>(index + 1);
        Level& child = own(depth + 1);
        child.columns.clear();
        for (const std::uint32_t column : level.columns)
            if (column != itemColumn && level.lastPositionOfColumn[column] > position)
                child.columns.push_back(column);
        const std::span<const std::uint32_t> rows = level.buckets[index];
        // An MSU J of the sub-table has one item per column and needs |J| + 1 rows there (its own
        // and, for each item x, one holding J - x but not x).
        const int childBudget = static_cast<int>(
            std::min<std::size_t>({static_cast<std::size_t>(budget - 1), rows.size() - 1, child.columns.size()}));
        if (childBudget < 1)
            return;
        const std::size_t before = found.size();
        // One-item MSUs need no row sets (see searchSingles); the largest sub-tables keep lists of rows.
        if (childBudget == 1 || rows.size() > maxWordRows)
            search(rows, depth + 1, position, childBudget, found);
        else if (rows.size() <= 64)
            searchWords<1>(rows, depth + 1, position, childBudget, found);
        else if (rows.size() <= 128)
            searchWords<2>(rows, depth + 1, position, childBudget, found);
        else if (rows.size() <= 256)
            searchWords<4>(rows, depth + 1, position, childBudget, found);
        else
            searchWords<8>(rows, depth + 1, position, childBudget, found);
        keepWithSpecialRow(depth, rank, found, before);
        expandAliases(depth, found, before);
    }

    // The MSUs, with at most `budget` items, of the sub-table formed by `rows` (at `depth` >= 1)
    // over the parent level's candidates placed after `afterPosition`; appended to `found`.
    void search(std::span<const std::uint32_t> rows, std::size_t depth, std::uint32_t afterPosition, int budget,
                std::vector<FoundMsu>& found)
    {
        if (m_stop.stop_requested())
            return;
        m_rowsScanned += rows.size();
        Level& level = own(depth);
        const Level& parent = at(depth - 1);
        if (budget == 1) {
            searchSingles(rows, level, parent, afterPosition, found);
            return;
        }
        std::vector<std::uint32_t>* const rowsOf = level.rowsOf.data();
        forEachItem(rows, level, parent, afterPosition, [rowsOf, rows, &level](std::uint32_t rank, std::size_t k) {
            auto& holders = rowsOf[rank];
            if (holders.empty())
                level.touched.push_back(rank);
            holders.emplace_back(rows[k]);
        });

        settleLevel(m_table, level, rows.size(), &parent, budget, found);
        for (std::size_t i = 0; i < level.candidates.size(); ++i)
            searchChild(depth, i, budget, found);
        for (const std::uint32_t rank : level.candidates)
            level.position[rank] = 0;
        for (const std::uint32_t rank : level.touched)
            level.rowsOf[rank].clear();
        level.touched.clear();
    }

    // Calls visit(rank, k) for each item of the k-th row of `rows` on the level's columns that is a
    // candidate of the parent placed after `afterPosition`: the cells of the sub-table.
    template <typename Visit>
    [[gnu::always_inline]] void forEachItem(std::span<const std::uint32_t> rows, const Level& level,
                                            const Level& parent, std::uint32_t afterPosition, const Visit& visit) const
    {
        // Raw pointers, because the compiler cannot prove that the visits leave the vectors' own
        // members alone and reloaded them for every cell; always inlined, with the visits, since
        // this loop is a fifth of the search (callgrind on sd2011).
        const std::uint32_t* const parentPosition = parent.position.data();
        const std::span<const std::uint32_t> columns = level.columns;
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const std::uint32_t* const cells = m_table.row(rows[k]).data();
            for (const std::uint32_t column : columns) {
                const std::uint32_t rank = cells[column];
                if (parentPosition[rank] > afterPosition)
                    visit(rank, k);
            }
        }
    }

    // A sub-table searched for MSUs of one item (half of them on sd2011, most of two rows) needs
    // no row lists: its MSUs are its items held by one row. Each is a candidate of the parent,
    // held by two rows or more there, so it is neither uniform here nor confined to these rows.
    void searchSingles(std::span<const std::uint32_t> rows, Level& level, const Level& parent,
                       std::uint32_t afterPosition, std::vector<FoundMsu>& found)
    {
        std::uint32_t* const holders = level.holderCount.data();
        std::uint32_t* const soleRow = level.soleRow.data();
        forEachItem(rows, level, parent, afterPosition,
                    [holders, soleRow, rows, &level](std::uint32_t rank, std::size_t k) {
                        if (holders[rank]++ == 0)
                            level.touched.push_back(rank);
                        soleRow[rank] = rows[k];
                    });
        for (const std::uint32_t rank : level.touched) {
            if (holders[rank] == 1)
                found.push_back({soleRow[rank], bit(m_table.columnOfRank(rank))});
            holders[rank] = 0;
        }
        level.touched.clear();
    }

    // A sub-table of at most 512 rows is searched with each item's rows there as bits. An item's
    // rows in a deeper sub-table are then an AND, the tests of a level compare words, merging
    // perfectly correlated items compares words, and a special-row check is the AND of its items'
    // words, where the lists of rows cost a scan of the sub-table, a push per cell and a scan of a
    // bucket per check. A word level's sub-tables are word levels of its width. On sd2011, 263 of
    // the 285 sub-tables of two items or more that lists of rows lead to have at most 512 rows (70
    // at most 64); searching those of 65 to 512 rows by words too took its SUDA search from 9.6
    // to 8.3 ms, fertility's from 38 to 31 ms. Up to 1,024 rows was slower on gss_wages.
    //
    // The MSUs of the sub-table formed by `rows` (at most 64 x Words, at `depth` >= 1, below a
    // level with row lists) over the parent level's candidates placed after `afterPosition`; as
    // `search`.
    template <std::size_t Words>
    void searchWords(std::span<const std::uint32_t> rows, std::size_t depth, std::uint32_t afterPosition, int budget,
                     std::vector<FoundMsu>& found)
    {
        if (m_stop.stop_requested())
            return;
        m_rowsScanned += rows.size();
        m_wordRows = rows;
        Level& level = own(depth);
        const Level& parent = at(depth - 1);
        level.wordItems<Words>().clear();
        const auto all = RowWords<Words>::first(rows.size());
        const auto offer = [&](std::uint32_t rank, const RowWords<Words>& bits) {
            const bool confined = static_cast<std::size_t>(bits.count()) == parent.counts[rank];
            offerWordItem(level, rank, bits, confined, all, budget, found);
        };
        if constexpr (Words == 1) {
            std::uint64_t* const rowBits = level.rowBits.data();
            forEachItem(rows, level, parent, afterPosition, [rowBits, &level](std::uint32_t rank, std::size_t k) {
                if (rowBits[rank] == 0)
                    level.touched.push_back(rank);
                rowBits[rank] |= std::uint64_t{1} << k;
            });
            for (const std::uint32_t rank : level.touched) {
                const RowWords<1> bits{{rowBits[rank]}};
                rowBits[rank] = 0;
                offer(rank, bits);
            }
        } else {
            // A slot per item seen rather than Words words per rank: a table can have millions of items.
            std::uint32_t* const slots = level.wideSlot.data();
            std::vector<std::uint64_t>& bits = level.wideBits;
            bits.clear();
            forEachItem(rows, level, parent, afterPosition, [slots, &bits, &level](std::uint32_t rank, std::size_t k) {
                std::uint32_t slot = slots[rank];
                if (slot == 0) {
                    level.touched.push_back(rank);
                    slot = slots[rank] = static_cast<std::uint32_t>(level.touched.size());
                    bits.resize(std::size_t{slot} * Words, 0);
                }
                bits[(slot - 1) * Words + k / 64] |= std::uint64_t{1} << (k % 64);
            });
            for (std::size_t t = 0; t < level.touched.size(); ++t) {
                const std::uint32_t rank = level.touched[t];
                slots[rank] = 0;
                RowWords<Words> itemRows;
                std::copy_n(bits.begin() + static_cast<std::ptrdiff_t>(t * Words), Words, itemRows.word.begin());
                offer(rank, itemRows);
            }
        }
        level.touched.clear();
        searchWordLevel<Words>(depth, budget, found);
    }

    // Settles one item of a level searched by words, as settleLevel does: an item whose rows all lie
    // in this sub-table (`confined`) or fill it cannot extend an MSU found here, an item held by one
    // row is a 1-MSU, and the others are candidates when MSUs of two items or more are sought.
    template <std::size_t Words>
    void offerWordItem(Level& level, std::uint32_t rank, const RowWords<Words>& bits, bool confined,
                       const RowWords<Words>& all, int budget, std::vector<FoundMsu>& found) const
    {
        if (confined || bits == all)
            return;
        if (bits.single())
            found.push_back({m_wordRows[bits.lowest()], bit(m_table.columnOfRank(rank))});
        else if (budget >= 2)
            level.wordItems<Words>().push_back({static_cast<std::uint32_t>(bits.count()), rank, bits});
    }

    // Orders a word level's candidates rarest first, merges those with the same rows into the
    // lowest-ranked of them, searches below each and keeps what has a special row here.
    template <std::size_t Words>
    void searchWordLevel(std::size_t depth, int budget, std::vector<FoundMsu>& found)
    {
        Level& level = own(depth);
        auto& items = level.wordItems<Words>();
        std::sort(items.begin(), items.end(), [](const WordItem<Words>& a, const WordItem<Words>& b) {
            return std::tie(a.count, a.rows, a.rank) < std::tie(b.count, b.rows, b.rank);
        });
        std::size_t kept = 0;
        level.columnsWithAliases = 0;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::uint32_t rank = items[i].rank;
            if (kept > 0 && items[kept - 1].rows == items[i].rows) {
                level.aliasColumns[items[kept - 1].rank] |= bit(m_table.columnOfRank(rank));
                level.columnsWithAliases |= bit(m_table.columnOfRank(items[kept - 1].rank));
                continue;
            }
            level.aliasColumns[rank] = 0;
            items[kept++] = items[i];
        }
        items.resize(kept);
        level.columnsFrom.resize(items.size() + 1);
        level.columnsFrom.back() = 0;
        for (std::size_t i = items.size(); i-- > 0;) {
            level.position[items[i].rank] = static_cast<std::uint32_t>(i + 1);
            level.columnsFrom[i] = level.columnsFrom[i + 1] | bit(m_table.columnOfRank(items[i].rank));
        }

        for (std::size_t i = 0; i < items.size(); ++i) {
            const WordItem<Words> item = items[i];
            const std::uint64_t itemColumn = bit(m_table.columnOfRank(item.rank));
            // As in searchChild: one item per column, and |J| + 1 rows here for an MSU J.
            const int childBudget = std::min(
                {budget - 1, static_cast<int>(item.count) - 1, countBits(level.columnsFrom[i + 1] & ~itemColumn)});
            if (childBudget < 1 || m_stop.stop_requested())
                continue;
            Level& child = own(depth + 1);
            child.wordItems<Words>().clear();
            const std::size_t before = found.size();
            for (std::size_t j = i + 1; j < items.size(); ++j) {
                const RowWords<Words> bits = items[j].rows & item.rows;
                if (!bits.empty())
                    offerWordItem(child, items[j].rank, bits, bits == items[j].rows, item.rows, childBudget, found);
            }
            if (!child.wordItems<Words>().empty())
                searchWordLevel<Words>(depth + 1, childBudget, found);
            keepWithSpecialWordRow(level, item, found, before);
            expandAliases(depth, found, before);
        }
        for (const WordItem<Words>& item : items)
            level.position[item.rank] = 0;
    }

    // keepWithSpecialRow on a word level: J + i is kept when a row here holds every item of J but
    // not i, and the items of J are candidates here.
    template <std::size_t Words>
    void keepWithSpecialWordRow(const Level& level, const WordItem<Words>& item, std::vector<FoundMsu>& found,
                                std::size_t first) const
    {
        const auto& items = level.wordItems<Words>();
        keepSpecial(found, first, bit(m_table.columnOfRank(item.rank)), [&](FoundMsu msu) {
            const auto cells = m_table.row(msu.row);
            RowWords<Words> holders = ~item.rows;
            for (std::uint64_t rest = msu.localColumns; rest != 0; rest &= rest - 1)
                holders &= items[level.position[cells[static_cast<std::size_t>(std::countr_zero(rest))]] - 1].rows;
            return !holders.empty();
        });
    }

    // A sub-table MSU J of item i's rows is an MSU of this level's table with i added exactly when
    // some row here lacks i but holds J (so J alone is not unique here). Such a row lies in the
    // bucket of each item of J, all candidates here; the smallest bucket is searched. A single item
    // J ranks after i, so it has at least as many rows here as i's two or more, but only one of
    // them in i's sub-table: it always has that row.
    void keepWithSpecialRow(std::size_t depth, std::uint32_t itemRank, std::vector<FoundMsu>& found, std::size_t first)
    {
        const Level& level = at(depth);
        const std::uint32_t itemColumn = m_table.columnOfRank(itemRank);
        keepSpecial(found, first, bit(itemColumn), [&](FoundMsu msu) {
            const std::uint32_t* const unique = m_table.row(msu.row).data();
            // The items of J as local columns and ranks; the pivot is the rarest of them here.
            std::size_t size = 0;
            std::uint32_t pivot = 0;
            std::uint32_t pivotCount = std::numeric_limits<std::uint32_t>::max();
            for (std::uint64_t rest = msu.localColumns; rest != 0; rest &= rest - 1) {
                const auto column = static_cast<std::uint32_t>(std::countr_zero(rest));
                const std::uint32_t rank = unique[column];
                m_columns[size] = column;
                m_ranks[size++] = rank;
                if (level.counts[rank] < pivotCount) {
                    pivot = rank;
                    pivotCount = level.counts[rank];
                }
            }
            const std::span<const std::uint32_t> ranks(m_ranks.data(), size);
            const auto pivotRows = level.buckets[level.position[pivot] - 1];
            if (depth == 0 && m_common.faster(pivotRows.size(), size))
                return checkWholeTable(msu, ranks);
            return std::any_of(pivotRows.begin(), pivotRows.end(), [&](std::uint32_t row) {
                const std::uint32_t* const cells = m_table.row(row).data();
                if (cells[itemColumn] == itemRank)
                    return false;
                for (std::size_t i = 0; i < size; ++i)
                    if (cells[m_columns[i]] != m_ranks[i])
                        return false;
                return true;
            });
        });
    }

    // The special-row check of `msu` (unique in its sub-table) on the whole table, through the
    // bitsets or, when a check costs more than a lookup, the answers for its columns.
    bool checkWholeTable(FoundMsu msu, std::span<const std::uint32_t> ranks)
    {
        const std::uint64_t cost = m_common.cost(ranks.size());
        constexpr std::uint64_t lookupCost = 1024;
        if (cost <= lookupCost)
            return m_common.heldElsewhere(msu.row, ranks);
        Repeats& repeats = m_repeatsByColumns[msu.localColumns];
        if (repeats.bits != nullptr)
            return (*repeats.bits)[msu.row];
        repeats.spent += cost;
        // Partitioning costs a few word operations per row and column.
        if (repeats.spent >= 4 * std::uint64_t{m_table.rowCount()} * ranks.size()) {
            repeats.bits = &m_repeats.build(msu.localColumns);
            return (*repeats.bits)[msu.row];
        }
        return m_common.heldElsewhere(msu.row, ranks);
    }

    // Each MSU found[first..] of this level stands for itself and for every copy with some of its
    // items replaced by items merged into them here: the row holds those too, in other columns.
    void expandAliases(std::size_t depth, std::vector<FoundMsu>& found, std::size_t first)
    {
        const Level& level = at(depth);
        if (level.columnsWithAliases == 0)
            return;
        const std::size_t end = found.size();
        for (std::size_t i = first; i < end; ++i) {
            const FoundMsu msu = found[i];
            if ((msu.localColumns & level.columnsWithAliases) == 0)
                continue;
            const auto cells = m_table.row(msu.row);
            m_variants.assign(1, msu.localColumns);
            for (std::uint64_t rest = msu.localColumns; rest != 0; rest &= rest - 1) {
                const auto column = static_cast<std::uint32_t>(std::countr_zero(rest));
                const std::uint64_t aliases = level.aliasColumns[cells[column]];
                const std::size_t count = m_variants.size();
                for (std::uint64_t alias = aliases; alias != 0; alias &= alias - 1) {
                    const std::uint64_t aliasColumn = bit(static_cast<std::uint32_t>(std::countr_zero(alias)));
                    for (std::size_t k = 0; k < count; ++k)
                        m_variants.push_back((m_variants[k] & ~bit(column)) | aliasColumn);
                }
            }
            for (std::size_t k = 1; k < m_variants.size(); ++k)
                found.push_back({msu.row, m_variants[k]});
        }
    }

    const RankedTable& m_table;
    const Level& m_top;
    const CommonItemRows& m_common;
    WholeTableRepeats& m_repeats;
    const std::stop_token& m_stop;
    // Per column set: word operations this worker spent on bitset checks of it, until it holds
    // the answers.
    struct Repeats {
        std::uint64_t spent = 0;
        const std::vector<bool>* bits = nullptr;
    };
    MaskMap<Repeats> m_repeatsByColumns;
    std::vector<Level> m_levels;
    // The items of the MSU a special-row check is on: their local columns and ranks.
    std::array<std::uint32_t, maxLocalColumns> m_columns{};
    std::array<std::uint32_t, maxLocalColumns> m_ranks{};
    std::vector<std::uint64_t> m_variants;
    // The rows of the sub-table where the current word search began: bit k of a word is its k-th.
    std::span<const std::uint32_t> m_wordRows;
    std::uint64_t m_rowsScanned = 0;
};

// The searched columns of a table without the third and later copies of a row (equal codes on
// every searched column). A row held twice or more has no MSU, and whether an itemset of any other
// row is unique only asks whether some other row holds it, which two copies answer as well as
// many: the MSUs are the same, rows renumbered. sdcMicro's suda2 drops such copies too; on a
// table of many repeated rows (fertility.csv) the search shrinks about 17-fold.
struct RepeatsDropped {
    EncodedTable table;
    // Row of `table` -> row of the original table.
    std::vector<std::uint32_t> originalRow;
};

std::optional<RepeatsDropped> dropThirdCopies(const EncodedTable& table, ColumnSet columns)
{
    const ClassPartition partition = partitionRows(table, columns);
    std::vector<std::uint32_t> seen(partition.classSizes.size(), 0);
    RepeatsDropped dropped;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        if (seen[partition.classOfRow[row]]++ < 2)
            dropped.originalRow.push_back(row);
    // A copy of the table costs more than a few repeats save.
    if (table.rowCount - dropped.originalRow.size() < table.rowCount / 32 + 1)
        return std::nullopt;
    dropped.table.rowCount = static_cast<std::uint32_t>(dropped.originalRow.size());
    for (const int index : columns.columns()) {
        const EncodedColumn& column = table.columns[static_cast<std::size_t>(index)];
        EncodedColumn& kept = dropped.table.columns.emplace_back();
        // The search reads codes, their counts and missing flags; empty texts keep the codes'
        // number without copying the dictionary.
        kept.dictionary.resize(column.distinctCount());
        kept.missing = column.missing;
        kept.frequencies.assign(column.distinctCount(), 0);
        kept.codes.reserve(dropped.originalRow.size());
        for (const std::uint32_t row : dropped.originalRow) {
            kept.codes.push_back(column.codes[row]);
            ++kept.frequencies[column.codes[row]];
        }
    }
    return dropped;
}

// Passes MSUs found on a table without repeats on as rows of the original table.
class OriginalRowSink final : public MsuSink {
public:
    OriginalRowSink(MsuSink& target, const std::vector<std::uint32_t>& originalRow)
        : m_target(target)
        , m_originalRow(originalRow)
    {}
    OriginalRowSink(std::unique_ptr<MsuSink> owned, const std::vector<std::uint32_t>& originalRow)
        : m_owned(std::move(owned))
        , m_target(*m_owned)
        , m_originalRow(originalRow)
    {}

    void found(std::uint32_t row, std::uint64_t localColumns) override
    {
        m_target.found(m_originalRow[row], localColumns);
    }
    [[nodiscard]] std::unique_ptr<MsuSink> fork() const override
    {
        return std::make_unique<OriginalRowSink>(m_target.fork(), m_originalRow);
    }
    void join(MsuSink& other) override { m_target.join(static_cast<OriginalRowSink&>(other).m_target); }

private:
    std::unique_ptr<MsuSink> m_owned;
    MsuSink& m_target;
    const std::vector<std::uint32_t>& m_originalRow;
};

MsuSearchOutcome searchAllRows(const EncodedTable& table, const MsuSearchOptions& options, std::stop_token stop,
                               MsuSink& sink)
{
    MsuSearchOutcome outcome;
    const RankedTable ranked(table, options);
    for (const FoundMsu& unique : ranked.uniques())
        sink.found(unique.row, unique.localColumns);

    const Level top = wholeTableLevel(ranked, options.maxSize);
    const CommonItemRows common(ranked, top);
    WholeTableRepeats repeats(table, options.columns);
    // Progress weighs each item by (rows holding it)^0.75, a coarse measure of its search's cost
    // (#35). Counted one each, 99 % of the items of adult on 14 key columns were done after 3 of
    // 21 seconds and the bar then sat full; weighed by rows it showed 29 % after 15 s, by their
    // square root 76 % after 3 s; this weight shows 34, 49 and 97 % after 3, 12 and 18 s.
    const auto itemCost = [&top](std::size_t index) {
        constexpr double costExponent = 0.75;
        // Fixed-point, so small items keep their differences in an integer counter.
        constexpr double costScale = 16.0;
        return static_cast<std::uint64_t>(
            std::pow(static_cast<double>(top.counts[top.candidates[index]]), costExponent) * costScale);
    };
    if (options.itemsTotal != nullptr) {
        std::uint64_t total = 0;
        for (std::size_t index = 0; index < top.candidates.size(); ++index)
            total += itemCost(index);
        options.itemsTotal->store(total, std::memory_order_relaxed);
    }
    if (!top.candidates.empty()) {
        struct Worker {
            SubTableSearch search;
            std::unique_ptr<MsuSink> sink;
            std::vector<FoundMsu> found;
        };
        tbb::enumerable_thread_specific<Worker> workers([&] {
            return Worker{SubTableSearch(ranked, top, common, repeats, stop), sink.fork(), {}};
        });
        tbb::task_group_context context;
        const std::stop_callback cancel(stop, [&context] { context.cancel_group_execution(); });
        // One task per item of the whole table, as MTS2 does.
        tbb::task_arena arena(options.threads);
        arena.execute([&] {
            tbb::parallel_for(
                tbb::blocked_range<std::size_t>(0, top.candidates.size(), 1),
                [&](const tbb::blocked_range<std::size_t>& range) {
                    Worker& worker = workers.local();
                    for (std::size_t index = range.begin(); index != range.end(); ++index) {
                        worker.search.searchFromTop(index, options.maxSize, worker.found);
                        for (const FoundMsu& msu : worker.found)
                            worker.sink->found(msu.row, msu.localColumns);
                        worker.found.clear();
                        if (options.itemsDone != nullptr)
                            options.itemsDone->fetch_add(itemCost(index), std::memory_order_relaxed);
                    }
                },
                tbb::simple_partitioner(), context);
        });
        for (Worker& worker : workers) {
            sink.join(*worker.sink);
            outcome.rowsScanned += worker.search.rowsScanned();
        }
    }
    outcome.complete = !stop.stop_requested();
    return outcome;
}

} // namespace

MsuSearchOutcome findMinimalSampleUniques(const EncodedTable& table, const MsuSearchOptions& options,
                                          std::stop_token stop, MsuSink& sink)
{
    if (options.columns.empty() || options.maxSize < 1 || table.rowCount == 0)
        return {};
    std::optional<RepeatsDropped> dropped = dropThirdCopies(table, options.columns);
    if (!dropped)
        return searchAllRows(table, options, std::move(stop), sink);
    MsuSearchOptions onKept = options;
    onKept.columns = ColumnSet::firstN(static_cast<int>(dropped->table.columnCount()));
    OriginalRowSink mapped(sink, dropped->originalRow);
    return searchAllRows(dropped->table, onKept, std::move(stop), mapped);
}

} // namespace qiscout::core
