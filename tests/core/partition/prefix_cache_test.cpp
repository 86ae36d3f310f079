// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/column_index.h"
#include "partition/position_list_index.h"
#include "partition/prefix_cache.h"
#include "support/lattice_reference.h"

using namespace qiscout::core;

namespace {

// One random column, whose partition the tests insert under several keys: the cache never looks
// inside a partition, so every entry has the same size. Not copyable: the index points into the
// table.
class OneColumn {
public:
    OneColumn()
    {
        std::mt19937 random(3);
        m_table = qiscout::core::testing::randomTable(random, 1000, 1);
        m_indexes = buildColumnIndexes(m_table, ColumnSet::firstN(1));
    }
    OneColumn(const OneColumn&) = delete;
    OneColumn& operator=(const OneColumn&) = delete;

    [[nodiscard]] std::shared_ptr<PositionListIndex> partition() const
    {
        return std::make_shared<PositionListIndex>(*PositionListIndex::ofColumn(m_indexes[0]));
    }
    [[nodiscard]] std::size_t partitionBytes() const { return partition()->bytes(); }
    [[nodiscard]] std::uint32_t rowCount() const { return m_table.rowCount; }

private:
    EncodedTable m_table;
    std::vector<ColumnIndex> m_indexes;
};

} // namespace

TEST_CASE("The prefix cache finds the largest cached subset and hands back buffers only when full", "[cache]")
{
    const OneColumn column;
    PrefixCache<ColumnSet> cache(3 * column.partitionBytes());
    CHECK(cache.takeSpare().rows.empty());
    cache.insert(ColumnSet::of({0}), column.partition());
    cache.insert(ColumnSet::of({1}), column.partition());
    CHECK(cache.findLargestSubset(ColumnSet::of({0, 2})).set == ColumnSet::of({0}));
    CHECK(cache.findLargestSubset(ColumnSet::of({2})).index == nullptr);
    // Room left for another partition: nothing is given up.
    CHECK(cache.takeSpare().rows.empty());

    cache.insert(ColumnSet::of({2}), column.partition());
    // Full: the least recently used partition ({0} was used by the lookup above, {1} was not).
    const auto held = cache.find(ColumnSet::of({1}));
    const PartitionStorage spare = cache.takeSpare();
    CHECK(spare.rows.capacity() >= column.rowCount());
    CHECK(cache.find(ColumnSet::of({0})) == nullptr);
    CHECK(cache.find(ColumnSet::of({1})) == held);
    CHECK(cache.find(ColumnSet::of({2})) != nullptr);
}

TEST_CASE("The prefix cache hands back the buffers of a partition no longer wanted while it has room", "[cache]")
{
    const OneColumn column;
    PrefixCache<ColumnSet> cache(10 * column.partitionBytes());
    cache.insert(ColumnSet::of({0}), column.partition());
    cache.insert(ColumnSet::of({1}), column.partition());
    cache.insert(ColumnSet::of({0, 1}), column.partition());
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
    CHECK(spare.rows.capacity() >= column.rowCount());
    CHECK_FALSE(cache.contains(ColumnSet::of({1})));
    CHECK(cache.find(ColumnSet::of({0})) == held);
    CHECK(cache.contains(ColumnSet::of({0, 1})));
    // Nothing unwanted is free any more.
    CHECK(cache.takeSpare(singleColumn).rows.empty());
}

TEST_CASE("The prefix cache's largest cached subset is the largest, then the most recently used", "[cache]")
{
    const OneColumn column;
    std::mt19937 random(5);
    for (int trial = 0; trial < 20; ++trial) {
        // Many entries of few columns, so that small sets are answered by looking up each of their
        // subsets and larger ones by a pass over the entries.
        PrefixCache<ColumnSet> cache(1000 * column.partitionBytes());
        std::vector<ColumnSet> inserted;
        for (int entry = 0; entry < 40; ++entry) {
            ColumnSet set;
            const int size = std::uniform_int_distribution<int>(1, 3)(random);
            while (set.size() < size)
                set = set.with(std::uniform_int_distribution<int>(0, 7)(random));
            if (std::find(inserted.begin(), inserted.end(), set) != inserted.end())
                continue;
            cache.insert(set, column.partition());
            inserted.push_back(set);
        }
        for (int query = 0; query < 50; ++query) {
            ColumnSet set;
            const int size = std::uniform_int_distribution<int>(1, 8)(random);
            while (set.size() < size)
                set = set.with(std::uniform_int_distribution<int>(0, 7)(random));
            // Inserted later means used more recently: no lookup has counted as a use.
            ColumnSet expected;
            for (const ColumnSet& candidate : inserted)
                if (candidate.isSubsetOf(set) && candidate.size() >= expected.size())
                    expected = candidate;
            INFO("trial " << trial << ", query " << query);
            CHECK(cache.largestSubset(set) == expected);
            CHECK(cache.contains(set) == (std::find(inserted.begin(), inserted.end(), set) != inserted.end()));
        }
    }
}
