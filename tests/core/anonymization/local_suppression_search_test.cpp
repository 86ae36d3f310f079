// SPDX-License-Identifier: GPL-3.0-or-later
// The anonymisation search with local suppression (#34): the optimum is the cheapest of every
// transformation priced on its own, its value is the metric with each suppressed cell counted as
// a suppressed row's cell (recomputed here from the written texts), and the applied table is
// k-anonymous under the wildcard semantics with "*" exactly in the suppressed cells.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/engines/row_classes.h"

#include "anonymization/local_suppression_search.h"
#include "anonymization/search_setup.h"
#include "anonymization/utility_calculator.h"
#include "support/anonymization_reference.h"
#include "support/random_table.h"
#include "support/thread_counts.h"

using namespace qiscout::core;
using namespace qiscout::core::testing;

namespace {

/// Precision or loss of the applied table from its texts and the hierarchies alone: a suppressed
/// cell costs 1, another l/h (precision) or (leaves - 1) / (D - 1) (loss).
double metricFromTexts(const EncodedTable& original, const ProtectedTable& applied,
                       const AnonymizationParameters& parameters, UtilityMetric metric)
{
    double sum = 0.0;
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
        const QuasiIdentifierSpec& spec = parameters.quasiIdentifiers[q];
        const Hierarchy& hierarchy = spec.hierarchy;
        const int level = applied.transformation.levels[q];
        const auto column = static_cast<std::size_t>(spec.column);
        std::set<std::string> present;
        for (std::uint32_t row = 0; row < original.rowCount; ++row)
            present.insert(original.text(row, column));
        std::map<std::string, int> leaves;
        for (const auto& entry : hierarchy.rows)
            if (present.contains(entry[0]))
                ++leaves[entry[static_cast<std::size_t>(level)]];
        const std::set<std::uint32_t> suppressed(applied.suppressedCells[q].begin(), applied.suppressedCells[q].end());
        for (std::uint32_t row = 0; row < original.rowCount; ++row) {
            if (suppressed.contains(row)) {
                sum += 1.0;
                continue;
            }
            if (metric == UtilityMetric::Precision)
                sum += hierarchy.height() == 0 ? 0.0 : static_cast<double>(level) / hierarchy.height();
            else if (present.size() > 1)
                sum += static_cast<double>(leaves.at(applied.table.text(row, column)) - 1) /
                       static_cast<double>(present.size() - 1);
        }
    }
    return sum / (static_cast<double>(original.rowCount) * static_cast<double>(parameters.quasiIdentifiers.size()));
}

void checkApplied(const EncodedTable& table, const AnonymizationParameters& parameters, std::uint64_t k,
                  const TransformationAssessment& optimum)
{
    const ProtectedTable applied = applyTransformation(table, parameters, optimum.transformation);
    CHECK(applied.suppressedRows.empty());
    REQUIRE(applied.suppressedCells.size() == parameters.quasiIdentifiers.size());
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
        CHECK(applied.suppressedCells[q].size() == optimum.suppressedCells[q]);
        const EncodedColumn& column =
            applied.table.columns[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)];
        for (const std::uint32_t row : applied.suppressedCells[q]) {
            CHECK(column.text(column.codes[row]) == "*");
            CHECK(column.missing[column.codes[row]]);
        }
    }
    const EncodedTable kept = keptQuasiIdentifierTable(applied, parameters);
    const auto classes =
        rowClasses(kept, ColumnSet::firstN(static_cast<int>(kept.columnCount())), MissingSemantics::Wildcard);
    REQUIRE(classes);
    CHECK(*std::min_element(classes->classSizes.begin(), classes->classSizes.end()) >= k);
    for (const UtilityMetric metric : {UtilityMetric::Precision, UtilityMetric::Loss})
        if (metric == parameters.metric)
            CHECK(optimum.value == Approx(metricFromTexts(table, applied, parameters, metric)).margin(1e-12));
}

/// One to three of the table's first columns as quasi-identifiers with random hierarchies; returns
/// their random importances.
std::vector<double> addRandomQuasiIdentifiers(const EncodedTable& table, std::mt19937_64& random,
                                              AnonymizationParameters& parameters)
{
    const int qiCount = 1 + static_cast<int>(random() % std::min<std::uint64_t>(3, table.columnCount()));
    std::vector<double> importance;
    for (int q = 0; q < qiCount; ++q) {
        parameters.quasiIdentifiers.push_back(
            {q, randomHierarchy(table.columns[static_cast<std::size_t>(q)], random, 2), "random"});
        importance.push_back(static_cast<double>(1 + random() % 3));
    }
    return importance;
}

} // namespace

TEST_CASE("With local suppression the search returns the cheapest transformation of all", "[local_suppression]")
{
    const std::vector<UtilityMetric> metrics{UtilityMetric::Precision, UtilityMetric::Loss,
                                             UtilityMetric::NonUniformEntropy};
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const EncodedTable table = makeRandomTable(seed, 4);
        std::mt19937_64 random(seed * 3433);
        AnonymizationParameters parameters;
        const std::vector<double> importance = addRandomQuasiIdentifiers(table, random, parameters);
        const std::uint64_t k = 1 + random() % std::min<std::uint64_t>(table.rowCount, 4);
        parameters.models = {std::make_shared<KAnonymity>(k)};
        parameters.metric = metrics[random() % metrics.size()];
        parameters.localSuppression = LocalSuppressionSettings{importance, random() % 4 != 0};
        const bool generalise = parameters.localSuppression->generalise;
        INFO(describeRandomTable(seed, table) << ", k " << k << (generalise ? "" : ", no generalisation"));

        // Every transformation the search may use, priced on its own.
        std::optional<TransformationAssessment> cheapest;
        std::vector<TransformationAssessment> all;
        NullAnonymizationObserver quiet;
        for (const int threads : threadCounts()) {
            parameters.threads = threads;
            const AnonymizationResult result = runAnonymization(table, parameters, {}, quiet);
            REQUIRE(result.complete);
            REQUIRE(result.optimum);
            if (all.empty()) {
                const std::uint64_t size = generalise ? result.lattice.size() : 1;
                for (std::uint64_t node = 0; node < size; ++node)
                    all.push_back(assessTransformation(table, parameters, result.lattice.transformationOf(node)));
                for (const TransformationAssessment& assessment : all)
                    if (!cheapest || assessment.value < cheapest->value - 1e-12 * std::max(1.0, cheapest->value))
                        cheapest = assessment;
            }
            CHECK(result.optimum->value == Approx(cheapest->value).margin(1e-12));
            const auto same = std::find_if(all.begin(), all.end(), [&](const TransformationAssessment& assessment) {
                return assessment.transformation == result.optimum->transformation;
            });
            REQUIRE(same != all.end());
            CHECK(same->suppressedCells == result.optimum->suppressedCells);
            if (!generalise)
                CHECK(std::all_of(result.optimum->transformation.levels.begin(),
                                  result.optimum->transformation.levels.end(), [](int level) { return level == 0; }));
            checkApplied(table, parameters, k, *result.optimum);
        }
    }
}

TEST_CASE("The local-suppression bound never exceeds a transformation's price", "[local_suppression]")
{
    // The search skips a transformation whose bound exceeds the best price: a bound above some
    // price could skip the optimum. Raised above the static bound it must be, somewhere, or it
    // prunes nothing.
    const std::vector<UtilityMetric> metrics{UtilityMetric::Precision, UtilityMetric::Loss,
                                             UtilityMetric::NonUniformEntropy};
    std::uint64_t raised = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const EncodedTable table = makeRandomTable(seed, 4);
        std::mt19937_64 random(seed * 7919);
        AnonymizationParameters parameters;
        const std::vector<double> importance = addRandomQuasiIdentifiers(table, random, parameters);
        const std::uint64_t k = 2 + random() % std::min<std::uint64_t>(table.rowCount, 4);
        if (k > table.rowCount)
            continue;
        parameters.models = {std::make_shared<KAnonymity>(k)};
        parameters.metric = metrics[seed % metrics.size()];
        parameters.localSuppression = LocalSuppressionSettings{importance, true};
        INFO(describeRandomTable(seed, table) << ", k " << k);
        const SearchSetup setup = prepareSearch(table, parameters);
        const UtilityCalculator calculator(setup);
        for (std::uint64_t node = 0; node < setup.lattice.size(); ++node) {
            const Transformation transformation = setup.lattice.transformationOf(node);
            const double price = assessTransformation(table, parameters, transformation).value;
            const double bound = localSuppressionBound(setup, calculator, node);
            CHECK(bound <= price + 1e-12 * std::max(1.0, std::abs(price)));
            raised += bound > calculator.staticBound(transformation.levels) ? 1U : 0U;
        }
    }
    CHECK(raised > 0);
}

TEST_CASE("With local suppression a spent time limit leaves the answer unproven", "[local_suppression]")
{
    const EncodedTable table = makeRandomTable(7, 4);
    std::mt19937_64 random(7);
    AnonymizationParameters parameters;
    for (int q = 0; q < 2; ++q)
        parameters.quasiIdentifiers.push_back(
            {q, randomHierarchy(table.columns[static_cast<std::size_t>(q)], random, 2), "random"});
    parameters.models = {std::make_shared<KAnonymity>(2)};
    parameters.metric = UtilityMetric::Loss;
    parameters.localSuppression = LocalSuppressionSettings{};
    NullAnonymizationObserver quiet;
    const AnonymizationResult exact = runAnonymization(table, parameters, {}, quiet);
    REQUIRE(exact.optimal);
    REQUIRE(exact.optimum);
    // Spent before the first transformation is priced: whatever the lattice search found without
    // suppression stands, not proven, above a bound no larger than the true optimum.
    parameters.strategy = LatticeSearchStrategy::ExactWhereItFits;
    parameters.heuristicSeconds = 1e-9;
    const AnonymizationResult spent = runAnonymization(table, parameters, {}, quiet);
    CHECK(spent.complete);
    CHECK_FALSE(spent.optimal);
    REQUIRE(spent.lowerBound);
    CHECK(*spent.lowerBound <= exact.optimum->value + 1e-12);
    // With time enough the same strategy is the exact answer.
    parameters.heuristicSeconds = 600.0;
    const AnonymizationResult timely = runAnonymization(table, parameters, {}, quiet);
    CHECK(timely.optimal);
    REQUIRE(timely.optimum);
    CHECK(timely.optimum->value == Approx(exact.optimum->value).margin(1e-12));
}

TEST_CASE("Local suppression refuses what it cannot combine with", "[local_suppression]")
{
    const EncodedTable table = makeRandomTable(5, 3, 2);
    std::mt19937_64 random(5);
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers.push_back({0, randomHierarchy(table.columns[0], random), "random"});
    parameters.models = {std::make_shared<KAnonymity>(1)};
    parameters.localSuppression = LocalSuppressionSettings{};
    NullAnonymizationObserver quiet;
    CHECK_NOTHROW(runAnonymization(table, parameters, {}, quiet));
    auto withLimit = parameters;
    withLimit.suppressionLimit = 0.1;
    CHECK_THROWS_AS(runAnonymization(table, withLimit, {}, quiet), AnonymizationParameterError);
    auto withMetric = parameters;
    withMetric.metric = UtilityMetric::Discernibility;
    CHECK_THROWS_AS(runAnonymization(table, withMetric, {}, quiet), AnonymizationParameterError);
    auto withFrontier = parameters;
    withFrontier.fullFrontier = true;
    CHECK_THROWS_AS(runAnonymization(table, withFrontier, {}, quiet), AnonymizationParameterError);
    auto withImportance = parameters;
    withImportance.localSuppression->importance = {1.0, 2.0};
    CHECK_THROWS_AS(runAnonymization(table, withImportance, {}, quiet), AnonymizationParameterError);
}
