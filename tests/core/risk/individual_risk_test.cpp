// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/encoded_table.h"

#include "risk/individual_risk.h"

using namespace qiscout::core;

namespace {

// sdcMicro tests/testthat/test_indivRisk.R: key variables A, B, C and a weight, without missing values.
EncodedTable sdcMicroWeightedSample()
{
    return encodeRows({"A", "B", "C", "weight"}, {{"2", "3", "1", "18.0"},
                                                  {"3", "3", "3", "45.5"},
                                                  {"2", "3", "1", "39.0"},
                                                  {"2", "3", "2", "17.0"},
                                                  {"3", "3", "1", "92.0"},
                                                  {"3", "3", "1", "8.0"},
                                                  {"1", "4", "1", "123.5"},
                                                  {"2", "3", "1", "51"}});
}

RiskParameters weighted(int keys, int weight)
{
    RiskParameters parameters;
    parameters.keyColumns = ColumnSet::firstN(keys);
    parameters.weightColumn = weight;
    parameters.threads = 1;
    return parameters;
}

} // namespace

TEST_CASE("Individual risk matches sdcMicro's indivRisk test on a weighted sample", "[risk][individual]")
{
    const RiskAssessment risk = assessRisk(sdcMicroWeightedSample(), weighted(3, 3));
    // indivRisk(fr, method = "approx", qual = 1, survey = TRUE), as printed to 8 digits.
    const std::vector<double> expected{0.01369863, 0.08579129, 0.01369863, 0.17707583,
                                       0.01877883, 0.01877883, 0.03931625, 0.01369863};
    REQUIRE(risk.individualRisk.size() == expected.size());
    for (std::size_t row = 0; row < expected.size(); ++row)
        CHECK(risk.individualRisk[row] == Approx(expected[row]).margin(5e-9));
    CHECK(risk.populationClassSizes == std::vector<double>{108, 45.5, 108, 17, 100, 100, 123.5, 108});
    double sum = 0;
    for (const double value : expected)
        sum += value;
    CHECK(risk.global.expectedReidentifications == Approx(sum).margin(1e-7));
    CHECK(risk.global.risk == Approx(sum / 8).margin(1e-8));
}

TEST_CASE("Individual risk of an unweighted sample is 1 / f_k, as sdcMicro's survey = FALSE", "[risk][individual]")
{
    RiskParameters parameters = weighted(3, 3);
    parameters.weightColumn.reset();
    const RiskAssessment risk = assessRisk(sdcMicroWeightedSample(), parameters);
    const std::vector<double> expected{1.0 / 3, 1, 1.0 / 3, 1, 0.5, 0.5, 1, 1.0 / 3};
    for (std::size_t row = 0; row < expected.size(); ++row)
        CHECK(risk.individualRisk[row] == Approx(expected[row]));
    CHECK(risk.populationClassSizes.empty());
    // Sum of 1 / f_k over the rows: one per class.
    CHECK(risk.global.expectedReidentifications == Approx(5));
    CHECK(risk.global.risk == Approx(5.0 / 8));
}

TEST_CASE("Individual risk equals a direct computation on random weighted samples", "[risk][individual]")
{
    std::mt19937_64 engine(5);
    for (int round = 0; round < 60; ++round) {
        const auto rows = static_cast<std::uint32_t>(1 + engine() % 200);
        std::vector<std::vector<std::string>> cells;
        std::vector<double> weights;
        for (std::uint32_t row = 0; row < rows; ++row) {
            // Weights from 1 (the row stands for itself) to about 500, some below the class size.
            const double weight = round % 3 == 0 ? 1 + static_cast<double>(engine() % 4)
                                                 : 1 + static_cast<double>(engine() % 50000) / 100;
            weights.push_back(weight);
            cells.push_back({std::to_string(engine() % 3), std::to_string(engine() % 4), std::to_string(weight)});
        }
        const EncodedTable table = encodeRows({"a", "b", "w"}, cells);
        std::map<std::pair<std::string, std::string>, std::pair<std::uint32_t, double>> classes;
        for (std::uint32_t row = 0; row < rows; ++row) {
            auto& entry = classes[{cells[row][0], cells[row][1]}];
            ++entry.first;
            entry.second += std::stod(cells[row][2]);
        }
        const RiskAssessment risk = assessRisk(table, weighted(2, 2));
        double sum = 0;
        for (std::uint32_t row = 0; row < rows; ++row) {
            const auto [f, weightSum] = classes[{cells[row][0], cells[row][1]}];
            const double p = f / weightSum;
            double expected = 1.0 / f;
            if (weightSum > f) {
                if (f == 1)
                    expected = p / (1 - p) * std::log(1 / p);
                else if (f == 2)
                    expected = p / (1 - p) - std::pow(p / (1 - p), 2) * std::log(1 / p);
                else
                    expected = p / (f - (1 - p));
            }
            INFO("round " << round << ", row " << row << ", f " << f << ", F " << weightSum);
            CHECK(risk.individualRisk[row] == Approx(expected).epsilon(1e-12));
            CHECK(risk.populationClassSizes[row] == Approx(weightSum).epsilon(1e-12));
            sum += expected;
        }
        CHECK(risk.global.expectedReidentifications == Approx(sum).epsilon(1e-12));
    }
}

TEST_CASE("A weight that is not a positive number is an error naming the column and row", "[risk][individual]")
{
    for (const std::string bad : {"", "abc", "0", "-3", "inf", "1.5x"}) {
        const EncodedTable table = encodeRows({"a", "w"}, {{"x", "2"}, {"y", bad}});
        INFO("weight '" << bad << "'");
        try {
            (void)assessRisk(table, weighted(1, 1));
            FAIL("no error");
        } catch (const RiskParameterError& error) {
            CHECK_THAT(error.what(), Catch::Contains("'w'") && Catch::Contains("row 2"));
        }
    }
    CHECK(readSamplingWeights(encodeRows({"w"}, {{"1e3"}, {"0.5"}, {"7"}}), 0) == std::vector<double>{1000, 0.5, 7});
}
