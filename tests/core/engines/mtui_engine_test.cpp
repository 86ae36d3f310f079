// SPDX-License-Identifier: GPL-3.0-or-later
#include <random>
#include <stop_token>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "engines/fpvi_engine.h"
#include "engines/mtui_engine.h"
#include "partition/class_partition.h"
#include "support/lattice_reference.h"

using namespace qiscout::core;

TEST_CASE("MTUI finds the worked example's quasi-identifiers", "[mtui]")
{
    const EncodedTable table = qiscout::core::testing::workedExample();
    NullObserver observer;
    SearchParameters parameters;
    parameters.k = 1;
    const SearchResult one = runMtui(table, parameters, {}, observer);
    CHECK(one.algorithm == Algorithm::Mtui);
    CHECK(one.complete);
    CHECK(one.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({3}), 1, 1},
                                                     {ColumnSet::of({0, 2}), 4, 1},
                                                     {ColumnSet::of({1, 2}), 3, 1}});
    CHECK(one.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({2}), 2}, {ColumnSet::of({0, 1}), 2}});
    for (const std::uint64_t k : {2U, 3U}) {
        parameters.k = k;
        const SearchResult result = runMtui(table, parameters, {}, observer);
        CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({0}), 6, 2},
                                                            {ColumnSet::of({2}), 4, 2},
                                                            {ColumnSet::of({3}), 5, 1}});
        CHECK(result.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({1}), 4}});
    }
}

TEST_CASE("MTUI equals the exhaustive reference and FPVI on random tables", "[mtui]")
{
    std::mt19937 random(515);
    const int hardware = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    for (int trial = 0; trial < 30; ++trial) {
        const auto rows = std::uniform_int_distribution<std::size_t>(1, 150)(random);
        const auto columns = std::uniform_int_distribution<std::size_t>(1, 8)(random);
        const EncodedTable table = qiscout::core::testing::randomTable(random, rows, columns);
        SearchParameters parameters;
        parameters.k = std::array<std::uint64_t, 4>{1, 2, 3, 5}[static_cast<std::size_t>(trial % 4)];
        parameters.threads = 1 + trial % hardware;
        const auto expected = qiscout::core::testing::referenceAnswer(
            table, ColumnSet::firstN(static_cast<int>(columns)), static_cast<int>(columns), parameters.k);
        NullObserver observer;
        const SearchResult mtui = runMtui(table, parameters, {}, observer);
        const SearchResult fpvi = runFpvi(table, parameters, {}, observer);
        INFO("trial " << trial);
        CHECK(mtui.minimalSets == expected.minimalSets);
        CHECK(mtui.maximalSafeSets == expected.maximalSafeSets);
        CHECK(mtui.minimalSets == fpvi.minimalSets);
        CHECK(mtui.stats.setsEvaluated == fpvi.stats.setsEvaluated);
    }
}

TEST_CASE("MTUI stops when asked and reports a partial result", "[mtui][cancel]")
{
    const EncodedTable table = qiscout::core::testing::wideSafeTable(200000, 12, 2, 5);
    std::stop_source source;
    class Stopper final : public SearchObserver {
    public:
        explicit Stopper(std::stop_source& source) : m_source(source) {}
        void eventsReported(std::span<const NodeEvent>, const SearchCounters&) override { m_source.request_stop(); }

    private:
        std::stop_source& m_source;
    } stopper(source);
    SearchParameters parameters;
    parameters.k = 1;
    const SearchResult result = runMtui(table, parameters, source.get_token(), stopper);
    CHECK_FALSE(result.complete);
    for (const SafeSet& set : result.maximalSafeSets)
        CHECK(measureClasses(table, set.columns, 1).isolatedRows == 0);
}
