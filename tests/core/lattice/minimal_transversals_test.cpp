// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/minimal_transversals.h"
#include "support/result_printing.h"

using qiscout::core::ColumnSet;

namespace {

std::vector<ColumnSet> allSubsets(ColumnSet universe)
{
    std::vector<ColumnSet> subsets;
    const auto columns = universe.columns();
    for (std::uint32_t pick = 0; pick < (std::uint32_t{1} << columns.size()); ++pick) {
        ColumnSet set;
        for (std::size_t i = 0; i < columns.size(); ++i)
            if ((pick >> i) & 1U)
                set = set.with(columns[i]);
        subsets.push_back(set);
    }
    return subsets;
}

bool hitsEvery(ColumnSet set, const std::vector<ColumnSet>& edges, ColumnSet universe)
{
    return std::all_of(edges.begin(), edges.end(),
                       [&](ColumnSet edge) { return !edge.intersected(universe).intersected(set).empty(); });
}

bool containsEdge(ColumnSet set, const std::vector<ColumnSet>& edges, ColumnSet universe)
{
    return std::any_of(edges.begin(), edges.end(),
                       [&](ColumnSet edge) { return edge.intersected(universe).isSubsetOf(set); });
}

// Straight from the definitions, over every subset of the universe.
std::vector<ColumnSet> exhaustiveTransversals(const std::vector<ColumnSet>& edges, ColumnSet universe)
{
    const auto subsets = allSubsets(universe);
    std::vector<ColumnSet> result;
    for (const ColumnSet& set : subsets) {
        if (!hitsEvery(set, edges, universe))
            continue;
        const bool minimal = std::none_of(subsets.begin(), subsets.end(), [&](ColumnSet other) {
            return other != set && other.isSubsetOf(set) && hitsEvery(other, edges, universe);
        });
        if (minimal)
            result.push_back(set);
    }
    std::sort(result.begin(), result.end(), qiscout::core::sizeThenLexLess);
    return result;
}

std::vector<ColumnSet> exhaustiveIndependent(const std::vector<ColumnSet>& edges, ColumnSet universe, int maxSize)
{
    const auto subsets = allSubsets(universe);
    const auto admissible = [&](ColumnSet set) { return set.size() <= maxSize && !containsEdge(set, edges, universe); };
    std::vector<ColumnSet> result;
    for (const ColumnSet& set : subsets) {
        if (!admissible(set))
            continue;
        const bool maximal = std::none_of(subsets.begin(), subsets.end(), [&](ColumnSet other) {
            return other != set && set.isSubsetOf(other) && admissible(other);
        });
        if (maximal)
            result.push_back(set);
    }
    std::sort(result.begin(), result.end(), qiscout::core::sizeThenLexLess);
    return result;
}

} // namespace

TEST_CASE("minimalTransversals of a small hypergraph are its minimal hitting sets", "[transversals]")
{
    const std::vector<ColumnSet> edges{ColumnSet::of({3}), ColumnSet::of({0, 2}), ColumnSet::of({1, 2})};
    const std::vector<ColumnSet> expected{ColumnSet::of({2, 3}), ColumnSet::of({0, 1, 3})};
    CHECK(qiscout::core::minimalTransversals(edges, ColumnSet::firstN(4)) == expected);
    // Complements within {0..3}: {0,1} and {2}.
    const std::vector<ColumnSet> independent{ColumnSet::of({2}), ColumnSet::of({0, 1})};
    CHECK(qiscout::core::maximalIndependentSets(edges, ColumnSet::firstN(4), 4) == independent);
    // With at most one column, {0} and {1} are maximal too.
    const std::vector<ColumnSet> limited{ColumnSet::of({0}), ColumnSet::of({1}), ColumnSet::of({2})};
    CHECK(qiscout::core::maximalIndependentSets(edges, ColumnSet::firstN(4), 1) == limited);
}

TEST_CASE("minimalTransversals handles the degenerate hypergraphs", "[transversals]")
{
    const ColumnSet universe = ColumnSet::firstN(3);
    CHECK(qiscout::core::minimalTransversals({}, universe) == std::vector<ColumnSet>{ColumnSet{}});
    CHECK(qiscout::core::maximalIndependentSets({}, universe, 3) == std::vector<ColumnSet>{universe});
    CHECK(qiscout::core::minimalTransversals({ColumnSet{}}, universe).empty());
    CHECK(qiscout::core::maximalIndependentSets({ColumnSet{}}, universe, 3).empty());
    // Every single column an edge: nothing but the empty set is independent.
    const std::vector<ColumnSet> singles{ColumnSet::of({0}), ColumnSet::of({1}), ColumnSet::of({2})};
    CHECK(qiscout::core::minimalTransversals(singles, universe) == std::vector<ColumnSet>{universe});
    CHECK(qiscout::core::maximalIndependentSets(singles, universe, 2) == std::vector<ColumnSet>{ColumnSet{}});
}

TEST_CASE("minimalTransversals and maximalIndependentSets agree with exhaustive computation", "[transversals]")
{
    std::mt19937_64 engine(20261121);
    for (int trial = 0; trial < 400; ++trial) {
        const int width = 1 + static_cast<int>(engine() % 9);
        // A universe with gaps, and edges that may reach outside it.
        ColumnSet universe;
        for (int column = 0; column < width + 2; ++column)
            if (engine() % 5 != 0)
                universe = universe.with(column);
        const auto edgeCount = static_cast<std::size_t>(engine() % 12);
        std::vector<ColumnSet> edges;
        for (std::size_t e = 0; e < edgeCount; ++e) {
            ColumnSet edge;
            const int edgeSize = 1 + static_cast<int>(engine() % 4);
            for (int i = 0; i < edgeSize; ++i)
                edge = edge.with(static_cast<int>(engine() % static_cast<std::uint64_t>(width + 2)));
            edges.push_back(edge);
        }
        const int maxSize = static_cast<int>(engine() % static_cast<std::uint64_t>(width + 3));
        INFO("trial " << trial << " universe " << universe << " maxSize " << maxSize);
        CAPTURE(edges);
        CHECK(qiscout::core::minimalTransversals(edges, universe) == exhaustiveTransversals(edges, universe));
        CHECK(qiscout::core::maximalIndependentSets(edges, universe, maxSize) ==
              exhaustiveIndependent(edges, universe, maxSize));
    }
}

TEST_CASE("inclusionMinimal keeps only the sets without a proper subset in the list", "[transversals]")
{
    const std::vector<ColumnSet> sets{ColumnSet::of({0, 1}), ColumnSet::of({1}), ColumnSet::of({0, 2}),
                                      ColumnSet::of({1}), ColumnSet::of({0, 2, 3})};
    const std::vector<ColumnSet> expected{ColumnSet::of({1}), ColumnSet::of({0, 2})};
    CHECK(qiscout::core::inclusionMinimal(sets) == expected);
}
