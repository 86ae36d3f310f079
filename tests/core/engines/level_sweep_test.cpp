// SPDX-License-Identifier: GPL-3.0-or-later
#include <array>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/level_sweep.h"
#include "qiscout/core/engines/set_evaluator.h"

#include "engines/mtui_engine.h"
#include "support/lattice_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;

namespace {

/// Runs a sweep whose levels are evaluated in `shares` interleaved parts by separate evaluators,
/// each part in reverse order and put back in place: what qiscout-mpi's ranks do (#38).
SearchResult sweepInShares(const EncodedTable& table, const SearchParameters& parameters, std::size_t shares)
{
    LevelSweep sweep(table, parameters);
    std::vector<std::unique_ptr<SetEvaluator>> evaluators;
    for (std::size_t share = 0; share < shares; ++share)
        evaluators.push_back(std::make_unique<SetEvaluator>(table, parameters));
    while (!sweep.finished()) {
        const std::vector<ColumnSet>& level = sweep.level();
        std::vector<SetEvaluation> evaluations(level.size());
        for (std::size_t share = 0; share < shares; ++share) {
            std::vector<ColumnSet> part;
            std::vector<std::size_t> positions;
            for (std::size_t i = share; i < level.size(); i += shares) {
                part.insert(part.begin(), level[i]);
                positions.insert(positions.begin(), i);
            }
            const auto measured = evaluators[share]->evaluate(part, {});
            REQUIRE(measured);
            for (std::size_t j = 0; j < part.size(); ++j)
                evaluations[positions[j]] = (*measured)[j];
        }
        sweep.settle(evaluations);
    }
    return sweep.result();
}

} // namespace

TEST_CASE("A level sweep evaluated in shares equals MTUI and the exhaustive reference", "[level_sweep]")
{
    std::mt19937 random(3838);
    for (int trial = 0; trial < 40; ++trial) {
        const auto rows = std::uniform_int_distribution<std::size_t>(1, 120)(random);
        const auto columns = std::uniform_int_distribution<std::size_t>(1, 7)(random);
        EncodedTable table = qiscout::core::testing::randomTable(random, rows, columns);
        const bool wildcard = trial % 2 == 1;
        if (wildcard)
            table = qiscout::core::testing::withMissingCells(table, static_cast<std::uint64_t>(trial), 15);
        SearchParameters parameters;
        parameters.k = std::array<std::uint64_t, 4>{1, 2, 3, 5}[static_cast<std::size_t>(trial % 4)];
        parameters.threads = 1 + trial % 2;
        parameters.missingSemantics = wildcard ? MissingSemantics::Wildcard : MissingSemantics::Value;
        if (trial % 5 == 0)
            parameters.maxSetSize = 2;
        const std::size_t shares = 1 + static_cast<std::size_t>(trial % 4);
        NullObserver observer;
        const SearchResult mtui = runMtui(table, parameters, {}, observer);
        const SearchResult swept = sweepInShares(table, parameters, shares);
        INFO("trial " << trial << ", " << shares << " shares");
        CHECK(swept.complete);
        CHECK(swept.minimalSets == mtui.minimalSets);
        CHECK(swept.maximalSafeSets == mtui.maximalSafeSets);
        CHECK(swept.stats.setsEvaluated == mtui.stats.setsEvaluated);
        CHECK(swept.stats.rowsScanned == mtui.stats.rowsScanned);
        CHECK(swept.algorithm == Algorithm::Mtui);
        CHECK(swept.threads == mtui.threads);
        if (!wildcard) {
            const int maxSize = parameters.maxSetSize.value_or(static_cast<int>(columns));
            const auto expected =
                qiscout::core::testing::referenceAnswer(table, ColumnSet::firstN(static_cast<int>(columns)),
                                                        std::min(maxSize, static_cast<int>(columns)), parameters.k);
            CHECK(swept.minimalSets == expected.minimalSets);
            CHECK(swept.maximalSafeSets == expected.maximalSafeSets);
        }
    }
}

TEST_CASE("A level sweep refuses a level settled with the wrong number of evaluations", "[level_sweep]")
{
    std::mt19937 random(38);
    const EncodedTable table = qiscout::core::testing::randomTable(random, 20, 3);
    LevelSweep sweep(table, SearchParameters{});
    REQUIRE(sweep.level().size() == 3);
    CHECK(sweep.levelSize() == 1);
    CHECK_THROWS_AS(sweep.settle(std::vector<SetEvaluation>(2)), std::invalid_argument);
    CHECK_FALSE(sweep.result().complete);
}
