// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <tbb/task_arena.h>

#include "lattice/fixed_column_set.h"
#include "lattice/incremental_transversals.h"
#include "support/column_masks.h"

using namespace qiscout::core;

namespace {

// Every subset of the first n columns that hits each edge and has no proper subset that does.
std::vector<ColumnSet> exhaustiveMinimalTransversals(const std::vector<ColumnSet>& edges, int n, int maxSize)
{
    const auto hitsAll = [&edges](std::uint64_t mask) {
        return std::all_of(edges.begin(), edges.end(),
                           [mask](ColumnSet edge) { return (testing::maskOf(edge) & mask) != 0; });
    };
    std::vector<ColumnSet> result;
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
        const ColumnSet set = testing::setOfMask(mask);
        if (set.size() > maxSize || !hitsAll(mask))
            continue;
        bool minimal = true;
        for (const int column : set.columns())
            minimal = minimal && !hitsAll(testing::maskOf(set.without(column)));
        if (minimal)
            result.push_back(set);
    }
    std::sort(result.begin(), result.end(), sizeThenLexLess);
    return result;
}

// Berge's step as first written: every transversal that misses the edge grows by each column of
// the edge that keeps it minimal, checked against every edge.
struct ReferenceTransversals {
    int maxSize;
    std::vector<ColumnSet> edges;
    std::vector<ColumnSet> transversals{ColumnSet{}};
    std::vector<bool> fresh{true};

    void addEdge(const ColumnSet& edge)
    {
        edges.push_back(edge);
        const auto hitsAll = [this](const ColumnSet& set) {
            return std::all_of(edges.begin(), edges.end(), [&set](const ColumnSet& e) { return e.intersects(set); });
        };
        std::vector<ColumnSet> next;
        std::vector<bool> nextFresh;
        for (std::size_t i = 0; i < transversals.size(); ++i) {
            if (transversals[i].intersects(edge)) {
                next.push_back(transversals[i]);
                nextFresh.push_back(fresh[i]);
            } else if (transversals[i].size() < maxSize) {
                for (const int column : edge.columns()) {
                    const ColumnSet grown = transversals[i].with(column);
                    const std::vector<int> members = grown.columns();
                    if (std::none_of(members.begin(), members.end(),
                                     [&](int member) { return hitsAll(grown.without(member)); })) {
                        next.push_back(grown);
                        nextFresh.push_back(true);
                    }
                }
            }
        }
        transversals = std::move(next);
        fresh = std::move(nextFresh);
    }

    std::vector<ColumnSet> takeFresh()
    {
        std::vector<ColumnSet> taken;
        for (std::size_t i = 0; i < transversals.size(); ++i) {
            if (fresh[i])
                taken.push_back(transversals[i]);
            fresh[i] = false;
        }
        std::sort(taken.begin(), taken.end(), sizeThenLexLess);
        return taken;
    }
};

template <typename Set>
std::vector<ColumnSet> asColumnSets(const std::vector<Set>& sets)
{
    std::vector<ColumnSet> result;
    for (const Set& set : sets)
        result.push_back(toColumnSet(set));
    return result;
}

// `count` distinct random columns below `width`.
ColumnSet randomColumnSet(std::mt19937& random, int width, int count)
{
    ColumnSet set;
    while (set.size() < count)
        set = set.with(static_cast<int>(random() % static_cast<std::uint32_t>(width)));
    return set;
}

template <typename Set>
constexpr int widthOf()
{
    if constexpr (std::is_same_v<Set, ColumnSet>)
        return 200;
    else
        return Set::capacity;
}

} // namespace

TEST_CASE("IncrementalTransversals starts from the empty set and follows each added edge", "[transversals]")
{
    IncrementalTransversals<ColumnSet> transversals(8);
    CHECK(transversals.transversals() == std::vector<ColumnSet>{ColumnSet{}});
    transversals.addEdge(ColumnSet::of({0, 1}));
    CHECK(transversals.transversals() == std::vector<ColumnSet>{ColumnSet::of({0}), ColumnSet::of({1})});
    transversals.addEdge(ColumnSet::of({1, 2}));
    CHECK(transversals.transversals() == std::vector<ColumnSet>{ColumnSet::of({1}), ColumnSet::of({0, 2})});
    transversals.addEdge(ColumnSet{});
    CHECK(transversals.transversals().empty());
}

TEST_CASE("IncrementalTransversals hands out each new transversal once", "[transversals]")
{
    IncrementalTransversals<ColumnSet> transversals(8);
    CHECK(transversals.takeFresh() == std::vector<ColumnSet>{ColumnSet{}});
    CHECK(transversals.takeFresh().empty());
    transversals.addEdge(ColumnSet::of({0, 1}));
    transversals.addEdge(ColumnSet::of({0, 2}));
    // {1} appeared with the first edge and was replaced by {1, 2} before anyone took it.
    CHECK(transversals.takeFresh() == std::vector<ColumnSet>{ColumnSet::of({0}), ColumnSet::of({1, 2})});
    transversals.addEdge(ColumnSet::of({1, 3}));
    CHECK(transversals.takeFresh() == std::vector<ColumnSet>{ColumnSet::of({0, 1}), ColumnSet::of({0, 3})});
    CHECK(transversals.transversals() ==
          std::vector<ColumnSet>{ColumnSet::of({0, 1}), ColumnSet::of({0, 3}), ColumnSet::of({1, 2})});
}

// FixedColumnSet<1> has its own one-word path; the other set types share the general one.
TEMPLATE_TEST_CASE("IncrementalTransversals equals the exhaustive minimal transversals after every edge",
                   "[transversals]", FixedColumnSet<1>, FixedColumnSet<2>, ColumnSet)
{
    std::mt19937 random(4);
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 1 + static_cast<int>(random() % 9);
        const int maxSize = 1 + static_cast<int>(random() % static_cast<std::uint32_t>(n + 1));
        const int edgeCount = static_cast<int>(random() % 12);
        IncrementalTransversals<TestType> transversals(maxSize);
        std::vector<ColumnSet> edges;
        for (int e = 0; e < edgeCount; ++e) {
            // Mostly non-empty edges: an empty one ends every transversal.
            std::uint64_t mask = random() % (std::uint64_t{1} << n);
            if (mask == 0 && random() % 4 != 0)
                mask = 1;
            edges.push_back(testing::setOfMask(mask));
            transversals.addEdge(toSearchSet<TestType>(edges.back()));
            INFO("trial " << trial << ", " << n << " columns, size limit " << maxSize << ", edge " << e);
            std::vector<ColumnSet> found;
            for (const TestType& transversal : transversals.transversals())
                found.push_back(toColumnSet(transversal));
            REQUIRE(found == exhaustiveMinimalTransversals(edges, n, maxSize));
        }
    }
}

// Two kinds of edges, as the two ways of finding the transversals an edge misses: complements of
// a few columns (the border search's, looked up by subset) and sparse ones (found by a scan), on
// columns across every word of the set type, one thread and several.
TEMPLATE_TEST_CASE("IncrementalTransversals equals Berge's step checked against every edge on wide hypergraphs",
                   "[transversals]", FixedColumnSet<1>, FixedColumnSet<2>, FixedColumnSet<8>, ColumnSet)
{
    constexpr int width = widthOf<TestType>();
    std::mt19937 random(17);
    for (int trial = 0; trial < 24; ++trial) {
        const int maxSize = 1 + trial % 4;
        const int used = trial % 3 == 0 ? width : 6 + static_cast<int>(random() % 20);
        const ColumnSet all = randomColumnSet(random, width, used);
        const bool complements = trial % 2 == 0;
        tbb::task_arena arena(1 + trial % 3);
        arena.execute([&] {
            IncrementalTransversals<TestType> transversals(maxSize);
            ReferenceTransversals reference{maxSize, {}};
            for (int e = 0; e < 40; ++e) {
                const std::vector<int> columns = all.columns();
                ColumnSet picked;
                const int count = 1 + static_cast<int>(random() % (complements ? 4U : 3U));
                for (int i = 0; i < count; ++i)
                    picked = picked.with(columns[random() % columns.size()]);
                const ColumnSet edge = complements ? all.minus(picked) : picked;
                transversals.addEdge(toSearchSet<TestType>(edge));
                reference.addEdge(edge);
                INFO("trial " << trial << ", edge " << e);
                std::vector<ColumnSet> expected = reference.transversals;
                std::sort(expected.begin(), expected.end(), sizeThenLexLess);
                REQUIRE(asColumnSets(transversals.transversals()) == expected);
                if (random() % 3 == 0)
                    REQUIRE(asColumnSets(transversals.takeFresh()) == reference.takeFresh());
            }
            CHECK(asColumnSets(transversals.takeFresh()) == reference.takeFresh());
        });
    }
}

TEST_CASE("IncrementalTransversals keeps every transversal when stopped", "[transversals]")
{
    IncrementalTransversals<FixedColumnSet<2>> transversals(3);
    transversals.addEdge(FixedColumnSet<2>::fromColumnSet(ColumnSet::of({0, 70})));
    std::stop_source source;
    source.request_stop();
    CHECK_FALSE(transversals.addEdge(FixedColumnSet<2>::fromColumnSet(ColumnSet::of({1, 100})), source.get_token()));
    CHECK(asColumnSets(transversals.transversals()) == std::vector<ColumnSet>{ColumnSet::of({0}), ColumnSet::of({70})});
}

// Disjoint edges multiply the transversals: thousands of them, so that the scan and the growth
// each run in several chunks on several threads.
TEMPLATE_TEST_CASE("IncrementalTransversals equals Berge's step on thousands of transversals", "[transversals]",
                   FixedColumnSet<1>, FixedColumnSet<2>, ColumnSet)
{
    std::mt19937 random(23);
    const std::vector<int> pool = randomColumnSet(random, widthOf<TestType>(), 30).columns();
    const ColumnSet all = ColumnSet::fromColumns(pool);
    std::vector<ColumnSet> edges;
    for (std::size_t first = 0; first + 3 <= 27; first += 3)
        edges.push_back(ColumnSet::of({pool[first], pool[first + 1], pool[first + 2]}));
    edges.push_back(ColumnSet::of({pool[0], pool[4], pool[27]}));
    edges.push_back(all.minus(ColumnSet::of({pool[1], pool[5]})));
    edges.push_back(all.minus(ColumnSet::of({pool[2], pool[28], pool[29]})));
    edges.push_back(ColumnSet::of({pool[3], pool[29]}));
    tbb::task_arena arena(2);
    arena.execute([&] {
        IncrementalTransversals<TestType> transversals(9);
        ReferenceTransversals reference{9, {}};
        for (std::size_t e = 0; e < edges.size(); ++e) {
            transversals.addEdge(toSearchSet<TestType>(edges[e]));
            reference.addEdge(edges[e]);
            INFO("edge " << e << ", " << reference.transversals.size() << " transversals");
            std::vector<ColumnSet> expected = reference.transversals;
            std::sort(expected.begin(), expected.end(), sizeThenLexLess);
            REQUIRE(asColumnSets(transversals.transversals()) == expected);
            if (e % 4 == 3)
                REQUIRE(asColumnSets(transversals.takeFresh()) == reference.takeFresh());
        }
    });
}
