// SPDX-License-Identifier: GPL-3.0-or-later
// δ-presence with a population table and a research subset (#40): the model's definition, and the
// search against the independent brute force on random populations with random subsets.
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/delta_presence.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/l_diversity.h"
#include "qiscout/core/anonymization/protected_table.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;
using namespace qiscout::core::testing;

namespace {

bool closeToReference(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

/// Each row in the subset with probability `share`.
std::vector<bool> randomSubset(std::uint32_t rows, double share, std::mt19937_64& random)
{
    std::bernoulli_distribution inSubset(share);
    std::vector<bool> subset(rows);
    for (std::uint32_t row = 0; row < rows; ++row)
        subset[row] = inSubset(random);
    return subset;
}

struct PresenceChoice {
    std::vector<ReferenceModel> reference;
    std::vector<std::shared_ptr<const PrivacyModel>> models;
    std::string description;
};

/// δ-presence alone, with k-anonymity, and with distinct l-diversity (whose values must be the
/// subset's) when the table has a sensitive column.
std::vector<PresenceChoice> presenceChoices(const EncodedTable& table, int sensitive, std::mt19937_64& random)
{
    const double min = std::array{0.0, 0.1, 0.25, 0.4}[random() % 4];
    const double max = std::array{0.5, 0.75, 0.9, 1.0}[random() % 4];
    const auto presence = std::make_shared<DeltaPresence>(min, max);
    const ReferenceModel presenceReference{ReferenceModel::Kind::DeltaPresence, -1, min, max};
    const auto k = static_cast<std::uint64_t>(1 + random() % 3);
    const std::string presenceText = presence->describe(table.columnNames());
    std::vector<PresenceChoice> choices;
    choices.push_back({{presenceReference}, {presence}, presenceText});
    choices.push_back({{{ReferenceModel::Kind::K, -1, static_cast<double>(k), 0.0}, presenceReference},
                       {std::make_shared<KAnonymity>(k), presence},
                       std::to_string(k) + "-anonymity + " + presenceText});
    if (sensitive >= 0)
        choices.push_back({{presenceReference, {ReferenceModel::Kind::DistinctL, sensitive, 2.0, 0.0}},
                           {presence, std::make_shared<LDiversity>(table, sensitive, DiversityVariant::Distinct, 2.0)},
                           presenceText + " + distinct 2-diversity"});
    return choices;
}

} // namespace

TEST_CASE("delta-presence bounds the share of each class's population in the subset", "[anonymization][models]")
{
    const DeltaPresence model(0.25, 0.5);
    REQUIRE(model.satisfiedBy({1, 4, {}}));
    REQUIRE(model.satisfiedBy({2, 4, {}}));
    REQUIRE_FALSE(model.satisfiedBy({3, 4, {}}));
    REQUIRE_FALSE(model.satisfiedBy({1, 5, {}}));
    // A class of the population without a subset row: delta 0.
    REQUIRE(DeltaPresence::deltaOf({0, 7, {}}) == 0.0);
    REQUIRE_FALSE(model.satisfiedBy({0, 7, {}}));
    REQUIRE(DeltaPresence(0.0, 0.5).satisfiedBy({0, 7, {}}));
    REQUIRE(model.judgesEmptyClasses());
    REQUIRE(model.monotonicity().withoutSuppression);
    REQUIRE_FALSE(model.monotonicity().withSuppression);
    // The monotone part: at least 1 / 0.5 = 2 population rows for a class with subset rows.
    REQUIRE_FALSE(model.meetsMonotonePart({1, 1, {}}));
    REQUIRE(model.meetsMonotonePart({2, 2, {}}));
    REQUIRE(model.describe({}) == "(0.25, 0.5)-presence");
    REQUIRE_THROWS_AS(DeltaPresence(0.6, 0.5), std::invalid_argument);
    REQUIRE_THROWS_AS(DeltaPresence(-0.1, 0.5), std::invalid_argument);
    REQUIRE_THROWS_AS(DeltaPresence(0.1, 1.5), std::invalid_argument);
}

TEST_CASE("delta-presence's monotone part holds in every class that satisfies it, and never fails after a merge "
          "that it passed",
          "[anonymization][models]")
{
    std::mt19937_64 random(40);
    for (int trial = 0; trial < 20000; ++trial) {
        const double max = std::array{0.1, 0.3, 0.5, 0.75, 1.0}[random() % 5];
        const DeltaPresence model(0.0, max);
        const std::uint64_t population = 1 + random() % 12;
        const ClassSummary part{random() % (population + 1), population, {}};
        if (model.satisfiedBy(part))
            REQUIRE(model.meetsMonotonePart(part));
        const std::uint64_t otherPopulation = 1 + random() % 12;
        const ClassSummary other{random() % (otherPopulation + 1), otherPopulation, {}};
        const ClassSummary merged{part.rows + other.rows, part.populationRows + other.populationRows, {}};
        // The violating rows of the part never grow: a merged class failing it has parts failing it.
        if (merged.rows > 0 && !model.meetsMonotonePart(merged)) {
            REQUIRE((part.rows == 0 || !model.meetsMonotonePart(part)));
            REQUIRE((other.rows == 0 || !model.meetsMonotonePart(other)));
        }
        // Without suppression: merging two satisfying classes satisfies (the mediant lies between).
        const DeltaPresence bounded(std::array{0.0, 0.2, 0.4}[random() % 3], max < 0.4 ? 1.0 : max);
        if (bounded.satisfiedBy(part) && bounded.satisfiedBy(other))
            REQUIRE(bounded.satisfiedBy(merged));
    }
}

TEST_CASE("The search with delta-presence returns the brute-force optimum and frontier on random populations",
          "[anonymization][property]")
{
    const std::vector<UtilityMetric> metrics = everyUtilityMetric();
    int tables = 0;
    int withOptimum = 0;
    int withoutOptimum = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const EncodedTable table = makeRandomTable(seed, 5);
        if (table.rowCount == 0)
            continue;
        std::mt19937_64 random(seed * 4099);
        const int columns = static_cast<int>(table.columnCount());
        const int sensitive = columns >= 2 ? columns - 1 : -1;
        const int available = sensitive >= 0 ? columns - 1 : columns;
        const int qiCount = 1 + static_cast<int>(random() % static_cast<std::uint64_t>(std::min(3, available)));
        const auto [quasiIdentifiers, hierarchies, specs] = randomQuasiIdentifiers(table, qiCount, random);
        const std::vector<bool> subset = randomSubset(table.rowCount, std::array{0.3, 0.5, 0.8}[random() % 3], random);
        AnonymizationParameters parameters;
        parameters.quasiIdentifiers = specs;
        parameters.researchSubset = subset;
        ++tables;
        const double limits[] = {0.0, std::array{0.05, 0.1}[random() % 2], std::array{0.25, 0.5}[random() % 2]};
        for (const PresenceChoice& choice : presenceChoices(table, sensitive, random)) {
            parameters.models = choice.models;
            for (const double limit : limits) {
                parameters.suppressionLimit = limit;
                const std::vector<ReferenceNode> expected =
                    evaluateEveryTransformation(table, quasiIdentifiers, hierarchies, choice.reference, limit, subset);
                const std::set<std::vector<int>> expectedFrontier = minimalAcceptableLevels(expected);
                for (const UtilityMetric metric : metrics) {
                    const auto index = static_cast<std::size_t>(metric);
                    const ReferenceNode* best = bestAcceptable(expected, metric);
                    (best ? withOptimum : withoutOptimum) += 1;
                    parameters.metric = metric;
                    for (const auto& [threads, fullFrontier] : searchRuns()) {
                        parameters.threads = threads;
                        parameters.fullFrontier = fullFrontier;
                        INFO(describeRandomTable(seed, table)
                             << ", " << qiCount << " QIs, " << choice.description << ", limit " << limit << ", "
                             << nameIn(utilityMetricNames, metric) << ", " << threads << " threads, "
                             << (fullFrontier ? "whole frontier" : "optimum only"));
                        NullAnonymizationObserver observer;
                        const AnonymizationResult result = runAnonymization(table, parameters, {}, observer);
                        REQUIRE(result.complete);
                        REQUIRE(result.rows ==
                                static_cast<std::uint64_t>(std::count(subset.begin(), subset.end(), true)));
                        REQUIRE(result.optimum.has_value() == (best != nullptr));
                        if (fullFrontier) {
                            std::set<std::vector<int>> frontier;
                            for (const TransformationAssessment& entry : *result.frontier)
                                frontier.insert(entry.transformation.levels);
                            REQUIRE(frontier == expectedFrontier);
                        }
                        if (!best)
                            continue;
                        const TransformationAssessment& optimum = *result.optimum;
                        const ReferenceNode& chosen = expected[result.lattice.nodeOf(optimum.transformation)];
                        REQUIRE(chosen.acceptable);
                        REQUIRE(closeToReference(optimum.value, best->values[index]));
                        REQUIRE(optimum.suppressedRows == chosen.suppressedRows);
                        REQUIRE(optimum.classes == chosen.classes);
                    }
                }
                // The model's check of every transformation, one at a time, agrees too.
                parameters.metric = UtilityMetric::Loss;
                parameters.threads = 1;
                parameters.fullFrontier = false;
                const TransformationLattice lattice = searchedLattice(table, parameters);
                for (std::uint64_t node = 0; node < lattice.size(); ++node) {
                    const TransformationAssessment assessed =
                        assessTransformation(table, parameters, lattice.transformationOf(node));
                    INFO(describeRandomTable(seed, table)
                         << ", " << choice.description << ", limit " << limit << ", node " << node);
                    REQUIRE(assessed.acceptable == expected[node].acceptable);
                    REQUIRE(assessed.suppressedRows == expected[node].suppressedRows);
                    REQUIRE(assessed.classes == expected[node].classes);
                    REQUIRE(closeToReference(assessed.value,
                                             expected[node].values[static_cast<std::size_t>(UtilityMetric::Loss)]));
                }
            }
        }
    }
    REQUIRE(tables >= 100);
    // The tables and bounds drawn leave some settings with an optimum and some without.
    REQUIRE(withOptimum > 100);
    REQUIRE(withoutOptimum > 100);
}

TEST_CASE("The published table of a research subset holds the subset's rows, generalised", "[anonymization]")
{
    // Ages of a population of 8; the subset is rows 0, 2, 5 and 7. At the top level every age is
    // "*", and delta = 4 / 8 meets [0.25, 0.5]; at level 1 the classes 20-29 and 30-39 hold 2 of 4
    // each, which meets it too; the original values hold 2 or 0 of 2 and fail.
    const EncodedTable population = encodeRows(
        {"age", "town"},
        {{"20", "a"}, {"21", "b"}, {"20", "c"}, {"21", "d"}, {"30", "e"}, {"31", "f"}, {"30", "g"}, {"31", "h"}});
    Hierarchy ages;
    ages.rows = {{"20", "20-29", "*"}, {"21", "20-29", "*"}, {"30", "30-39", "*"}, {"31", "30-39", "*"}};
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers = {{0, ages, "ages"}};
    parameters.models = {std::make_shared<DeltaPresence>(0.25, 0.5)};
    parameters.researchSubset = std::vector<bool>{true, false, true, false, false, true, false, true};
    parameters.metric = UtilityMetric::Precision;
    NullAnonymizationObserver observer;
    const AnonymizationResult result = runAnonymization(population, parameters, {}, observer);
    REQUIRE(result.rows == 4);
    REQUIRE(result.optimum);
    REQUIRE(result.optimum->transformation.levels == std::vector<int>{1});
    REQUIRE(result.optimum->classes == 2);
    const ProtectedTable published = applyTransformation(population, parameters, result.optimum->transformation);
    REQUIRE(published.table.rowCount == 4);
    REQUIRE(published.suppressedRows.empty());
    const std::vector<std::string> ages20s{"20-29", "20-29", "30-39", "30-39"};
    const std::vector<std::string> towns{"a", "c", "f", "h"};
    for (std::uint32_t row = 0; row < 4; ++row) {
        REQUIRE(published.table.text(row, 0) == ages20s[row]);
        REQUIRE(published.table.text(row, 1) == towns[row]);
    }

    // Above 0.5 at least, no level is acceptable.
    parameters.models = {std::make_shared<DeltaPresence>(0.6, 1.0)};
    REQUIRE_FALSE(runAnonymization(population, parameters, {}, observer).optimum);
    // A subset that leaves a class of the population out: at level 1 the class 30-39 has delta 0,
    // which suppression cannot mend; only the top level is acceptable, whatever the limit.
    parameters.models = {std::make_shared<DeltaPresence>(0.25, 1.0)};
    parameters.researchSubset = std::vector<bool>{true, true, false, false, false, false, false, false};
    parameters.suppressionLimit = 1.0;
    const AnonymizationResult missing = runAnonymization(population, parameters, {}, observer);
    REQUIRE(missing.optimum);
    REQUIRE(missing.optimum->transformation.levels == std::vector<int>{2});
    REQUIRE_FALSE(assessTransformation(population, parameters, Transformation{{1}}).acceptable);
    // The suppressed rows are numbered among the published rows: at level 0 the classes 20 and 21
    // hold 1 of 2, above 0.4.
    parameters.models = {std::make_shared<DeltaPresence>(0.0, 0.4)};
    const ProtectedTable suppressed = applyTransformation(population, parameters, Transformation{{0}});
    REQUIRE(suppressed.table.rowCount == 2);
    REQUIRE(suppressed.suppressedRows == std::vector<std::uint32_t>{0, 1});
}

TEST_CASE("delta-presence needs a research subset that fits the table", "[anonymization]")
{
    const EncodedTable table = encodeRows({"age"}, {{"20"}, {"21"}});
    Hierarchy ages;
    ages.rows = {{"20", "*"}, {"21", "*"}};
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers = {{0, ages, "ages"}};
    parameters.models = {std::make_shared<DeltaPresence>(0.0, 1.0)};
    NullAnonymizationObserver observer;
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
    parameters.researchSubset = std::vector<bool>{true};
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
    parameters.researchSubset = std::vector<bool>{true, false};
    parameters.models = {std::make_shared<KAnonymity>(1)};
    parameters.localSuppression = LocalSuppressionSettings{};
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
}
