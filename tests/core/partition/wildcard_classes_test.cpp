// SPDX-License-Identifier: GPL-3.0-or-later
// Class sizes under the wildcard semantics against the pair-by-pair count, and the monotonicity the
// lattice searches rely on.
#include <cstdint>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/class_partition.h"
#include "partition/set_oracle.h"
#include "partition/wildcard_classes.h"
#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

TEST_CASE("Wildcard class sizes equal the pair-by-pair count on random tables with missing cells", "[wildcard]")
{
    OracleWorkspace workspace;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const std::uint32_t percent = std::vector<std::uint32_t>{5, 20, 50}[seed % 3];
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 6), seed, percent);
        const MissingCells missing(table);
        for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << table.columnCount()); ++mask) {
            const ColumnSet set = testing::setOfMask(mask);
            const std::vector<std::uint64_t> sizes = testing::wildcardClassSizes(table, set);
            for (const std::uint64_t k : {1U, 2U, 3U, 5U}) {
                INFO(testing::describeRandomTable(seed, table)
                     << ", " << percent << " % missing, set " << mask << ", k " << k);
                const testing::RowClassStatistics expected = testing::statisticsOfSizes(sizes, k);
                const ClassScan scan = scanWildcardClasses(table, missing, set.columns(),
                                                           valueClassesOf(partitionRows(table, set)), k, {});
                CHECK(scan.isolatedRows == expected.classes.isolatedRows);
                CHECK(scan.smallestClassOrZero() == expected.classes.smallestClass);
                CHECK(scan.firstIsolatedRow == expected.firstIsolatedRow);

                const SetOracle oracle(table, k, MissingSemantics::Wildcard);
                const SetMeasure measure = oracle.measure(set, workspace);
                CHECK(measure.isolatedRows == expected.classes.isolatedRows);
                CHECK(measure.smallestClass == expected.classes.smallestClass);
                CHECK(measure.vulnerable == (expected.classes.isolatedRows > 0));
                if (measure.vulnerable)
                    CHECK(measure.firstIsolatedRow == expected.firstIsolatedRow.value_or(0));
            }
        }
    }
}

TEST_CASE("Adding a column never enlarges a row's wildcard class", "[wildcard]")
{
    for (std::uint64_t seed = 101; seed <= 130; ++seed) {
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 5), seed, 30);
        const auto columnCount = static_cast<int>(table.columnCount());
        for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << columnCount); ++mask) {
            const ColumnSet set = testing::setOfMask(mask);
            const std::vector<std::uint64_t> sizes = testing::wildcardClassSizes(table, set);
            for (int column = 0; column < columnCount; ++column) {
                if (set.contains(column))
                    continue;
                const std::vector<std::uint64_t> larger = testing::wildcardClassSizes(table, set.with(column));
                for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                    INFO(testing::describeRandomTable(seed, table)
                         << ", set " << mask << " + " << column << ", row " << row);
                    CHECK(larger[row] <= sizes[row]);
                }
            }
        }
    }
}

TEST_CASE("The wildcard oracle extends a safe set exactly when the larger set is safe", "[wildcard]")
{
    OracleWorkspace workspace;
    for (std::uint64_t seed = 201; seed <= 230; ++seed) {
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 6), seed, 25);
        const std::uint64_t all = (std::uint64_t{1} << table.columnCount()) - 1;
        std::vector<std::vector<std::uint64_t>> sizes(all + 1);
        for (std::uint64_t mask = 1; mask <= all; ++mask)
            sizes[mask] = testing::wildcardClassSizes(table, testing::setOfMask(mask));
        for (const std::uint64_t k : {1U, 3U}) {
            const SetOracle oracle(table, k, MissingSemantics::Wildcard);
            for (std::uint64_t mask = 0; mask <= all; ++mask) {
                const ColumnSet base = testing::setOfMask(mask);
                RowPartition partition;
                oracle.partitionInto(base, workspace, partition);
                if (!base.empty() && oracle.summarize(base, partition).vulnerable)
                    continue;
                for (std::uint64_t extraMask = 1; extraMask <= all; ++extraMask) {
                    const ColumnSet extra = testing::setOfMask(extraMask).minus(base);
                    if (extra.empty())
                        continue;
                    const ColumnSet larger = base.united(extra);
                    const testing::RowClassStatistics expected =
                        testing::statisticsOfSizes(sizes[testing::maskOf(larger)], k);
                    RowPartition extended;
                    INFO(testing::describeRandomTable(seed, table)
                         << ", base " << mask << ", extra " << extraMask << ", k " << k);
                    const bool safe = oracle.staysSafe(partition, base, extra, workspace, extended);
                    CHECK(safe == (expected.classes.isolatedRows == 0));
                    if (safe)
                        CHECK(oracle.summarize(larger, extended).smallestClass == expected.classes.smallestClass);
                }
            }
        }
    }
}
