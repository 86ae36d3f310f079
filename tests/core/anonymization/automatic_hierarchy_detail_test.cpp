// SPDX-License-Identifier: GPL-3.0-or-later
// #34's target on the discharge-table shape: with automatic hierarchies, k = 5 and 2 % of the rows
// suppressed, no column loses more than half of its detail. Before (ranges of one width for every
// column of whole numbers, codes and weekdays included, as the Protect step built them for the ten
// columns) the same search lost 0.179 of the detail in all, 37 % of PAT_STATUS and 28 % of
// LENGTH_OF_STAY, whose first level put nearly every row in [0, 50).
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/table/discharge_table.h"

using namespace qiscout::core;

TEST_CASE("Automatic hierarchies keep at least half of every discharge column at k = 5", "[anonymization][builders]")
{
    const EncodedTable table = makeDischargeTable({});
    // The columns the issue names: coded, a weekday, a quarter, a skewed length of stay, age codes.
    const std::vector<std::string> names{"TYPE_OF_ADMISSION", "PAT_STATUS",     "ADMIT_WEEKDAY",
                                         "DISCHARGE",         "LENGTH_OF_STAY", "PAT_AGE"};
    AnonymizationParameters parameters;
    for (const std::string& name : names)
        for (std::size_t column = 0; column < table.columnCount(); ++column)
            if (table.columns[column].name == name)
                parameters.quasiIdentifiers.push_back(
                    {static_cast<int>(column), automaticHierarchy(table.columns[column]), "automatic"});
    REQUIRE(parameters.quasiIdentifiers.size() == names.size());
    parameters.models.push_back(std::make_shared<KAnonymity>(5));
    parameters.suppressionLimit = 0.02;
    parameters.metric = UtilityMetric::Loss;
    parameters.threads = 2;
    NullAnonymizationObserver quiet;
    const AnonymizationResult result = runAnonymization(table, parameters, std::stop_token{}, quiet);
    REQUIRE(result.complete);
    REQUIRE(result.optimum);
    for (std::size_t q = 0; q < names.size(); ++q) {
        INFO(names[q] << " loses " << result.optimum->columnValues[q] << " of its detail at level "
                      << result.optimum->transformation.levels[q]);
        CHECK(result.optimum->columnValues[q] <= 0.5);
    }
    // Measured 0.123 (993 rows suppressed) where the old hierarchies lost 0.179.
    CHECK(result.optimum->value < 0.15);
}
