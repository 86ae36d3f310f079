// SPDX-License-Identifier: GPL-3.0-or-later
// A report of a wildcard search counts the rows at risk, their class sizes and the class left after
// the suggested fix under the wildcard semantics too, as a pair-by-pair count does (#17).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"
#include "qiscout/core/risk/risk_assessment.h"

#include "engines/brute_force_engine.h"
#include "support/random_table.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

TEST_CASE("A wildcard search's report counts rows at risk under the wildcard semantics", "[report][wildcard]")
{
    int differingTables = 0;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        const std::uint32_t percent = 10 + static_cast<std::uint32_t>(seed % 3) * 10;
        auto table = std::make_shared<const EncodedTable>(
            testing::withMissingCells(testing::makeRandomTable(seed, 5, 2), seed, percent));
        for (const std::uint64_t k : {1U, 2U, 3U}) {
            INFO(testing::describeRandomTable(seed, *table) << ", " << percent << " % missing, k = " << k);
            SearchParameters parameters;
            parameters.k = k;
            parameters.threads = 1;
            parameters.missingSemantics = MissingSemantics::Wildcard;
            NullObserver observer;
            ReportInput input;
            input.result = runBruteForce(*table, parameters, {}, observer);
            input.table = table;
            input.parameters = parameters;
            input.requestedAlgorithm = Algorithm::Brute;
            input.fileSha256 = "";
            input.generatedAt = std::chrono::system_clock::time_point{};
            const QiReport report = buildReport(input);
            REQUIRE(report.missingSemantics == MissingSemantics::Wildcard);

            std::vector<ColumnSet> sets;
            std::vector<std::uint32_t> expectedCounts(table->rowCount, 0);
            std::vector<std::uint32_t> valueCounts(table->rowCount, 0);
            for (const MinimalSet& set : report.minimalSets) {
                sets.push_back(set.columns);
                const std::vector<std::uint64_t> sizes = testing::wildcardClassSizes(*table, set.columns);
                for (std::uint32_t row = 0; row < table->rowCount; ++row)
                    expectedCounts[row] += sizes[row] <= k ? 1U : 0U;
            }
            CHECK(isolatingSetCounts(*table, sets, k, MissingSemantics::Wildcard) == expectedCounts);
            if (isolatingSetCounts(*table, sets, k, MissingSemantics::Value) != expectedCounts)
                ++differingTables;
            const auto atRisk = static_cast<std::uint64_t>(
                std::count_if(expectedCounts.begin(), expectedCounts.end(), [](std::uint32_t n) { return n > 0; }));
            CHECK(report.recordsAtRisk.rowsAtRisk == atRisk);
            for (const RiskyRow& risky : report.recordsAtRisk.riskiest) {
                CHECK(risky.isolatingSets == expectedCounts[risky.row]);
                CHECK(risky.classSize == testing::wildcardClassSizes(*table, risky.smallestIsolatingSet)[risky.row]);
            }
            if (report.remediation.remainingSmallestClass) {
                const std::vector<std::uint64_t> remaining =
                    testing::wildcardClassSizes(*table, report.remediation.remaining);
                CHECK(*report.remediation.remainingSmallestClass ==
                      *std::min_element(remaining.begin(), remaining.end()));
            }
        }
    }
    // The tables exercise the difference: value classes would have counted other rows.
    CHECK(differingTables > 0);
}

TEST_CASE("The record-level risk says it matches missing cells as values, unlike a wildcard search",
          "[report][wildcard][risk]")
{
    auto table =
        std::make_shared<const EncodedTable>(testing::withMissingCells(testing::makeRandomTable(5, 4, 3), 5, 20));
    for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard}) {
        SearchParameters parameters;
        parameters.k = 2;
        parameters.threads = 1;
        parameters.missingSemantics = semantics;
        NullObserver observer;
        ReportInput input;
        input.result = runBruteForce(*table, parameters, {}, observer);
        input.table = table;
        input.parameters = parameters;
        input.fileSha256 = "";
        input.generatedAt = std::chrono::system_clock::time_point{};
        RiskParameters risk;
        risk.keyColumns = ColumnSet::firstN(static_cast<int>(table->columnCount()));
        risk.threads = 1;
        input.risk = std::make_shared<const RiskAssessment>(assessRisk(*table, risk));
        const std::string html = reportToHtml(buildReport(input));
        CHECK(html.find("Missing cells here: value, a missing cell is a value of its own") != std::string::npos);
        CHECK((html.find("unlike the search above, which matched them as wildcard") != std::string::npos) ==
              (semantics == MissingSemantics::Wildcard));
    }
}
