// SPDX-License-Identifier: GPL-3.0-or-later
// The heuristic search (#40) against the independent brute force on random tables small enough
// for the exact search: forced on, with a budget too short to finish and one long enough to
// exhaust the lattice, every answer it gives is acceptable, priced right, no better than the
// optimum, and its bound is no higher than the optimum.
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/l_diversity.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;
using namespace qiscout::core::testing;

namespace {

constexpr double heuristicTestTolerance = 1e-9;

bool heuristicTestLessOrClose(double a, double b)
{
    return a <= b + heuristicTestTolerance * std::max(1.0, std::abs(b));
}

} // namespace

TEST_CASE("The heuristic search returns acceptable transformations no better than the optimum, with a sound bound",
          "[anonymization][heuristic][property]")
{
    const std::vector<UtilityMetric> metrics = everyUtilityMetric();
    int answered = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const EncodedTable table = makeRandomTable(seed, 6);
        std::mt19937_64 random(seed * 104729);
        const int columns = static_cast<int>(table.columnCount());
        const int sensitive = columns >= 2 ? columns - 1 : -1;
        const int available = sensitive >= 0 ? columns - 1 : columns;
        const int qiCount = 1 + static_cast<int>(random() % static_cast<std::uint64_t>(std::min(3, available)));
        const auto [quasiIdentifiers, hierarchies, specs] = randomQuasiIdentifiers(table, qiCount, random);
        const auto k = static_cast<std::uint64_t>(1 + random() % 5);
        std::vector<ReferenceModel> reference{{ReferenceModel::Kind::K, -1, static_cast<double>(k), 0.0}};
        AnonymizationParameters parameters;
        parameters.quasiIdentifiers = specs;
        parameters.models = {std::make_shared<KAnonymity>(k)};
        if (sensitive >= 0 && random() % 2 == 0) {
            const auto l = static_cast<double>(1 + random() % 3);
            reference.push_back({ReferenceModel::Kind::DistinctL, sensitive, l, 0.0});
            parameters.models.push_back(std::make_shared<LDiversity>(table, sensitive, DiversityVariant::Distinct, l));
        }
        parameters.suppressionLimit = std::array{0.0, 0.05, 0.3}[random() % 3];
        parameters.metric = metrics[random() % metrics.size()];
        const std::vector<ReferenceNode> expected =
            evaluateEveryTransformation(table, quasiIdentifiers, hierarchies, reference, parameters.suppressionLimit);
        const auto index = static_cast<std::size_t>(parameters.metric);
        const ReferenceNode* best = nullptr;
        for (const ReferenceNode& node : expected)
            if (node.acceptable && (!best || node.values[index] < best->values[index]))
                best = &node;
        {
            // The exact search's answer is proven, and bounds the metric by its own value.
            NullAnonymizationObserver observer;
            const AnonymizationResult exact = runAnonymization(table, parameters, {}, observer);
            REQUIRE(exact.optimal);
            REQUIRE(exact.optimum.has_value() == (best != nullptr));
            if (exact.optimum)
                REQUIRE(exact.lowerBound == exact.optimum->value);
        }
        parameters.strategy = LatticeSearchStrategy::Heuristic;
        // A budget that ends the search before its first check, and one that lets it finish.
        for (const double seconds : {1e-9, 60.0}) {
            parameters.heuristicSeconds = seconds;
            INFO(describeRandomTable(seed, table)
                 << ", " << qiCount << " QIs, k " << k << ", models " << reference.size() << ", limit "
                 << parameters.suppressionLimit << ", " << nameIn(utilityMetricNames, parameters.metric) << ", "
                 << seconds << " s");
            NullAnonymizationObserver observer;
            const AnonymizationResult result = runAnonymization(table, parameters, {}, observer);
            REQUIRE(result.complete);
            if (!best) {
                REQUIRE_FALSE(result.optimum);
                continue;
            }
            if (result.lowerBound)
                REQUIRE(heuristicTestLessOrClose(*result.lowerBound, best->values[index]));
            if (seconds > 1.0) {
                // Small lattices are exhausted well within the budget: the answer is then proven.
                REQUIRE(result.optimal);
            }
            if (!result.optimum) {
                REQUIRE_FALSE(result.optimal);
                continue;
            }
            ++answered;
            const TransformationAssessment& found = *result.optimum;
            const ReferenceNode& chosen = expected[result.lattice.nodeOf(found.transformation)];
            REQUIRE(chosen.acceptable);
            REQUIRE(std::abs(found.value - chosen.values[index]) <=
                    heuristicTestTolerance * std::max(1.0, std::abs(chosen.values[index])));
            REQUIRE(found.suppressedRows == chosen.suppressedRows);
            REQUIRE(heuristicTestLessOrClose(best->values[index], found.value));
            REQUIRE(result.lowerBound);
            if (result.optimal)
                REQUIRE(heuristicTestLessOrClose(found.value, best->values[index]));
        }
    }
    REQUIRE(answered >= 60);
}
