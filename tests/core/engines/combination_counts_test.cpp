// SPDX-License-Identifier: GPL-3.0-or-later
// countCombinations and classesOfCombinations (qiscout-mpi's distributed group-by, #38): the
// combinations of slices of a random table, added up, measure each set as the pair-by-pair class
// sizes do under both semantics, and visit the rows MTUI's evaluation visits.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/combination_counts.h"
#include "qiscout/core/engines/set_evaluator.h"
#include "qiscout/core/table/row_slice.h"

#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

namespace {

/// The combinations of every slice added up, as the owners of rows mode add them.
CombinationCounts addedUp(const std::vector<CombinationCounts>& parts)
{
    std::map<std::vector<std::uint32_t>, std::uint64_t> rows;
    for (const CombinationCounts& part : parts)
        for (std::size_t i = 0; i < part.size(); ++i)
            rows[std::vector<std::uint32_t>(part.codes.begin() + static_cast<std::ptrdiff_t>(i * part.width),
                                            part.codes.begin() + static_cast<std::ptrdiff_t>((i + 1) * part.width))] +=
                part.rows[i];
    CombinationCounts total;
    total.width = parts.front().width;
    for (const auto& [codes, count] : rows) {
        total.codes.insert(total.codes.end(), codes.begin(), codes.end());
        total.rows.push_back(count);
    }
    return total;
}

/// The combinations of `all` at even or odd positions: two owners' shares.
CombinationCounts everyOther(const CombinationCounts& all, std::size_t parity)
{
    CombinationCounts share;
    share.width = all.width;
    for (std::size_t i = parity; i < all.size(); i += 2) {
        share.codes.insert(share.codes.end(), all.codes.begin() + static_cast<std::ptrdiff_t>(i * all.width),
                           all.codes.begin() + static_cast<std::ptrdiff_t>((i + 1) * all.width));
        share.rows.push_back(all.rows[i]);
    }
    return share;
}

/// Distinct value combinations of `set` on the table, collected row by row.
std::uint64_t distinctCombinations(const EncodedTable& table, const ColumnSet& set)
{
    std::set<std::vector<std::uint32_t>> seen;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::uint32_t> codes;
        for (const int column : set.columns())
            codes.push_back(table.code(row, static_cast<std::size_t>(column)));
        seen.insert(codes);
    }
    return seen.size();
}

} // namespace

TEST_CASE("Combinations counted on slices of the rows measure a set as its pair-by-pair class sizes",
          "[combinations][wildcard]")
{
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 4), seed,
                                                             5 + static_cast<std::uint32_t>(seed % 3) * 15);
        if (table.rowCount == 0)
            continue;
        const std::uint32_t slices = 1 + static_cast<std::uint32_t>(seed % 3);
        std::vector<EncodedTable> parts;
        for (std::uint32_t slice = 0; slice < slices; ++slice)
            parts.push_back(rowSlice(table, table.rowCount * slice / slices, table.rowCount * (slice + 1) / slices));
        std::vector<ColumnSet> sets;
        for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << table.columnCount()); ++mask)
            sets.push_back(testing::setOfMask(mask));
        std::vector<std::vector<CombinationCounts>> counted;
        for (const EncodedTable& part : parts)
            counted.push_back(countCombinations(part, sets, 2));
        const std::uint64_t k = 1 + seed % 3;
        for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard}) {
            SearchParameters parameters;
            parameters.k = k;
            parameters.missingSemantics = semantics;
            parameters.threads = 1;
            SetEvaluator evaluator(table, parameters);
            const std::vector<SetEvaluation> mtui = evaluator.evaluate(sets, {}).value();
            for (std::size_t s = 0; s < sets.size(); ++s) {
                INFO(testing::describeRandomTable(seed, table)
                     << ", " << slices << " slices, set " << s << ", wildcard "
                     << (semantics == MissingSemantics::Wildcard));
                std::vector<CombinationCounts> ofSet;
                for (const std::vector<CombinationCounts>& part : counted)
                    ofSet.push_back(part[s]);
                const CombinationCounts total = addedUp(ofSet);
                const std::vector<std::uint64_t> sizes = semantics == MissingSemantics::Value
                                                             ? testing::valueClassSizes(table, sets[s])
                                                             : testing::wildcardClassSizes(table, sets[s]);
                std::uint64_t isolated = 0;
                for (const std::uint64_t size : sizes)
                    isolated += size <= k ? 1U : 0U;
                const CombinationClasses classes = classesOfCombinations(table, sets[s], total, k, semantics);
                CHECK(classes.isolatedRows == isolated);
                CHECK(classes.smallestClass == *std::min_element(sizes.begin(), sizes.end()));
                CHECK(classes.classes == distinctCombinations(table, sets[s]));
                CHECK(classes.rowsVisited == mtui[s].rowsVisited);
                CHECK(classes.isolatedRows == mtui[s].isolatedRows);
                if (semantics == MissingSemantics::Value) {
                    // Any split of the combinations measures the same once its parts are added up.
                    const CombinationClasses even =
                        classesOfCombinations(table, sets[s], everyOther(total, 0), k, semantics);
                    const CombinationClasses odd =
                        classesOfCombinations(table, sets[s], everyOther(total, 1), k, semantics);
                    CHECK(even.isolatedRows + odd.isolatedRows == classes.isolatedRows);
                    CHECK(std::min(even.smallestClass, odd.smallestClass) == classes.smallestClass);
                    CHECK(even.classes + odd.classes == classes.classes);
                    CHECK(even.rowsVisited + odd.rowsVisited == classes.rowsVisited);
                }
            }
        }
    }
}

TEST_CASE("No combinations measure no class", "[combinations]")
{
    const EncodedTable table = testing::makeRandomTable(4, 3, 3);
    CombinationCounts none;
    none.width = 2;
    const CombinationClasses classes =
        classesOfCombinations(table, ColumnSet::firstN(2), none, 1, MissingSemantics::Wildcard);
    CHECK(classes.classes == 0);
    CHECK(classes.isolatedRows == 0);
    CHECK(classes.smallestClass == std::numeric_limits<std::uint64_t>::max());
}
