// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/lattice/lattice_layout.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>
#include <map>
#include <utility>

namespace qiscout::core {

namespace {

constexpr std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b)
{
    return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

/// The rows of Pascal's triangle kept as a table: up to 64 every coefficient fits 64 bits.
constexpr int pascalRows = 64;
using PascalTriangle = std::array<std::array<std::uint64_t, pascalRows + 1>, pascalRows + 1>;

constexpr PascalTriangle makePascalTriangle()
{
    PascalTriangle table{};
    for (std::size_t n = 0; n <= pascalRows; ++n) {
        table[n][0] = 1;
        for (std::size_t k = 1; k <= n; ++k)
            table[n][k] = saturatingAdd(table[n - 1][k - 1], table[n - 1][k]);
    }
    return table;
}

constexpr PascalTriangle pascal = makePascalTriangle();
static_assert(pascal[64][32] == 1832624140942590534ULL, "C(64, 32) must be exact");

/// floor(a * b / c) without overflow for a < c.
std::uint64_t mulDiv(std::uint64_t a, std::uint64_t b, std::uint64_t c)
{
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::uint64_t>(static_cast<Wide>(a) * b / c);
}

/// ceil(a * b / c).
std::uint64_t mulDivCeil(std::uint64_t a, std::uint64_t b, std::uint64_t c)
{
    __extension__ using Wide = unsigned __int128;
    const Wide product = static_cast<Wide>(a) * b;
    return static_cast<std::uint64_t>((product + c - 1) / c);
}

/// Counts, per chosen size j up to a largest size, the subsets of `free` (a set of local column
/// positions) that contain at least one of `roots` (each a subset of `free`). Branches on the column
/// shared by most roots and memoises on (free, roots), which keeps typical minimal-set families far
/// from 2^n. Counting only up to the levels drawn keeps every count within 64 bits on any width.
class UpClosureCounter {
public:
    using Counts = std::vector<std::uint64_t>;

    UpClosureCounter(int columnCount, int largestSize)
        : m_columnCount(columnCount)
        , m_width(static_cast<std::size_t>(largestSize) + 1)
    {}

    Counts count(const ColumnSet& free, std::vector<ColumnSet> roots)
    {
        Counts result(m_width, 0);
        if (roots.empty())
            return result;
        if (std::any_of(roots.begin(), roots.end(), [](const ColumnSet& root) { return root.empty(); })) {
            for (std::size_t j = 0; j < m_width; ++j)
                result[j] = LatticeLayout::binomial(free.size(), static_cast<int>(j));
            return result;
        }
        keepMinimal(roots);
        ColumnSet involved;
        for (const ColumnSet& root : roots)
            involved = involved.united(root);
        // Columns in no root are free choices: convolve with C(|outside|, .).
        const int outside = free.minus(involved).size();
        const Counts inner = countInvolved(involved, std::move(roots));
        for (std::size_t j = 0; j < m_width; ++j) {
            if (inner[j] == 0)
                continue;
            for (int extra = 0; extra <= outside && j + static_cast<std::size_t>(extra) < m_width; ++extra)
                result[j + static_cast<std::size_t>(extra)] += inner[j] * LatticeLayout::binomial(outside, extra);
        }
        return result;
    }

private:
    static void keepMinimal(std::vector<ColumnSet>& roots)
    {
        std::sort(roots.begin(), roots.end(), sizeThenLexLess);
        roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
        std::vector<ColumnSet> minimal;
        for (ColumnSet& root : roots) {
            const bool absorbed = std::any_of(minimal.begin(), minimal.end(),
                                              [&root](const ColumnSet& smaller) { return smaller.isSubsetOf(root); });
            if (!absorbed)
                minimal.push_back(std::move(root));
        }
        roots = std::move(minimal);
    }

    /// The memo's key: the words of `free`, then of each root, each run preceded by its length.
    static std::vector<std::uint64_t> keyOf(const ColumnSet& free, const std::vector<ColumnSet>& roots)
    {
        std::vector<std::uint64_t> key;
        const auto append = [&key](const ColumnSet& set) {
            key.push_back(set.words().size());
            key.insert(key.end(), set.words().begin(), set.words().end());
        };
        append(free);
        for (const ColumnSet& root : roots)
            append(root);
        return key;
    }

    Counts countInvolved(const ColumnSet& free, std::vector<ColumnSet> roots)
    {
        std::vector<std::uint64_t> key = keyOf(free, roots);
        if (const auto found = m_memo.find(key); found != m_memo.end())
            return found->second;

        std::vector<int> frequency(static_cast<std::size_t>(m_columnCount), 0);
        for (const ColumnSet& root : roots)
            root.forEach([&frequency](int column) { ++frequency[static_cast<std::size_t>(column)]; });
        const auto busiest = static_cast<int>(std::max_element(frequency.begin(), frequency.end()) - frequency.begin());
        const ColumnSet rest = free.without(busiest);

        std::vector<ColumnSet> without;
        std::vector<ColumnSet> with;
        for (const ColumnSet& root : roots) {
            if (!root.contains(busiest))
                without.push_back(root);
            with.push_back(root.without(busiest));
        }
        const Counts excluded = count(rest, std::move(without));
        const Counts included = count(rest, std::move(with));
        Counts result(m_width, 0);
        for (std::size_t j = 0; j < m_width; ++j)
            result[j] = excluded[j] + (j > 0 ? included[j - 1] : 0);
        m_memo.emplace(std::move(key), result);
        return result;
    }

    int m_columnCount;
    std::size_t m_width;
    std::map<std::vector<std::uint64_t>, Counts> m_memo;
};

/// The largest level L <= wanted such that levels 1..L of n columns hold at most UINT64_MAX sets
/// together, so that every set has an exact 64-bit rank and index across the levels drawn.
int placeableLevels(int columnCount, int wanted)
{
    __extension__ using Wide = unsigned __int128;
    Wide total = 0;
    for (int size = 1; size <= wanted; ++size) {
        const std::uint64_t level = LatticeLayout::binomial(columnCount, size);
        total += level;
        if (level == std::numeric_limits<std::uint64_t>::max() || total > std::numeric_limits<std::uint64_t>::max())
            return size - 1;
    }
    return wanted;
}

} // namespace

std::uint64_t LatticeLayout::binomial(int n, int k)
{
    if (n < 0 || k < 0 || k > n)
        return 0;
    if (n <= pascalRows)
        return pascal[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
    // C(n, i) = C(n, i - 1) (n - i + 1) / i divides exactly at every step, and grows with i up to
    // n / 2, so the first step beyond 64 bits settles the saturated answer.
    __extension__ using Wide = unsigned __int128;
    Wide value = 1;
    for (int i = 1; i <= std::min(k, n - k); ++i) {
        value = value * static_cast<Wide>(n - i + 1) / static_cast<Wide>(i);
        if (value > std::numeric_limits<std::uint64_t>::max())
            return std::numeric_limits<std::uint64_t>::max();
    }
    return static_cast<std::uint64_t>(value);
}

LatticeLayout::LatticeLayout(const ColumnSet& searchedColumns, int maxSetSize)
    : m_searched(searchedColumns)
    , m_columnCount(searchedColumns.size())
    , m_searchedLevelCount(maxSetSize < 1 ? searchedColumns.size() : std::min(maxSetSize, searchedColumns.size()))
    , m_levelCount(placeableLevels(m_columnCount, m_searchedLevelCount))
    , m_positions(searchedColumns.columns())
{}

std::uint64_t LatticeLayout::levelSize(int size) const
{
    return size < 1 || size > m_levelCount ? 0 : binomial(m_columnCount, size);
}

std::uint64_t LatticeLayout::totalSize() const
{
    std::uint64_t total = 0;
    for (int size = 1; size <= m_levelCount; ++size)
        total = saturatingAdd(total, levelSize(size));
    return total;
}

bool LatticeLayout::contains(const ColumnSet& set) const
{
    return !set.empty() && set.isSubsetOf(m_searched) && set.size() <= m_levelCount;
}

int LatticeLayout::localIndex(int column) const
{
    return static_cast<int>(std::lower_bound(m_positions.begin(), m_positions.end(), column) - m_positions.begin());
}

// Lexicographic rank of c_1 < ... < c_s among s-subsets of n: C(n, s) - 1 - sum_i C(n-1-c_i, s-i+1),
// the colex rank of the mirrored set subtracted from the last rank.
std::uint64_t LatticeLayout::rank(const ColumnSet& set) const
{
    assert(contains(set));
    const int size = set.size();
    std::uint64_t mirroredColex = 0;
    int remaining = size;
    for (const int column : set.columns()) {
        mirroredColex += binomial(m_columnCount - 1 - localIndex(column), remaining);
        --remaining;
    }
    return binomial(m_columnCount, size) - 1 - mirroredColex;
}

ColumnSet LatticeLayout::unrank(int size, std::uint64_t rank) const
{
    assert(size >= 1 && size <= m_columnCount && rank < binomial(m_columnCount, size));
    std::uint64_t mirroredColex = binomial(m_columnCount, size) - 1 - rank;
    std::vector<int> columns;
    columns.reserve(static_cast<std::size_t>(size));
    int mirrored = m_columnCount; // mirrored positions strictly decrease from one column to the next
    for (int remaining = size; remaining >= 1; --remaining) {
        int candidate = mirrored - 1;
        while (binomial(candidate, remaining) > mirroredColex)
            --candidate;
        mirroredColex -= binomial(candidate, remaining);
        mirrored = candidate;
        columns.push_back(tableColumn(m_columnCount - 1 - candidate));
    }
    return ColumnSet::fromColumns(columns);
}

double LatticeLayout::x(const ColumnSet& set) const
{
    return (static_cast<double>(rank(set)) + 0.5) / static_cast<double>(levelSize(set.size()));
}

double LatticeLayout::y(int size) const
{
    return m_levelCount <= 1 ? 0.0 : static_cast<double>(size - 1) / static_cast<double>(m_levelCount - 1);
}

std::uint64_t LatticeLayout::bucketOf(const ColumnSet& set, std::uint64_t bucketCount) const
{
    return bucketOfRank(rank(set), levelSize(set.size()), bucketCount);
}

std::uint64_t LatticeLayout::bucketOfRank(std::uint64_t rank, std::uint64_t levelSize, std::uint64_t bucketCount)
{
    return mulDiv(rank, bucketCount, levelSize);
}

RankRange LatticeLayout::bucketRanks(std::uint64_t bucket, std::uint64_t levelSize, std::uint64_t bucketCount)
{
    // Rank r is in bucket b exactly when b <= r * B / L < b + 1, i.e. ceil(b L / B) <= r < ceil((b+1) L / B).
    return RankRange{mulDivCeil(bucket, levelSize, bucketCount), mulDivCeil(bucket + 1, levelSize, bucketCount)};
}

std::vector<std::uint64_t> LatticeLayout::countContainingAny(std::span<const ColumnSet> sets) const
{
    std::vector<ColumnSet> roots;
    for (const ColumnSet& set : sets) {
        if (!set.isSubsetOf(m_searched))
            continue;
        std::vector<int> local;
        set.forEach([this, &local](int column) { local.push_back(localIndex(column)); });
        roots.push_back(ColumnSet::fromColumns(local));
    }
    UpClosureCounter counter(m_columnCount, m_levelCount);
    return counter.count(ColumnSet::firstN(m_columnCount), std::move(roots));
}

} // namespace qiscout::core
