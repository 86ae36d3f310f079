// SPDX-License-Identifier: GPL-3.0-or-later
// The headline (#33), every searched column together, against counts made row pair by row pair
// under both missing-value semantics, on random tables with missing cells and random column subsets.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <stop_token>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/report/report.h"

#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

namespace {

AllColumnsRisk expectedRisk(const EncodedTable& table, const ColumnSet& columns, std::uint64_t k,
                            MissingSemantics semantics)
{
    const std::vector<int> positions = columns.columns();
    const std::vector<std::uint64_t> sizes = semantics == MissingSemantics::Value
                                                 ? testing::valueClassSizes(table, columns)
                                                 : testing::wildcardClassSizes(table, columns);
    std::set<std::vector<std::uint32_t>> combinations;
    AllColumnsRisk risk;
    risk.columns = columns;
    risk.rows = table.rowCount;
    risk.smallestClass = table.rowCount;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::uint32_t> values;
        for (const int column : positions)
            values.push_back(table.code(row, static_cast<std::size_t>(column)));
        combinations.insert(values);
        risk.rowsAtRisk += sizes[row] <= k ? 1U : 0U;
        risk.smallestClass = std::min<std::uint64_t>(risk.smallestClass, sizes[row]);
    }
    risk.classes = combinations.size();
    return risk;
}

} // namespace

TEST_CASE("The headline counts every searched column together, as pairs of rows do", "[all_columns]")
{
    std::mt19937 random(33);
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const std::uint32_t percent = static_cast<std::uint32_t>(seed % 3) * 15;
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 7), seed, percent);
        if (table.rowCount == 0)
            continue;
        const std::uint64_t all = (std::uint64_t{1} << table.columnCount()) - 1;
        const std::uint64_t mask = std::uniform_int_distribution<std::uint64_t>(1, all)(random);
        for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard})
            for (const std::uint64_t k : {1U, 2U, 5U}) {
                INFO(testing::describeRandomTable(seed, table) << ", " << percent << " % missing, columns mask " << mask
                                                               << ", k = " << k << ", " << toString(semantics));
                SearchParameters parameters;
                parameters.k = k;
                parameters.columns = testing::setOfMask(mask);
                parameters.missingSemantics = semantics;
                parameters.threads = 1 + static_cast<int>(seed % 2);
                NullObserver quiet;
                const SearchResult result = runSearch(table, parameters, Algorithm::Fpvi, {}, quiet);
                REQUIRE(result.searchedColumns == testing::setOfMask(mask));
                const std::optional<AllColumnsRisk> risk = allColumnsRisk(table, result);
                REQUIRE(risk);
                CHECK(*risk == expectedRisk(table, result.searchedColumns, k, semantics));
                CHECK(risk->share() == static_cast<double>(risk->rowsAtRisk) / static_cast<double>(table.rowCount));

                // Every row a quasi-identifier isolates is isolated on all the columns too: the
                // headline can only be larger than what the minimal sets count.
                std::vector<ColumnSet> minimal;
                for (const MinimalSet& set : result.minimalSets)
                    minimal.push_back(set.columns);
                const std::vector<std::uint32_t> counts = isolatingSetCounts(table, minimal, k, semantics);
                const auto onMinimal = static_cast<std::uint64_t>(
                    std::count_if(counts.begin(), counts.end(), [](std::uint32_t count) { return count > 0; }));
                CHECK(onMinimal <= risk->rowsAtRisk);
                CHECK((risk->rowsAtRisk == 0) == result.minimalSets.empty());
            }
    }
}

TEST_CASE("The headline of no columns is one group of every row, and of no rows is empty", "[all_columns]")
{
    const EncodedTable table = testing::makeRandomTable(5, 4, 2);
    REQUIRE(table.rowCount > 0);
    SearchResult result;
    result.k = table.rowCount;
    std::optional<AllColumnsRisk> risk = allColumnsRisk(table, result);
    REQUIRE(risk);
    CHECK(risk->classes == 1);
    CHECK(risk->smallestClass == table.rowCount);
    CHECK(risk->rowsAtRisk == table.rowCount);
    result.k = table.rowCount - 1;
    CHECK(allColumnsRisk(table, result)->rowsAtRisk == 0);

    EncodedTable empty = table;
    empty.rowCount = 0;
    for (EncodedColumn& column : empty.columns)
        column.codes.clear();
    result.searchedColumns = ColumnSet::firstN(static_cast<int>(table.columnCount()));
    risk = allColumnsRisk(empty, result);
    REQUIRE(risk);
    CHECK(risk->rowsAtRisk == 0);
    CHECK(risk->classes == 0);
    CHECK(risk->share() == 0.0);
}

TEST_CASE("The headline gives no answer once stopped", "[all_columns]")
{
    const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(3, 5, 3), 3, 20);
    SearchResult result;
    result.searchedColumns = ColumnSet::firstN(3);
    std::stop_source source;
    source.request_stop();
    for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard}) {
        result.missingSemantics = semantics;
        CHECK_FALSE(allColumnsRisk(table, result, source.get_token()));
    }
}
