// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

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
