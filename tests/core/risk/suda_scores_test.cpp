// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/encoded_table.h"

#include "risk/suda_scores.h"
#include "support/naive_msus.h"
#include "support/random_table.h"

using namespace qiscout::core;

namespace {

RiskParameters onAllColumns(const EncodedTable& table, SudaScoring scoring = SudaScoring::Elliot)
{
    RiskParameters parameters;
    parameters.keyColumns = ColumnSet::firstN(static_cast<int>(table.columnCount()));
    parameters.scoring = scoring;
    parameters.threads = 1;
    return parameters;
}

// sdcMicro's weights, written out from its loops: Elliot's product (M - j) for j = k .. M - 1,
// IHSN's (2^(M - k) - 1) k! (M - k)! / M!.
double expectedWeight(SudaScoring scoring, int m, int k)
{
    double product = 1;
    for (int j = k; j < m; ++j)
        product *= m - j;
    if (scoring == SudaScoring::Elliot)
        return product;
    double binomial = 1;
    for (int j = 1; j <= k; ++j)
        binomial = binomial * (m - k + j) / j;
    return (std::pow(2.0, m - k) - 1) / binomial;
}

struct ExpectedSuda {
    std::vector<double> scores;
    std::vector<double> disScores;
    std::vector<std::vector<double>> shares;
    std::vector<double> attributeContributions;
    std::vector<std::vector<double>> levelContributions;
};

// SUDA from the definition: the MSUs enumerated by brute force, sdcMicro's formulas applied as
// its C++ and R code state them (DIS through U / Dis - U, not the simplified form).
ExpectedSuda bruteForceSuda(const EncodedTable& table, SudaScoring scoring, double fraction,
                            std::optional<int> maxMsuSize = std::nullopt)
{
    const auto keys = static_cast<int>(table.columnCount());
    const int m = std::max(3, keys);
    ExpectedSuda expected;
    expected.scores.assign(table.rowCount, 0);
    std::vector<std::vector<double>> raw(table.rowCount, std::vector<double>(static_cast<std::size_t>(keys), 0));
    for (const testing::NaiveMsu& msu : testing::naiveMsus(table, maxMsuSize.value_or(keys), false)) {
        const double weight = expectedWeight(scoring, m, static_cast<int>(msu.items.size()));
        expected.scores[msu.row] += weight;
        for (const auto& item : msu.items)
            raw[msu.row][static_cast<std::size_t>(item.first)] += weight;
    }
    double total = 0;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        total += expected.scores[row];
        std::vector<double> share(static_cast<std::size_t>(keys), 0);
        for (int c = 0; c < keys; ++c)
            if (expected.scores[row] > 0)
                share[static_cast<std::size_t>(c)] = raw[row][static_cast<std::size_t>(c)] / expected.scores[row];
        expected.shares.push_back(share);
    }
    for (int c = 0; c < keys; ++c) {
        double column = 0;
        std::vector<double> levels(table.columns[static_cast<std::size_t>(c)].distinctCount(), 0);
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            column += raw[row][static_cast<std::size_t>(c)];
            levels[table.code(row, static_cast<std::size_t>(c))] += raw[row][static_cast<std::size_t>(c)];
        }
        expected.attributeContributions.push_back(total > 0 ? 100 * column / total : 0);
        for (double& level : levels)
            level = column > 0 ? 100 * level / column : 0;
        expected.levelContributions.push_back(levels);
    }

    std::map<std::vector<std::uint32_t>, int> classes;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::uint32_t> key;
        for (int c = 0; c < keys; ++c)
            key.push_back(table.code(row, static_cast<std::size_t>(c)));
        ++classes[key];
    }
    double uniques = 0;
    double pairs = 0;
    for (const auto& [key, size] : classes) {
        uniques += size == 1 ? 1 : 0;
        pairs += size == 2 ? 2 : 0;
    }
    const double dis = uniques * fraction / (uniques * fraction + pairs * (1 - fraction));
    const double q = 1 + (8.0 - m) / 20;
    double adjustment = 0;
    for (const double score : expected.scores)
        if (score > 0)
            adjustment += 1 / std::pow(score, q);
    for (const double score : expected.scores)
        expected.disScores.push_back(score > 0 ? 1 / (1 + (uniques / dis - uniques) / (std::pow(score, q) * adjustment))
                                               : 0);
    return expected;
}

void checkClose(const std::vector<double>& actual, const std::vector<double>& expected)
{
    REQUIRE(actual.size() == expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        INFO("index " << i);
        CHECK(actual[i] == Approx(expected[i]).epsilon(1e-9).margin(1e-12));
    }
}

} // namespace

TEST_CASE("SUDA scores sdcMicro's book example as its tests expect", "[risk][suda]")
{
    // sdcMicro tests/testthat/test_suda2.R, "suda2 book example": scores of rows 5 to 8.
    const EncodedTable table =
        encodeRows({"age", "gender", "income", "education"}, {{"20s", "male", "50k+", "highschool"},
                                                              {"20s", "male", "50k+", "highschool"},
                                                              {"20s", "male", "50k-", "highschool"},
                                                              {"20s", "male", "50k-", "highschool"},
                                                              {"20s", "female", "50k-", "university"},
                                                              {"20s", "female", "50k-", "highschool"},
                                                              {"20s", "female", "50k-", "middleschool"},
                                                              {"60s", "male", "50k-", "university"}});
    const RiskAssessment risk = assessRisk(table, onAllColumns(table));
    CHECK(risk.sudaScores == std::vector<double>{0, 0, 0, 0, 4, 2, 6, 8});
}

TEST_CASE("SUDA scores the SDC guideline's example as sdcMicro's tests expect", "[risk][suda]")
{
    // sdcMicro tests/testthat/test_suda2.R, "suda2 sdc guideline".
    const EncodedTable table = encodeRows({"Residence", "Gender", "Education", "Labor"},
                                          {{"Urban", "Female", "Secondary incomplete", "Employed"},
                                           {"Urban", "Female", "Secondary incomplete", "Employed"},
                                           {"Urban", "Female", "Primary incomplete", "Non-LF"},
                                           {"Urban", "Male", "Secondary complete", "Employed"},
                                           {"Rural", "Female", "Secondary complete", "Unemployed"},
                                           {"Urban", "Male", "Secondary complete", "Employed"},
                                           {"Urban", "Female", "Primary complete", "Non-LF"},
                                           {"Urban", "Male", "Post-secondary", "Unemployed"},
                                           {"Urban", "Female", "Secondary incomplete", "Non-LF"},
                                           {"Urban", "Female", "Secondary incomplete", "Non-LF"}});
    const RiskAssessment risk = assessRisk(table, onAllColumns(table));
    CHECK(risk.sudaScores == std::vector<double>{0, 0, 6, 0, 12, 0, 6, 10, 0, 0});
}

TEST_CASE("SUDA attribute contributions match sdcMicro's simple example in every column order", "[risk][suda]")
{
    // sdcMicro tests/testthat/test_suda2.R, "suda2 simple example contribution" 1 to 4: a = (2, 1, 1),
    // b = (0, 3, 0), c = (0, 6, 0) give a 50 %, b and c 37.5 % each.
    const std::vector<std::string> a{"2", "1", "1"};
    const std::vector<std::string> b{"0", "3", "0"};
    const std::vector<std::string> c{"0", "6", "0"};
    const auto table = [](const std::vector<std::vector<std::string>>& columns) {
        std::vector<std::vector<std::string>> rows(3);
        for (std::size_t row = 0; row < 3; ++row)
            for (const auto& column : columns)
                rows[row].push_back(column[row]);
        return encodeRows({"x", "y", "z"}, rows);
    };
    const auto contributions = [&](const EncodedTable& encoded) {
        return assessRisk(encoded, onAllColumns(encoded)).suda.attributeContributions;
    };
    CHECK(contributions(table({a, b, c})) == std::vector<double>{50, 37.5, 37.5});
    CHECK(contributions(table({a, c, b})) == std::vector<double>{50, 37.5, 37.5});
    CHECK(contributions(table({c, a, b})) == std::vector<double>{37.5, 50, 37.5});
    CHECK(contributions(table({c, b, a})) == std::vector<double>{37.5, 37.5, 50});
}

TEST_CASE("SUDA weights follow sdcMicro's two scorings", "[risk][suda]")
{
    for (const SudaScoring scoring : {SudaScoring::Elliot, SudaScoring::Ihsn})
        for (int m = 3; m <= 20; ++m)
            for (int k = 1; k <= m; ++k)
                CHECK(sudaWeight(scoring, m, k) == Approx(expectedWeight(scoring, m, k)).epsilon(1e-14));
    // Seven key columns, as in sdcMicro's testdata2 example: a 1-MSU weighs 720 (Elliot) or 9 (IHSN).
    CHECK(sudaWeight(SudaScoring::Elliot, 7, 1) == 720);
    CHECK(sudaWeight(SudaScoring::Ihsn, 7, 1) == Approx(9));
    CHECK(sudaWeight(SudaScoring::Ihsn, 7, 7) == 0);
}

TEST_CASE("SUDA scores, DIS-SUDA and contributions equal a brute force on random tables", "[risk][suda]")
{
    for (std::uint64_t seed = 1; seed <= 80; ++seed) {
        const EncodedTable plain = testing::makeRandomTable(seed, 6);
        const EncodedTable withMissing = testing::withMissingCells(plain, seed, 20);
        for (const EncodedTable* table : {&plain, &withMissing}) {
            for (const SudaScoring scoring : {SudaScoring::Elliot, SudaScoring::Ihsn}) {
                for (const double fraction : {0.01, 0.3, 1.0}) {
                    const ExpectedSuda expected = bruteForceSuda(*table, scoring, fraction);
                    for (const int threads : {1, 2}) {
                        INFO(testing::describeRandomTable(seed, *table)
                             << (table == &withMissing ? " with missing cells" : "") << ", " << toString(scoring)
                             << ", fraction " << fraction << ", threads " << threads);
                        RiskParameters parameters = onAllColumns(*table, scoring);
                        parameters.samplingFraction = fraction;
                        parameters.threads = threads;
                        const RiskAssessment risk = assessRisk(*table, parameters);
                        REQUIRE(risk.complete);
                        checkClose(risk.sudaScores, expected.scores);
                        checkClose(risk.disSudaScores, expected.disScores);
                        checkClose(risk.suda.attributeContributions, expected.attributeContributions);
                        for (std::uint32_t row = 0; row < table->rowCount; ++row) {
                            std::vector<double> shares;
                            for (std::size_t key = 0; key < risk.keyColumns.size(); ++key)
                                shares.push_back(risk.contribution(row, key));
                            checkClose(shares, expected.shares[row]);
                        }
                        for (std::size_t key = 0; key < risk.keyColumns.size(); ++key)
                            checkClose(risk.suda.levelContributions[key], expected.levelContributions[key]);
                    }
                }
            }
        }
    }
}

TEST_CASE("SUDA with a largest MSU size counts exactly the MSUs up to it, weighed by all key columns", "[risk][suda]")
{
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 6), seed, 20);
        for (const int maxMsuSize : {1, 2, 3}) {
            for (const int threads : {1, 2}) {
                INFO(testing::describeRandomTable(seed, table)
                     << ", largest MSU " << maxMsuSize << ", threads " << threads);
                RiskParameters parameters = onAllColumns(table, SudaScoring::Elliot);
                parameters.maxMsuSize = maxMsuSize;
                parameters.threads = threads;
                const RiskAssessment risk = assessRisk(table, parameters);
                REQUIRE(risk.complete);
                const ExpectedSuda expected = bruteForceSuda(table, SudaScoring::Elliot, 0.01, maxMsuSize);
                checkClose(risk.sudaScores, expected.scores);
                checkClose(risk.disSudaScores, expected.disScores);
                CHECK(risk.suda.msusBySize.size() <= static_cast<std::size_t>(maxMsuSize));
            }
        }
    }
    RiskParameters invalid = onAllColumns(testing::makeRandomTable(1, 6), SudaScoring::Elliot);
    invalid.maxMsuSize = 0;
    CHECK_THROWS_AS(assessRisk(testing::makeRandomTable(1, 6), invalid), RiskParameterError);
}

TEST_CASE("SUDA scores with a largest MSU size are lower bounds of the unbounded scores", "[risk][suda]")
{
    // What the report and the CLI tell a user who bounds the search: no score grows, the MSUs up to
    // the bound are the unbounded search's, and a bound of every key column is no bound.
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 6), seed, 20);
        for (const SudaScoring scoring : {SudaScoring::Elliot, SudaScoring::Ihsn}) {
            RiskParameters parameters = onAllColumns(table, scoring);
            const RiskAssessment unbounded = assessRisk(table, parameters);
            CHECK_FALSE(unbounded.suda.maxMsuSize);
            for (int maxMsuSize = 1; maxMsuSize <= static_cast<int>(table.columnCount()); ++maxMsuSize) {
                INFO(testing::describeRandomTable(seed, table)
                     << ", " << toString(scoring) << ", largest MSU " << maxMsuSize);
                parameters.maxMsuSize = maxMsuSize;
                const RiskAssessment bounded = assessRisk(table, parameters);
                for (std::size_t row = 0; row < bounded.sudaScores.size(); ++row)
                    CHECK(bounded.sudaScores[row] <= unbounded.sudaScores[row] * (1 + 1e-12));
                for (std::size_t size = 0; size < bounded.suda.msusBySize.size(); ++size)
                    CHECK(bounded.suda.msusBySize[size] == unbounded.suda.msusBySize[size]);
                if (maxMsuSize < static_cast<int>(table.columnCount()))
                    CHECK(bounded.suda.maxMsuSize == std::optional<int>(maxMsuSize));
                else
                    CHECK_FALSE(bounded.suda.maxMsuSize);
            }
        }
    }
}

TEST_CASE("SUDA scores only the chosen key columns", "[risk][suda]")
{
    std::uint64_t seed = 17;
    while (testing::makeRandomTable(seed, 8).columnCount() < 3)
        ++seed;
    const EncodedTable table = testing::makeRandomTable(seed, 8);
    const ColumnSet keys = ColumnSet::of({0, 2});
    RiskParameters parameters;
    parameters.keyColumns = keys;
    parameters.threads = 1;
    const RiskAssessment risk = assessRisk(table, parameters);

    std::vector<std::vector<std::string>> rows(table.rowCount);
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        rows[row] = {table.text(row, 0), table.text(row, 2)};
    const EncodedTable projected = encodeRows({"a", "c"}, rows);
    // Two key columns score as three (sdcMicro pads with a constant column).
    checkClose(risk.sudaScores, bruteForceSuda(projected, SudaScoring::Elliot, 0.01).scores);
    CHECK(risk.suda.scoredColumns == 3);
    CHECK(risk.keyColumns == std::vector<int>{0, 2});
}
