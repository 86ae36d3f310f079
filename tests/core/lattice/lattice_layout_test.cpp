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
