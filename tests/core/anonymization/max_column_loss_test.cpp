// SPDX-License-Identifier: GPL-3.0-or-later
// AnonymizationParameters::maxColumnLoss (#34): the optimum over the transformations whose every
// column, nothing suppressed, loses at most the cap, against the independent oracle of
// support/anonymization_reference.h on random tables: one column's loss at a level is the
// oracle's value for a lattice of that column alone.
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/k_anonymity.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;
using namespace qiscout::core::testing;

TEST_CASE("A cap on each column's loss gives the oracle's optimum among the levels within it",
          "[anonymization][property]")
{
    int capped = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const EncodedTable table = makeRandomTable(seed, 4);
        std::mt19937_64 random(seed * 104729);
        const int qiCount = std::min<int>(3, static_cast<int>(table.columnCount()));
        const auto [quasiIdentifiers, hierarchies, specs] = randomQuasiIdentifiers(table, qiCount, random);
        AnonymizationParameters parameters;
        parameters.quasiIdentifiers = specs;
        const std::uint64_t k = 2 + random() % 3;
        const double limit = std::array{0.0, 0.05, 0.2}[random() % 3];
        parameters.models = {std::make_shared<KAnonymity>(k)};
        parameters.suppressionLimit = limit;
        parameters.threads = 1;
        const std::vector<ReferenceNode> every = evaluateEveryTransformation(
            table, quasiIdentifiers, hierarchies, {{ReferenceModel::Kind::K, -1, static_cast<double>(k)}}, limit);
        for (const UtilityMetric metric : {UtilityMetric::Loss, UtilityMetric::NonUniformEntropy}) {
            const auto index = static_cast<std::size_t>(metric);
            // Each column's loss per level, nothing suppressed: its lattice alone at k = 1.
            std::vector<std::vector<double>> columnLoss;
            for (int q = 0; q < qiCount; ++q) {
                std::vector<double> perLevel;
                for (const ReferenceNode& node :
                     evaluateEveryTransformation(table, {q}, {hierarchies[static_cast<std::size_t>(q)]},
                                                 {{ReferenceModel::Kind::K, -1, 1.0}}, 0.0))
                    perLevel.push_back(node.values[index]);
                columnLoss.push_back(std::move(perLevel));
            }
            for (const double cap : {0.0, 0.3, 0.6, 1.0}) {
                const auto within = [&](const ReferenceNode& node) {
                    for (int q = 0; q < qiCount; ++q)
                        if (columnLoss[static_cast<std::size_t>(q)][static_cast<std::size_t>(
                                node.levels[static_cast<std::size_t>(q)])] > cap + 1e-12)
                            return false;
                    return true;
                };
                const ReferenceNode* best = nullptr;
                for (const ReferenceNode& node : every)
                    if (node.acceptable && within(node) && (!best || node.values[index] < best->values[index]))
                        best = &node;
                parameters.metric = metric;
                parameters.maxColumnLoss = cap;
                INFO(describeRandomTable(seed, table) << ", k " << k << ", limit " << limit << ", "
                                                      << nameIn(utilityMetricNames, metric) << ", cap " << cap);
                NullAnonymizationObserver quiet;
                const AnonymizationResult result = runAnonymization(table, parameters, {}, quiet);
                REQUIRE(result.complete);
                // The lattice the Protect step draws is the one searched: each column up to its
                // last level within the cap (#34).
                std::vector<int> cappedHeights;
                for (int q = 0; q < qiCount; ++q) {
                    const auto& perLevel = columnLoss[static_cast<std::size_t>(q)];
                    std::size_t level = 1;
                    while (level < perLevel.size() && perLevel[level] <= cap + 1e-12)
                        ++level;
                    cappedHeights.push_back(static_cast<int>(level) - 1);
                }
                REQUIRE(searchedLattice(table, parameters).heights() == cappedHeights);
                REQUIRE(result.lattice.heights() == cappedHeights);
                REQUIRE(result.optimum.has_value() == (best != nullptr));
                if (!best)
                    continue;
                ++capped;
                const TransformationAssessment& optimum = *result.optimum;
                REQUIRE(std::abs(optimum.value - best->values[index]) <= 1e-9 * std::max(1.0, best->values[index]));
                for (int q = 0; q < qiCount; ++q)
                    REQUIRE(columnLoss[static_cast<std::size_t>(q)][static_cast<std::size_t>(
                                optimum.transformation.levels[static_cast<std::size_t>(q)])] <= cap + 1e-12);
            }
        }
    }
    CHECK(capped > 200);
}

TEST_CASE("A cap on each column's loss is refused with a metric that values levels by the hierarchy's height",
          "[anonymization]")
{
    const EncodedTable table = makeRandomTable(3, 3);
    std::mt19937_64 random(3);
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers.push_back({0, randomHierarchy(table.columns[0], random), "random"});
    parameters.models = {std::make_shared<KAnonymity>(2)};
    parameters.maxColumnLoss = 0.5;
    NullAnonymizationObserver quiet;
    for (const UtilityMetric metric : {UtilityMetric::Precision, UtilityMetric::Discernibility, UtilityMetric::Aecs}) {
        parameters.metric = metric;
        CHECK_THROWS_AS(runAnonymization(table, parameters, {}, quiet), AnonymizationParameterError);
    }
    parameters.metric = UtilityMetric::Loss;
    parameters.maxColumnLoss = 1.5;
    CHECK_THROWS_AS(runAnonymization(table, parameters, {}, quiet), AnonymizationParameterError);
}
