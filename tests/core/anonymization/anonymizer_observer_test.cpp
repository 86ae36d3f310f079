// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <memory>
#include <random>
#include <set>
#include <stop_token>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/l_diversity.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;

namespace {

class RecordingObserver final : public AnonymizationObserver {
public:
    void transformationsReported(std::span<const TransformationEvent> events,
                                 const AnonymizationCounters& counters) override
    {
        ++batches;
        all.insert(all.end(), events.begin(), events.end());
        last = counters;
    }
    int batches = 0;
    std::vector<TransformationEvent> all;
    AnonymizationCounters last;
};

AnonymizationParameters randomParameters(const EncodedTable& table, std::mt19937_64& random)
{
    AnonymizationParameters parameters;
    const int qiCount = std::min<int>(4, static_cast<int>(table.columnCount()) - 1);
    for (int q = 0; q < qiCount; ++q)
        parameters.quasiIdentifiers.push_back(
            {q, testing::randomHierarchy(table.columns[static_cast<std::size_t>(q)], random), "random"});
    parameters.models.push_back(std::make_shared<KAnonymity>(2 + random() % 3));
    parameters.models.push_back(
        std::make_shared<LDiversity>(table, static_cast<int>(table.columnCount()) - 1, DiversityVariant::Entropy, 1.5));
    parameters.suppressionLimit = 0.1;
    parameters.metric = UtilityMetric::Discernibility;
    return parameters;
}

} // namespace

TEST_CASE("The observer hears every check and tag once, consistent with the result", "[anonymization][observer]")
{
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 6);
        if (table.columnCount() < 3)
            continue;
        std::mt19937_64 random(seed);
        AnonymizationParameters parameters = randomParameters(table, random);
        if (seed % 2 == 0) {
            // k-anonymity alone, judged by class size, with a metric that prices the suppressed
            // classes' codes: the checks that skip pricing what fails.
            parameters.models.pop_back();
            parameters.metric = UtilityMetric::EntropyNonMonotonic;
        }
        RecordingObserver observer;
        const AnonymizationResult result = runAnonymization(table, parameters, {}, observer);
        INFO(testing::describeRandomTable(seed, table));
        REQUIRE(observer.batches >= 1);
        std::map<TransformationEventKind, std::set<std::uint64_t>> nodes;
        for (const TransformationEvent& event : observer.all) {
            REQUIRE(event.node < result.lattice.size());
            REQUIRE(nodes[event.kind].insert(event.node).second);
            if (event.kind == TransformationEventKind::Checked) {
                const TransformationAssessment assessment =
                    assessTransformation(table, parameters, result.lattice.transformationOf(event.node));
                REQUIRE(assessment.acceptable == event.acceptable);
                REQUIRE(assessment.suppressedRows == event.suppressedRows);
                // The optimal search prices only what it could publish.
                REQUIRE(event.value.has_value() == event.acceptable);
                if (event.value)
                    REQUIRE(*event.value == Approx(assessment.value));
            } else
                REQUIRE_FALSE(nodes[TransformationEventKind::Checked].contains(event.node));
        }
        REQUIRE(nodes[TransformationEventKind::Checked].size() == result.stats.checked);
        REQUIRE(observer.last.checked == result.stats.checked);
        REQUIRE(observer.last.latticeSize == result.lattice.size());
        if (result.optimum) {
            REQUIRE(observer.last.bestNode == result.lattice.nodeOf(result.optimum->transformation));
            REQUIRE(observer.last.bestValue == Approx(result.optimum->value));
        }
    }
}

TEST_CASE("A search stopped before it starts returns promptly and says so", "[anonymization][observer]")
{
    const EncodedTable table = testing::makeRandomTable(11, 6);
    std::mt19937_64 random(11);
    const AnonymizationParameters parameters = randomParameters(table, random);
    std::stop_source source;
    source.request_stop();
    NullAnonymizationObserver observer;
    const AnonymizationResult result = runAnonymization(table, parameters, source.get_token(), observer);
    REQUIRE_FALSE(result.complete);
    REQUIRE(result.stats.checked == 0);
}

TEST_CASE("Invalid parameters are refused with a sentence", "[anonymization][observer]")
{
    const EncodedTable table = testing::makeRandomTable(3, 6);
    AnonymizationParameters parameters;
    NullAnonymizationObserver observer;
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
    parameters.quasiIdentifiers.push_back({0, buildFlatHierarchy(table.columns[0].dictionary), "flat"});
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
    parameters.models.push_back(std::make_shared<KAnonymity>(2));
    parameters.suppressionLimit = 1.5;
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
    parameters.suppressionLimit = 0.0;
    parameters.quasiIdentifiers.push_back(parameters.quasiIdentifiers.front());
    REQUIRE_THROWS_AS(runAnonymization(table, parameters, {}, observer), AnonymizationParameterError);
}
