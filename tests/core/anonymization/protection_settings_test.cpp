// SPDX-License-Identifier: GPL-3.0-or-later
#include <stdexcept>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/l_diversity.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/anonymization/t_closeness.h"

using namespace qiscout::core;

namespace {

EncodedTable smallTable()
{
    return encodeRows({"age", "zip", "disease"},
                      {{"30", "1234", "flu"}, {"31", "1235", "cold"}, {"45", "2234", "flu"}, {"47", "2235", "cancer"}});
}

} // namespace

TEST_CASE("toAnonymizationParameters resolves columns by name and binds the models", "[anonymization][settings]")
{
    const EncodedTable table = smallTable();
    ProtectionSettings settings;
    settings.quasiIdentifiers.push_back({"zip", buildMaskingHierarchy(table.columns[1].dictionary), "masking"});
    settings.quasiIdentifiers.push_back({"age", automaticHierarchy(table.columns[0]), "automatic"});
    settings.k = 3;
    settings.diversity = DiversitySetting{"disease", DiversityVariant::Recursive, 2.0, 3.0};
    settings.closeness = ClosenessSetting{"age", 0.4, {}, {}, {}};
    settings.suppressionLimit = 0.25;
    settings.metric = UtilityMetric::Precision;
    settings.threads = 1;

    const AnonymizationParameters parameters = toAnonymizationParameters(table, settings);
    REQUIRE(parameters.quasiIdentifiers.size() == 2);
    REQUIRE(parameters.quasiIdentifiers[0].column == 1);
    REQUIRE(parameters.quasiIdentifiers[1].column == 0);
    REQUIRE(parameters.quasiIdentifiers[0].hierarchySource == "masking");
    REQUIRE(parameters.quasiIdentifiers[0].hierarchy.rows == settings.quasiIdentifiers[0].hierarchy.rows);
    REQUIRE(parameters.models.size() == 3);
    const auto* k = dynamic_cast<const KAnonymity*>(parameters.models[0].get());
    REQUIRE(k != nullptr);
    REQUIRE(k->k() == 3);
    const auto* diversity = dynamic_cast<const LDiversity*>(parameters.models[1].get());
    REQUIRE(diversity != nullptr);
    REQUIRE(diversity->column() == 2);
    REQUIRE(diversity->variant() == DiversityVariant::Recursive);
    REQUIRE(diversity->l() == 2.0);
    REQUIRE(diversity->c() == 3.0);
    const auto* closeness = dynamic_cast<const TCloseness*>(parameters.models[2].get());
    REQUIRE(closeness != nullptr);
    REQUIRE(closeness->column() == 0);
    REQUIRE(closeness->t() == 0.4);
    // The distance follows the column's type.
    REQUIRE(closeness->distance() == defaultClosenessDistance(table.columns[0]));
    REQUIRE(parameters.suppressionLimit == 0.25);
    REQUIRE(parameters.metric == UtilityMetric::Precision);
    REQUIRE(parameters.threads == 1);
}

TEST_CASE("toAnonymizationParameters gives t-closeness the distance set up, with its hierarchy",
          "[anonymization][settings]")
{
    // #40: the Protect step's choice per column, as the CLI's --t-closeness COLUMN:T:DISTANCE.
    const EncodedTable table = smallTable();
    ProtectionSettings settings;
    settings.quasiIdentifiers.push_back({"zip", buildMaskingHierarchy(table.columns[1].dictionary), "masking"});
    settings.closeness = ClosenessSetting{"age", 0.4, ClosenessDistance::Equal, {}, {}};
    settings.heuristicSeconds = 4.0;
    const auto closenessOf = [&table](const ProtectionSettings& chosen) {
        const AnonymizationParameters parameters = toAnonymizationParameters(table, chosen);
        REQUIRE(parameters.heuristicSeconds == 4.0);
        const auto* model = dynamic_cast<const TCloseness*>(parameters.models.back().get());
        REQUIRE(model != nullptr);
        return model->distance();
    };
    REQUIRE(closenessOf(settings) == ClosenessDistance::Equal);
    settings.closeness->distance = ClosenessDistance::Hierarchical;
    settings.closeness->hierarchy.rows = {{"flu", "common", "*"}, {"cold", "common", "*"}, {"cancer", "rare", "*"}};
    settings.closeness->column = "disease";
    REQUIRE(closenessOf(settings) == ClosenessDistance::Hierarchical);
    // A hierarchy without one of the column's values does not fit it.
    settings.closeness->hierarchy.rows.pop_back();
    REQUIRE_THROWS_AS(toAnonymizationParameters(table, settings), HierarchyError);
}

TEST_CASE("toAnonymizationParameters names a column the table lacks", "[anonymization][settings]")
{
    const EncodedTable table = smallTable();
    ProtectionSettings settings;
    settings.quasiIdentifiers.push_back({"postcode", buildFlatHierarchy({"1234"}), "automatic"});
    REQUIRE_THROWS_WITH(toAnonymizationParameters(table, settings), Catch::Contains("\"postcode\""));
    settings.quasiIdentifiers.clear();
    settings.diversity = DiversitySetting{"diagnosis"};
    REQUIRE_THROWS_AS(toAnonymizationParameters(table, settings), AnonymizationParameterError);
    settings.diversity.reset();
    settings.k = 0;
    REQUIRE_THROWS_AS(toAnonymizationParameters(table, settings), std::invalid_argument);
}

TEST_CASE("sameProtection compares every setting", "[anonymization][settings]")
{
    const EncodedTable table = smallTable();
    ProtectionSettings a;
    a.quasiIdentifiers.push_back({"age", automaticHierarchy(table.columns[0]), "automatic"});
    ProtectionSettings b = a;
    REQUIRE(sameProtection(a, b));
    b.quasiIdentifiers[0].hierarchy.rows[0].back() = "any";
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.chosenLevels = std::vector<int>{1};
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.diversity = DiversitySetting{"disease"};
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.suppressionLimit = 0.01;
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.dlInference = DlInferenceSetting{"disease"};
    REQUIRE_FALSE(sameProtection(a, b));
    a.dlInference = b.dlInference;
    REQUIRE(sameProtection(a, b));
    b.dlInference->l = 3;
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.localSuppression = LocalSuppressionSetting{};
    REQUIRE_FALSE(sameProtection(a, b));
    a.localSuppression = LocalSuppressionSetting{};
    REQUIRE(sameProtection(a, b));
    b.localSuppression->keepOrder = {"age"};
    REQUIRE_FALSE(sameProtection(a, b));
    b = a;
    b.maxColumnLoss = 0.5; // #34
    REQUIRE_FALSE(sameProtection(a, b));
    REQUIRE(toAnonymizationParameters(smallTable(), b).maxColumnLoss == 0.5);
}

// #34: the Protect step's "keep this column" ranking is the importance local suppression weighs.
TEST_CASE("keepOrderImportance ranks the columns to keep from n down to 1", "[anonymization][settings]")
{
    const EncodedTable table = smallTable();
    std::vector<ProtectedColumnSetting> columns{{"age", automaticHierarchy(table.columns[0]), "automatic"},
                                                {"zip", buildMaskingHierarchy(table.columns[1].dictionary), "masking"},
                                                {"disease", buildFlatHierarchy(table.columns[2].dictionary), "flat"}};
    REQUIRE(keepOrderImportance(columns, {}) == std::vector<double>{3.0, 2.0, 1.0});
    REQUIRE(keepOrderImportance(columns, {"disease", "age", "zip"}) == std::vector<double>{2.0, 1.0, 3.0});
    // Unnamed columns follow in set-up order; unknown and repeated names are ignored.
    REQUIRE(keepOrderImportance(columns, {"zip", "income", "zip"}) == std::vector<double>{2.0, 3.0, 1.0});

    ProtectionSettings settings;
    settings.quasiIdentifiers = columns;
    REQUIRE_FALSE(toAnonymizationParameters(table, settings).localSuppression.has_value());
    settings.localSuppression = LocalSuppressionSetting{false, {"disease"}};
    const AnonymizationParameters parameters = toAnonymizationParameters(table, settings);
    REQUIRE(parameters.localSuppression.has_value());
    REQUIRE_FALSE(parameters.localSuppression->generalise);
    REQUIRE(parameters.localSuppression->importance == std::vector<double>{2.0, 1.0, 3.0});
}
