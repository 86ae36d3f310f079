// SPDX-License-Identifier: GPL-3.0-or-later
#include <memory>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "column_index.h"
#include "lattice_reference.h"
#include "position_list_index.h"
#include "prefix_cache.h"

using namespace qiscout::core;

namespace {

std::shared_ptr<PositionListIndex> partitionOf(const ColumnIndex& column)
{
    return std::make_shared<PositionListIndex>(*PositionListIndex::ofColumn(column));
}

} // namespace

TEST_CASE("The prefix cache finds the largest cached subset and hands back buffers only when full", "[cache]")
{
    std::mt19937 random(3);
    const EncodedTable table = qiscout::core::testing::randomTable(random, 1000, 1);
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(1));
    // The cache never looks inside a partition: one column's, under three keys, gives equal sizes.
    const std::size_t partitionBytes = partitionOf(indexes[0])->bytes();

    PrefixCache cache(3 * partitionBytes);
    CHECK(cache.takeSpare().rows.empty());
    cache.insert(ColumnSet::of({0}), partitionOf(indexes[0]));
    cache.insert(ColumnSet::of({1}), partitionOf(indexes[0]));
    CHECK(cache.findLargestSubset(ColumnSet::of({0, 2})).set == ColumnSet::of({0}));
    CHECK(cache.findLargestSubset(ColumnSet::of({2})).index == nullptr);
    // Room left for another partition: nothing is given up.
    CHECK(cache.takeSpare().rows.empty());

    cache.insert(ColumnSet::of({2}), partitionOf(indexes[0]));
    // Full: the least recently used partition ({0} was used by the lookup above, {1} was not).
    const auto held = cache.find(ColumnSet::of({1}));
    const PartitionStorage spare = cache.takeSpare();
    CHECK(spare.rows.capacity() >= table.rowCount);
    CHECK(cache.find(ColumnSet::of({0})) == nullptr);
    CHECK(cache.find(ColumnSet::of({1})) == held);
    CHECK(cache.find(ColumnSet::of({2})) != nullptr);
}

TEST_CASE("The prefix cache hands back the buffers of a partition no longer wanted while it has room", "[cache]")
{
    std::mt19937 random(5);
    const EncodedTable table = qiscout::core::testing::randomTable(random, 1000, 1);
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(1));
    const std::size_t partitionBytes = partitionOf(indexes[0])->bytes();

    PrefixCache cache(10 * partitionBytes);
    cache.insert(ColumnSet::of({0}), partitionOf(indexes[0]));
    cache.insert(ColumnSet::of({1}), partitionOf(indexes[0]));
    cache.insert(ColumnSet::of({0, 1}), partitionOf(indexes[0]));
    CHECK(cache.contains(ColumnSet::of({0, 1})));
    CHECK_FALSE(cache.contains(ColumnSet::of({2})));
    CHECK(cache.largestSubset(ColumnSet::of({0, 1, 2})) == ColumnSet::of({0, 1}));
    CHECK(cache.largestSubset(ColumnSet::of({2, 3})).empty());

    // Everything wanted and room left: nothing is given up.
    CHECK(cache.takeSpare([](ColumnSet) { return true; }).rows.empty());

    // {0} and {1} are unwanted; {0} is held by a reader, so {1}'s buffers come back.
    const auto held = cache.find(ColumnSet::of({0}));
    const auto singleColumn = [](ColumnSet set) { return set.size() >= 2; };
    const PartitionStorage spare = cache.takeSpare(singleColumn);
    CHECK(spare.rows.capacity() >= table.rowCount);
    CHECK_FALSE(cache.contains(ColumnSet::of({1})));
    CHECK(cache.find(ColumnSet::of({0})) == held);
    CHECK(cache.contains(ColumnSet::of({0, 1})));
    // Nothing unwanted is free any more.
    CHECK(cache.takeSpare(singleColumn).rows.empty());
}
