// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/encoded_table.h"

#include "support/random_table.h"
#include "support/worked_example.h"

using namespace qiscout::core;

namespace {

RiskParameters on(ColumnSet keys, std::uint64_t k = 1)
{
    RiskParameters parameters;
    parameters.keyColumns = keys;
    parameters.k = k;
    parameters.threads = 1;
    return parameters;
}

} // namespace

TEST_CASE("Sample risks follow the classes on the key columns", "[risk]")
{
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 6);
        const ColumnSet keys = ColumnSet::firstN(static_cast<int>(table.columnCount()));
        for (const std::uint64_t k : {1U, 2U, 5U}) {
            INFO(testing::describeRandomTable(seed, table) << ", k " << k);
            const RiskAssessment risk = assessRisk(table, on(keys, k));
            std::map<std::vector<std::uint32_t>, std::uint32_t> classes;
            const auto keyOf = [&](std::uint32_t row) {
                std::vector<std::uint32_t> key;
                for (std::size_t c = 0; c < table.columnCount(); ++c)
                    key.push_back(table.code(row, c));
                return key;
            };
            for (std::uint32_t row = 0; row < table.rowCount; ++row)
                ++classes[keyOf(row)];
            std::uint64_t uniques = 0;
            std::uint64_t atRisk = 0;
            double highest = 0;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                const std::uint32_t size = classes[keyOf(row)];
                CHECK(risk.classSizes[row] == size);
                CHECK(risk.prosecutorRisk[row] == Approx(1.0 / size));
                uniques += size == 1 ? 1 : 0;
                atRisk += size <= k ? 1 : 0;
                highest = std::max(highest, 1.0 / size);
            }
            CHECK(risk.sample.classes == classes.size());
            CHECK(risk.sample.sampleUniques == uniques);
            CHECK(risk.sample.recordsAtRisk == atRisk);
            CHECK(risk.sample.highestProsecutorRisk == Approx(highest));
            CHECK(risk.sample.averageProsecutorRisk == Approx(static_cast<double>(classes.size()) / table.rowCount));
            CHECK(risk.sample.marketerRisk == Approx(static_cast<double>(classes.size()) / table.rowCount));
        }
    }
}

TEST_CASE("Risk assessment rejects parameters it cannot use", "[risk]")
{
    const EncodedTable table = testing::workedExample();
    CHECK_THROWS_AS(assessRisk(table, on(ColumnSet())), RiskParameterError);
    CHECK_THROWS_AS(assessRisk(table, on(ColumnSet::of({7}))), RiskParameterError);
    std::vector<std::vector<std::string>> wideRow(1, std::vector<std::string>(65, "x"));
    std::vector<std::string> wideNames;
    for (int column = 0; column < 65; ++column)
        wideNames.push_back("c" + std::to_string(column));
    CHECK_THROWS_WITH(assessRisk(encodeRows(wideNames, wideRow), on(ColumnSet::firstN(65))),
                      Catch::Contains("at most 64 key columns, not 65"));
    RiskParameters parameters = on(ColumnSet::of({0, 1}));
    for (const double fraction : {0.0, -0.5, 1.5}) {
        parameters.samplingFraction = fraction;
        CHECK_THROWS_AS(assessRisk(table, parameters), RiskParameterError);
    }
    parameters.samplingFraction = 0.1;
    parameters.weightColumn = 1;
    CHECK_THROWS_AS(assessRisk(table, parameters), RiskParameterError);
    parameters.weightColumn = 9;
    CHECK_THROWS_AS(assessRisk(table, parameters), RiskParameterError);
    parameters.weightColumn.reset();
    parameters.threads = 0;
    CHECK_THROWS_AS(assessRisk(table, parameters), RiskParameterError);
}

TEST_CASE("Risk assessment of the worked example names the riskiest rows and their columns", "[risk]")
{
    const EncodedTable table = testing::workedExample();
    const RiskAssessment risk = assessRisk(table, on(ColumnSet::firstN(4)));
    // Row 2 is the only widow: a 1-MSU on Marital (weight 3! = 6) and, with the ZIP shared by the
    // Male rows, more. Rows 0, 1, 3 hold 2-MSUs on {Birth or Gender, ZIP}.
    const std::vector<std::uint32_t> riskiest = risk.riskiestRows(3);
    REQUIRE(riskiest.size() == 3);
    CHECK(riskiest.front() == 2);
    REQUIRE(risk.topContributor(2));
    CHECK(*risk.topContributor(2) == 3);
    for (std::size_t i = 1; i < riskiest.size(); ++i)
        CHECK(risk.sudaScores[riskiest[i - 1]] >= risk.sudaScores[riskiest[i]]);
    // Rows in pairs hold no MSU at all.
    for (const std::uint32_t row : {4U, 5U, 6U, 7U, 8U, 9U}) {
        CHECK(risk.sudaScores[row] == 0);
        CHECK_FALSE(risk.topContributor(row));
    }
    CHECK(risk.riskiestRows(100).size() == table.rowCount);
}

TEST_CASE("Risk assessment gives the same figures on one and two threads", "[risk]")
{
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 9);
        RiskParameters parameters = on(ColumnSet::firstN(static_cast<int>(table.columnCount())));
        parameters.scoring = seed % 2 == 0 ? SudaScoring::Ihsn : SudaScoring::Elliot;
        const RiskAssessment one = assessRisk(table, parameters);
        parameters.threads = 2;
        const RiskAssessment two = assessRisk(table, parameters);
        INFO(testing::describeRandomTable(seed, table));
        CHECK(one.sudaScores == two.sudaScores);
        CHECK(one.suda.msusBySize == two.suda.msusBySize);
        REQUIRE(one.columnContributions.size() == two.columnContributions.size());
        for (std::size_t i = 0; i < one.columnContributions.size(); ++i)
            CHECK(one.columnContributions[i] == Approx(two.columnContributions[i]).epsilon(1e-12));
    }
}

TEST_CASE("Risk assessment stops when asked and says it is incomplete", "[risk]")
{
    const EncodedTable table = testing::makeRandomTable(4, 8);
    std::stop_source source;
    source.request_stop();
    const RiskAssessment risk =
        assessRisk(table, on(ColumnSet::firstN(static_cast<int>(table.columnCount()))), source.get_token());
    CHECK_FALSE(risk.complete);
}

TEST_CASE("Risk assessment reports its progress through the items of the table", "[risk]")
{
    const EncodedTable table = testing::makeRandomTable(8, 8);
    RiskProgress progress;
    const RiskAssessment risk =
        assessRisk(table, on(ColumnSet::firstN(static_cast<int>(table.columnCount()))), {}, &progress);
    CHECK(risk.complete);
    CHECK(progress.done.load() == progress.total.load());
}

TEST_CASE("Risk assessment of an empty table has nothing to report", "[risk]")
{
    const EncodedTable table = encodeRows({"a", "b"}, {});
    const RiskAssessment risk = assessRisk(table, on(ColumnSet::firstN(2)));
    CHECK(risk.rowCount == 0);
    CHECK(risk.sudaScores.empty());
    CHECK(risk.complete);
}

TEST_CASE("Risk assessment of francdat with its weights, as in sdcMicro's indivRisk example", "[risk][shared_data]")
{
    // freqCalc(francdat, keyVars = c(2, 4, 5, 6), w = 8): Key1..Key4 weighted by w.
    const EncodedTable table = loadTable(QISCOUT_TEST_TABLES_DIR "/francdat.csv");
    RiskParameters parameters = on(ColumnSet::of({1, 3, 4, 5}));
    parameters.weightColumn = 7;
    const RiskAssessment risk = assessRisk(table, parameters);
    // f_k: rows 1 and 8 share (1, 2, 5, 1), rows 2 and 3 share (1, 2, 1, 1); the rest are unique.
    CHECK(risk.classSizes == std::vector<std::uint32_t>{2, 2, 2, 1, 1, 1, 1, 2});
    CHECK(risk.populationClassSizes == std::vector<double>{110, 84.5, 84.5, 17, 541, 8, 5, 110});
    CHECK(risk.sample.sampleUniques == 4);
    // Row 7 (weight 5) is unique in a population class of 5.
    CHECK(risk.individualRisk[6] == Approx(0.2 / 0.8 * std::log(5.0)));
}
