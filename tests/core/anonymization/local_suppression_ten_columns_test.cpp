// SPDX-License-Identifier: GPL-3.0-or-later
// #34's target on all ten discharge columns: with automatic hierarchies, k = 5, local suppression
// with generalisation and a cap of half of each column's detail, the result keeps at least half of
// every column and is k-anonymous under the wildcard semantics. All 50,000 rows: 2.4 s in the dev
// build, where the search ran over 11 minutes before suppressing k - 1 whole rows became the
// ceiling of the per-transformation heuristic. The optimum found is the original table with those
// 4 rows' cells suppressed: wildcard rows match every row, so no generalisation can be cheaper.
#include <cstdint>
#include <map>
#include <memory>
#include <stop_token>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/table/discharge_table.h"

using namespace qiscout::core;

namespace {

/// The smallest wildcard class of the published quasi-identifiers (a missing or suppressed cell
/// matches any value), counted over distinct keys: keys without a wildcard match each other only
/// when equal, so only the few keys with one are compared pair by pair.
std::uint64_t smallestWildcardClassOfTenColumns(const EncodedTable& keys)
{
    constexpr std::uint32_t anyValue = 0xFFFFFFFFU;
    std::map<std::vector<std::uint32_t>, std::uint64_t> counts;
    for (std::size_t row = 0; row < keys.rowCount; ++row) {
        std::vector<std::uint32_t> key;
        for (const EncodedColumn& column : keys.columns) {
            const std::uint32_t code = column.codes[row];
            key.push_back(column.missing[code] ? anyValue : code);
        }
        ++counts[key];
    }
    const auto matches = [](const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
        for (std::size_t c = 0; c < a.size(); ++c)
            if (a[c] != b[c] && a[c] != anyValue && b[c] != anyValue)
                return false;
        return true;
    };
    std::vector<std::pair<std::vector<std::uint32_t>, std::uint64_t>> wildKeys;
    for (const auto& entry : counts)
        for (const std::uint32_t code : entry.first)
            if (code == anyValue) {
                wildKeys.push_back(entry);
                break;
            }
    std::uint64_t smallest = keys.rowCount;
    for (const auto& [key, count] : counts) {
        std::uint64_t size = 0;
        bool wildKey = false;
        for (const auto& [other, otherCount] : wildKeys) {
            size += matches(key, other) ? otherCount : 0;
            wildKey = wildKey || other == key;
        }
        if (wildKey)
            for (const auto& [other, otherCount] : counts)
                size += matches(key, other) && other != key ? otherCount : 0;
        else
            size += count;
        smallest = std::min(smallest, size);
    }
    return smallest;
}

} // namespace

TEST_CASE("Local suppression with generalisation keeps half of all ten discharge columns at k = 5",
          "[anonymization][local_suppression]")
{
    const EncodedTable table = makeDischargeTable({});
    AnonymizationParameters parameters;
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        parameters.quasiIdentifiers.push_back(
            {static_cast<int>(column), automaticHierarchy(table.columns[column]), "automatic"});
    REQUIRE(parameters.quasiIdentifiers.size() == 10);
    parameters.models.push_back(std::make_shared<KAnonymity>(5));
    parameters.metric = UtilityMetric::Loss;
    parameters.threads = 2;
    parameters.localSuppression = LocalSuppressionSettings{};
    parameters.maxColumnLoss = 0.5;
    NullAnonymizationObserver quiet;
    const AnonymizationResult result = runAnonymization(table, parameters, std::stop_token{}, quiet);
    REQUIRE(result.complete);
    REQUIRE(result.optimum);
    for (std::size_t q = 0; q < 10; ++q) {
        INFO("column " << q << " loses " << result.optimum->columnValues[q] << " at level "
                       << result.optimum->transformation.levels[q] << " with " << result.optimum->suppressedCells[q]
                       << " cells suppressed");
        CHECK(result.optimum->columnValues[q] <= 0.5);
    }
    const ProtectedTable published = applyTransformation(table, parameters, result.optimum->transformation);
    CHECK(smallestWildcardClassOfTenColumns(keptQuasiIdentifierTable(published, parameters)) >= 5);
}
