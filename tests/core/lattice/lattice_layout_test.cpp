// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/lattice_layout.h"

#include "support/column_masks.h"

using qiscout::core::ColumnSet;
using qiscout::core::LatticeLayout;

namespace {
std::uint64_t binomial(int n, int k)
{
    return LatticeLayout::binomial(n, k);
}
} // namespace

namespace {

/// Every subset of `searched` with 1..maxSize columns, by brute force over masks.
std::vector<std::vector<ColumnSet>> enumerateLevels(ColumnSet searched, int maxSize)
{
    std::vector<std::vector<ColumnSet>> levels(static_cast<std::size_t>(maxSize) + 1);
    const std::vector<int> positions = searched.columns();
    const std::uint64_t subsets = std::uint64_t{1} << positions.size();
    for (std::uint64_t pick = 1; pick < subsets; ++pick) {
        ColumnSet set;
        for (std::size_t bit = 0; bit < positions.size(); ++bit)
            if ((pick >> bit) & 1U)
                set = set.with(positions[bit]);
        if (set.size() <= maxSize)
            levels[static_cast<std::size_t>(set.size())].push_back(set);
    }
    return levels;
}

} // namespace

TEST_CASE("binomial matches Pascal's rule and the closed form", "[lattice_layout]")
{
    CHECK(binomial(0, 0) == 1);
    CHECK(binomial(5, 2) == 10);
    CHECK(binomial(22, 11) == 705432);
    CHECK(binomial(64, 32) == 1832624140942590534ULL);
    CHECK(binomial(64, 1) == 64);
    CHECK(binomial(4, 5) == 0);
    CHECK(binomial(4, -1) == 0);
    for (int n = 1; n <= 64; ++n)
        for (int k = 1; k <= n; ++k)
            REQUIRE(binomial(n, k) == binomial(n - 1, k - 1) + binomial(n - 1, k));
}

TEST_CASE("LatticeLayout ranks are a bijection in sizeThenLexLess order", "[lattice_layout]")
{
    const ColumnSet searched = GENERATE(ColumnSet::firstN(1), ColumnSet::firstN(5), ColumnSet::firstN(9),
                                        ColumnSet::of({1, 4, 5, 9, 12, 30, 63}));
    const int maxSize = GENERATE(1, 3, 64);
    const LatticeLayout layout(searched, maxSize);
    const int levels = std::min(maxSize, searched.size());
    REQUIRE(layout.levelCount() == levels);
    REQUIRE(layout.columnCount() == searched.size());

    auto enumerated = enumerateLevels(searched, levels);
    std::uint64_t total = 0;
    for (int size = 1; size <= levels; ++size) {
        auto& level = enumerated[static_cast<std::size_t>(size)];
        std::sort(level.begin(), level.end(), qiscout::core::sizeThenLexLess);
        REQUIRE(layout.levelSize(size) == level.size());
        total += level.size();
        for (std::size_t index = 0; index < level.size(); ++index) {
            REQUIRE(layout.contains(level[index]));
            REQUIRE(layout.rank(level[index]) == index);
            REQUIRE(layout.unrank(size, index) == level[index]);
        }
    }
    CHECK(layout.totalSize() == total);
    CHECK(layout.levelSize(levels + 1) == 0);
    CHECK(layout.levelSize(0) == 0);
}

TEST_CASE("LatticeLayout round-trips ranks on huge levels without enumerating", "[lattice_layout]")
{
    const LatticeLayout layout(ColumnSet::firstN(64), 64);
    const int size = GENERATE(1, 2, 31, 32, 33, 63, 64);
    const std::uint64_t levelSize = binomial(64, size);
    for (const std::uint64_t rank : {std::uint64_t{0}, levelSize / 3, levelSize / 2, levelSize - 1}) {
        const ColumnSet set = layout.unrank(size, rank);
        REQUIRE(set.size() == size);
        REQUIRE(layout.rank(set) == rank);
    }
    CHECK(layout.unrank(size, 0) == ColumnSet::firstN(size));
    CHECK(layout.totalSize() == UINT64_MAX);
}

TEST_CASE("LatticeLayout ranks grow with sizeThenLexLess between random sets", "[lattice_layout]")
{
    const LatticeLayout layout(ColumnSet::firstN(40), 40);
    std::uint64_t state = 12345;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 24;
    };
    for (int trial = 0; trial < 2000; ++trial) {
        const ColumnSet a = qiscout::core::testing::setOfMask(next() & ((std::uint64_t{1} << 40) - 1));
        ColumnSet b = qiscout::core::testing::setOfMask(next() & ((std::uint64_t{1} << 40) - 1));
        if (a.empty() || b.empty())
            continue;
        while (b.size() > a.size())
            b = b.without(b.last());
        while (b.size() < a.size())
            b = b.with(b.minus(ColumnSet::firstN(b.last() + 1)).empty() ? ColumnSet::firstN(40).minus(b).first()
                                                                        : b.last() + 1);
        REQUIRE(b.size() == a.size());
        REQUIRE((layout.rank(a) < layout.rank(b)) == qiscout::core::sizeThenLexLess(a, b));
    }
}

TEST_CASE("LatticeLayout places sets inside their level and levels bottom-up", "[lattice_layout]")
{
    const LatticeLayout layout(ColumnSet::firstN(6), 4);
    CHECK(layout.y(1) == 0.0);
    CHECK(layout.y(4) == 1.0);
    CHECK(layout.y(2) < layout.y(3));
    double previous = 0.0;
    for (std::uint64_t rank = 0; rank < layout.levelSize(3); ++rank) {
        const double x = layout.x(layout.unrank(3, rank));
        CHECK(x > previous);
        CHECK(x < 1.0);
        previous = x;
    }
    CHECK_FALSE(layout.contains(ColumnSet::firstN(5)));
    CHECK_FALSE(layout.contains(ColumnSet{}));
    CHECK_FALSE(layout.contains(ColumnSet::single(7)));
}

TEST_CASE("LatticeLayout buckets partition each level into contiguous rank ranges", "[lattice_layout]")
{
    const std::uint64_t levelSize =
        GENERATE(std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{100}, std::uint64_t{705432}, binomial(64, 32));
    const std::uint64_t buckets = GENERATE(std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{64}, std::uint64_t{4096});
    std::uint64_t expectedFirst = 0;
    for (std::uint64_t bucket = 0; bucket < buckets; ++bucket) {
        const auto range = LatticeLayout::bucketRanks(bucket, levelSize, buckets);
        REQUIRE(range.first == expectedFirst);
        REQUIRE(range.last >= range.first);
        if (range.size() > 0) {
            REQUIRE(LatticeLayout::bucketOfRank(range.first, levelSize, buckets) == bucket);
            REQUIRE(LatticeLayout::bucketOfRank(range.last - 1, levelSize, buckets) == bucket);
        }
        expectedFirst = range.last;
    }
    CHECK(expectedFirst == levelSize);
    if (buckets <= levelSize)
        CHECK(LatticeLayout::bucketRanks(0, levelSize, buckets).size() > 0);

    const LatticeLayout layout(ColumnSet::firstN(10), 10);
    for (std::uint64_t rank = 0; rank < layout.levelSize(4); ++rank)
        REQUIRE(layout.bucketOf(layout.unrank(4, rank), 16) == LatticeLayout::bucketOfRank(rank, 210, 16));
}

TEST_CASE("LatticeLayout counts up-closures exactly", "[lattice_layout]")
{
    const ColumnSet searched = ColumnSet::of({0, 2, 3, 5, 6, 7, 8, 11, 12, 13});
    const int maxSize = GENERATE(3, 10);
    const LatticeLayout layout(searched, maxSize);
    const std::vector<std::vector<ColumnSet>> families{
        {},
        {ColumnSet::of({2})},
        {ColumnSet::of({0, 2}), ColumnSet::of({2, 3}), ColumnSet::of({0, 2, 3}), ColumnSet::of({5, 6, 7})},
        {ColumnSet::of({0, 3}), ColumnSet::of({3, 5}), ColumnSet::of({5, 6}), ColumnSet::of({6, 7}),
         ColumnSet::of({7, 8}), ColumnSet::of({8, 11}), ColumnSet::of({11, 12}), ColumnSet::of({12, 13}),
         ColumnSet::of({13, 0}), ColumnSet::of({2, 7, 12})},
        {ColumnSet::of({1}), ColumnSet::of({1, 2, 3})}, // outside the searched columns: never contained
    };
    const auto levels = enumerateLevels(searched, layout.levelCount());
    for (const auto& family : families) {
        const auto counts = layout.countContainingAny(family);
        REQUIRE(counts.size() == static_cast<std::size_t>(layout.levelCount()) + 1);
        for (int size = 1; size <= layout.levelCount(); ++size) {
            const auto& level = levels[static_cast<std::size_t>(size)];
            const auto expected = std::count_if(level.begin(), level.end(), [&family](ColumnSet set) {
                return std::any_of(family.begin(), family.end(),
                                   [set](ColumnSet root) { return root.isSubsetOf(set); });
            });
            REQUIRE(counts[static_cast<std::size_t>(size)] == static_cast<std::uint64_t>(expected));
        }
    }
}

TEST_CASE("LatticeLayout counts up-closures of many roots on a wide lattice", "[lattice_layout]")
{
    const LatticeLayout layout(ColumnSet::firstN(22), 22);
    std::vector<ColumnSet> roots;
    for (int a = 0; a < 22; ++a)
        roots.push_back(ColumnSet::of({a, (a + 1) % 22, (a * 7 + 3) % 22}));
    const auto counts = layout.countContainingAny(roots);
    // Independent check on two levels by enumeration.
    for (const int size : {3, 6}) {
        std::uint64_t expected = 0;
        for (std::uint64_t rank = 0; rank < layout.levelSize(size); ++rank) {
            const ColumnSet set = layout.unrank(size, rank);
            if (std::any_of(roots.begin(), roots.end(), [set](ColumnSet root) { return root.isSubsetOf(set); }))
                ++expected;
        }
        CHECK(counts[static_cast<std::size_t>(size)] == expected);
    }
    CHECK(counts[22] == 1);
    CHECK(counts[1] == 0);
}

TEST_CASE("LatticeLayout places a wide lattice in the lowest levels whose sets fit 64 bits", "[lattice_layout][wide]")
{
    // Levels 1..L of n columns, L the last at which the sets counted so far still fit 64 bits
    // (computed independently: sums of exact binomials, by Python's math.comb).
    const auto [columns, placeable] = GENERATE(table<int, int>({{64, 64}, {65, 32}, {70, 25}, {100, 17}, {4096, 6}}));
    const LatticeLayout unlimited(ColumnSet::firstN(columns), 0);
    CHECK(unlimited.searchedLevelCount() == columns);
    CHECK(unlimited.levelCount() == placeable);
    __extension__ using Wide = unsigned __int128;
    Wide total = 0;
    for (int size = 1; size <= placeable; ++size)
        total += unlimited.levelSize(size);
    const bool fits = total <= Wide{UINT64_MAX};
    CHECK(fits);
    CHECK(static_cast<std::uint64_t>(total) == unlimited.totalSize());
    CHECK(unlimited.levelSize(placeable + 1) == 0);
    const bool nextWouldNotFit = total + LatticeLayout::binomial(columns, placeable + 1) > Wide{UINT64_MAX};
    CHECK(nextWouldNotFit == (placeable < columns));

    // A set size limit below the placeable levels is kept as it is.
    const LatticeLayout limited(ColumnSet::firstN(columns), 3);
    CHECK(limited.levelCount() == 3);
    CHECK(limited.searchedLevelCount() == 3);
}

TEST_CASE("LatticeLayout ranks sets beyond the 64th column in sizeThenLexLess order", "[lattice_layout][wide]")
{
    // 72 searched columns spread over 0..400: every set of 1..3 of them, enumerated by nested loops
    // in sizeThenLexLess order, has the next rank and round-trips.
    std::vector<int> positions;
    for (int column = 0; positions.size() < 72; column += 1 + (column % 11))
        positions.push_back(column);
    const ColumnSet searched = ColumnSet::fromColumns(positions);
    const LatticeLayout layout(searched, 3);
    REQUIRE(layout.levelCount() == 3);
    const auto n = positions.size();
    std::uint64_t expected = 0;
    const auto check = [&layout, &expected](const ColumnSet& set) {
        REQUIRE(layout.contains(set));
        REQUIRE(layout.rank(set) == expected);
        REQUIRE(layout.unrank(set.size(), expected) == set);
        ++expected;
    };
    for (std::size_t a = 0; a < n; ++a)
        check(ColumnSet::of({positions[a]}));
    REQUIRE(expected == layout.levelSize(1));
    expected = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            check(ColumnSet::of({positions[a], positions[b]}));
    REQUIRE(expected == layout.levelSize(2));
    expected = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                check(ColumnSet::of({positions[a], positions[b], positions[c]}));
    REQUIRE(expected == layout.levelSize(3));
    CHECK_FALSE(layout.contains(ColumnSet::of({positions[0], positions[1], positions[2], positions[3]})));

    // 4,096 columns: the first and last sets of each level, and random ones, round-trip.
    const LatticeLayout huge(ColumnSet::firstN(4096), 0);
    REQUIRE(huge.levelCount() == 6);
    std::uint64_t state = 99;
    for (int size = 1; size <= 6; ++size) {
        CHECK(huge.unrank(size, 0) == ColumnSet::firstN(size));
        CHECK(huge.rank(ColumnSet::firstN(4096).minus(ColumnSet::firstN(4096 - size))) == huge.levelSize(size) - 1);
        for (int trial = 0; trial < 200; ++trial) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const std::uint64_t rank = (state >> 11) % huge.levelSize(size);
            const ColumnSet set = huge.unrank(size, rank);
            REQUIRE(set.size() == size);
            REQUIRE(huge.rank(set) == rank);
        }
    }
}

TEST_CASE("LatticeLayout counts up-closures beyond the 64th column exactly", "[lattice_layout][wide]")
{
    // 90 columns, levels 1..3, random roots of 1..3 columns mostly past column 64: each level's count
    // against enumerating every set of it.
    const int columns = 90;
    const LatticeLayout layout(ColumnSet::firstN(columns), 3);
    std::vector<ColumnSet> level3;
    for (int a = 0; a < columns; ++a)
        for (int b = a + 1; b < columns; ++b)
            for (int c = b + 1; c < columns; ++c)
                level3.push_back(ColumnSet::of({a, b, c}));
    std::uint64_t state = GENERATE(std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{4});
    const auto next = [&state](int bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
    };
    std::vector<ColumnSet> roots;
    const int rootCount = 1 + next(12);
    for (int root = 0; root < rootCount; ++root) {
        ColumnSet set;
        const int size = 1 + next(3);
        while (set.size() < size)
            set = set.with(next(4) == 0 ? next(columns) : 60 + next(columns - 60));
        roots.push_back(set);
    }
    const auto counts = layout.countContainingAny(roots);
    REQUIRE(counts.size() == 4);
    const auto containsRoot = [&roots](const ColumnSet& set) {
        return std::any_of(roots.begin(), roots.end(), [&set](const ColumnSet& root) { return root.isSubsetOf(set); });
    };
    std::uint64_t singles = 0;
    std::uint64_t pairs = 0;
    for (int a = 0; a < columns; ++a) {
        singles += containsRoot(ColumnSet::of({a})) ? 1U : 0U;
        for (int b = a + 1; b < columns; ++b)
            pairs += containsRoot(ColumnSet::of({a, b})) ? 1U : 0U;
    }
    CHECK(counts[1] == singles);
    CHECK(counts[2] == pairs);
    CHECK(counts[3] == static_cast<std::uint64_t>(std::count_if(level3.begin(), level3.end(), containsRoot)));
}
