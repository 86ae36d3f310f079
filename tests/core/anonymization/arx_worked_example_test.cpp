// SPDX-License-Identifier: GPL-3.0-or-later
// The worked example of the ARX framework note: quasi-identifiers age, gender and zipcode, the
// lattice from (0,0,0) to (2,1,5) and the 2-anonymous transformation (1,1,2): age in intervals of
// 50 years, gender suppressed, the two last digits of the zipcode dropped.
#include <memory>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"

#include "support/anonymization_reference.h"

using namespace qiscout::core;

namespace {

EncodedTable arxExample()
{
    return encodeRows({"age", "gender", "zipcode"}, {
                                                        {"34", "male", "81667"},
                                                        {"45", "female", "81675"},
                                                        {"66", "male", "81925"},
                                                        {"70", "female", "81931"},
                                                        {"34", "female", "81931"},
                                                        {"70", "male", "81931"},
                                                        {"45", "male", "81931"},
                                                    });
}

AnonymizationParameters arxParameters()
{
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers.push_back(
        {0, parseHierarchy("34;<50;*\n45;<50;*\n66;>=50;*\n70;>=50;*\n", "age"), "age"});
    parameters.quasiIdentifiers.push_back({1, parseHierarchy("male;*\nfemale;*\n", "gender"), "gender"});
    parameters.quasiIdentifiers.push_back({2,
                                           parseHierarchy("81667;8166*;816**;81***;8****;*****\n"
                                                          "81675;8167*;816**;81***;8****;*****\n"
                                                          "81925;8192*;819**;81***;8****;*****\n"
                                                          "81931;8193*;819**;81***;8****;*****\n",
                                                          "zipcode"),
                                           "zipcode"});
    parameters.models.push_back(std::make_shared<KAnonymity>(2));
    return parameters;
}

} // namespace

TEST_CASE("The ARX note's example: (1,1,2) is a minimal 2-anonymous transformation", "[anonymization][arx]")
{
    const EncodedTable table = arxExample();
    AnonymizationParameters parameters = arxParameters();
    parameters.fullFrontier = true;
    NullAnonymizationObserver observer;
    const AnonymizationResult result = runAnonymization(table, parameters, {}, observer);
    REQUIRE(result.lattice.heights() == std::vector<int>{2, 1, 5});
    REQUIRE(result.lattice.size() == 36);

    REQUIRE(result.frontier);
    bool found = false;
    for (const TransformationAssessment& entry : *result.frontier)
        found = found || entry.transformation == Transformation{{1, 1, 2}};
    REQUIRE(found);

    const ProtectedTable applied = applyTransformation(table, parameters, {{1, 1, 2}});
    REQUIRE(applied.assessment.acceptable);
    REQUIRE(applied.suppressedRows.empty());
    REQUIRE(applied.assessment.classes == 3);
    const std::vector<std::vector<std::string>> expected{
        {"<50", "*", "816**"}, {"<50", "*", "816**"},  {">=50", "*", "819**"}, {">=50", "*", "819**"},
        {"<50", "*", "819**"}, {">=50", "*", "819**"}, {"<50", "*", "819**"},
    };
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (std::size_t column = 0; column < 3; ++column)
            REQUIRE(applied.table.text(row, column) == expected[row][column]);

    // (1,1,1) keeps the fourth digit and is not 2-anonymous: 8166* and 8167* are single rows.
    REQUIRE_FALSE(assessTransformation(table, parameters, {{1, 1, 1}}).acceptable);

    // The optimum of every metric is what the brute force finds.
    const std::vector<testing::ReferenceNode> reference = testing::evaluateEveryTransformation(
        table, {0, 1, 2},
        {parameters.quasiIdentifiers[0].hierarchy, parameters.quasiIdentifiers[1].hierarchy,
         parameters.quasiIdentifiers[2].hierarchy},
        {{testing::ReferenceModel::Kind::K, -1, 2.0, 0.0}}, 0.0);
    for (const UtilityMetric metric : {UtilityMetric::Precision, UtilityMetric::Discernibility, UtilityMetric::Loss,
                                       UtilityMetric::NonUniformEntropy, UtilityMetric::Aecs}) {
        parameters.metric = metric;
        const AnonymizationResult optimal = runAnonymization(table, parameters, {}, observer);
        double best = 1e300;
        for (const testing::ReferenceNode& node : reference)
            if (node.acceptable)
                best = std::min(best, node.values[static_cast<std::size_t>(metric)]);
        REQUIRE(optimal.optimum);
        REQUIRE(optimal.optimum->value == Approx(best));
    }
}
