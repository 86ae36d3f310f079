// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <memory>
#include <random>
#include <set>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/l_diversity.h"
#include "qiscout/core/anonymization/t_closeness.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;

namespace {

/// A class summary over some rows of a column.
struct ClassOfRows {
    std::uint64_t rows = 0;
    std::vector<ValueCount> values;
    [[nodiscard]] ClassSummary summary() const { return {rows, values}; }
};

ClassOfRows classOf(const EncodedTable& table, int column, const std::vector<std::uint32_t>& rows)
{
    std::map<std::uint32_t, std::uint64_t> counts;
    for (const std::uint32_t row : rows)
        ++counts[table.code(row, static_cast<std::size_t>(column))];
    ClassOfRows result;
    result.rows = rows.size();
    for (const auto& [code, count] : counts)
        result.values.push_back({code, count});
    return result;
}

} // namespace

TEST_CASE("t-closeness reproduces the distances of Li, Li and Venkatasubramanian", "[anonymization][models]")
{
    // Salaries 3k..11k, one row each; the class {3k, 4k, 5k} is 0.375 from the table with ordered
    // distance, {6k, 8k, 11k} 0.167; with equal distance both are 2/3 away.
    const EncodedTable table = [] {
        std::vector<std::vector<std::string>> rows;
        for (int salary = 3; salary <= 11; ++salary)
            rows.push_back({std::to_string(salary)});
        EncodedTable encoded = encodeRows({"salary"}, rows);
        encoded.columns[0].type = ColumnType::Integer;
        return encoded;
    }();
    const TCloseness ordered(table, 0, 0.2, ClosenessDistance::Ordered);
    const TCloseness equal(table, 0, 0.2, ClosenessDistance::Equal);
    const ClassOfRows low = classOf(table, 0, {0, 1, 2});
    const ClassOfRows spread = classOf(table, 0, {3, 5, 8});
    REQUIRE(ordered.distanceOf(low.summary()) == Approx(0.375));
    REQUIRE(ordered.distanceOf(spread.summary()) == Approx(1.0 / 6.0));
    REQUIRE(equal.distanceOf(low.summary()) == Approx(2.0 / 3.0));
    REQUIRE_FALSE(ordered.satisfiedBy(low.summary()));
    REQUIRE(ordered.satisfiedBy(spread.summary()));
    REQUIRE(defaultClosenessDistance(table.columns[0]) == ClosenessDistance::Ordered);
}

TEST_CASE("l-diversity variants follow their definitions", "[anonymization][models]")
{
    const EncodedTable table = encodeRows({"disease"}, {{"flu"}, {"flu"}, {"flu"}, {"cold"}, {"cancer"}, {"cold"}});
    const ClassOfRows skewed = classOf(table, 0, {0, 1, 2, 3, 4}); // flu 3, cold 1, cancer 1
    const ClassOfRows even = classOf(table, 0, {0, 3, 4});         // one each
    REQUIRE(LDiversity(table, 0, DiversityVariant::Distinct, 3).satisfiedBy(skewed.summary()));
    REQUIRE_FALSE(LDiversity(table, 0, DiversityVariant::Entropy, 3).satisfiedBy(skewed.summary()));
    REQUIRE(LDiversity(table, 0, DiversityVariant::Entropy, 3).satisfiedBy(even.summary()));
    // Recursive (c, 2): r1 = 3 < c (r2 + r3) = 2c holds for c = 2, not for c = 1.5.
    REQUIRE(LDiversity(table, 0, DiversityVariant::Recursive, 2, 2.0).satisfiedBy(skewed.summary()));
    REQUIRE_FALSE(LDiversity(table, 0, DiversityVariant::Recursive, 2, 1.5).satisfiedBy(skewed.summary()));
    REQUIRE_THROWS_AS(LDiversity(table, 0, DiversityVariant::Distinct, 2.5), std::invalid_argument);
    REQUIRE_THROWS_AS(LDiversity(table, 0, DiversityVariant::Recursive, 2, 0.0), std::invalid_argument);
    REQUIRE_THROWS_AS(TCloseness(table, 0, 1.5, ClosenessDistance::Equal), std::invalid_argument);
    REQUIRE_THROWS_AS(KAnonymity(0), std::invalid_argument);
    REQUIRE(LDiversity(table, 0, DiversityVariant::Recursive, 2, 3).describe(table.columnNames()) ==
            "recursive (3, 2)-diversity on disease");
}

TEST_CASE("Every model has the monotonicity it declares, on random merges", "[anonymization][models]")
{
    // Merging classes is what generalisation does. withoutSuppression: a union of satisfying
    // classes satisfies. withSuppression: a union with a satisfying class satisfies.
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 3);
        std::mt19937_64 random(seed);
        const int column = static_cast<int>(table.columnCount()) - 1;
        std::vector<std::shared_ptr<const PrivacyModel>> models{
            std::make_shared<KAnonymity>(1 + random() % 4),
            std::make_shared<LDiversity>(table, column, DiversityVariant::Distinct, 1 + random() % 3),
            std::make_shared<LDiversity>(table, column, DiversityVariant::Entropy,
                                         1.0 + static_cast<double>(random() % 20) / 10.0),
            std::make_shared<LDiversity>(table, column, DiversityVariant::Recursive, 1 + random() % 3,
                                         0.5 + static_cast<double>(random() % 6) / 2.0),
            std::make_shared<TCloseness>(table, column, static_cast<double>(random() % 10) / 10.0,
                                         ClosenessDistance::Equal),
            std::make_shared<TCloseness>(table, column, static_cast<double>(random() % 10) / 10.0,
                                         ClosenessDistance::Ordered),
        };
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<std::uint32_t> first;
            std::vector<std::uint32_t> second;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                const auto pick = random() % 4;
                if (pick == 0)
                    first.push_back(row);
                else if (pick == 1)
                    second.push_back(row);
            }
            if (first.empty() || second.empty())
                continue;
            std::vector<std::uint32_t> both = first;
            both.insert(both.end(), second.begin(), second.end());
            for (const auto& model : models) {
                INFO("seed " << seed << ", " << model->describe(table.columnNames()));
                const bool a = model->satisfiedBy(classOf(table, column, first).summary());
                const bool b = model->satisfiedBy(classOf(table, column, second).summary());
                const bool merged = model->satisfiedBy(classOf(table, column, both).summary());
                if (model->monotonicity().withoutSuppression && a && b)
                    REQUIRE(merged);
                if (model->monotonicity().withSuppression && (a || b))
                    REQUIRE(merged);
            }
        }
    }
}
