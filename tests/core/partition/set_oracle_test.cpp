// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/class_partition.h"
#include "partition/row_partition.h"
#include "partition/set_oracle.h"
#include "support/column_masks.h"

using namespace qiscout::core;

namespace {

EncodedTable randomTable(std::mt19937& random, std::uint32_t rowCount, int columnCount)
{
    std::vector<std::string> names;
    std::vector<std::uint32_t> cardinality;
    for (int c = 0; c < columnCount; ++c) {
        names.push_back("c" + std::to_string(c));
        cardinality.push_back(1 + static_cast<std::uint32_t>(random() % 9));
    }
    std::vector<std::vector<std::string>> rows(rowCount);
    for (auto& row : rows)
        for (const std::uint32_t values : cardinality)
            row.push_back(std::to_string(random() % values));
    return encodeRows(names, rows);
}

// Whether `partition` groups the rows exactly as `reference` does.
bool samePartition(const RowPartition& partition, const ClassPartition& reference)
{
    if (partition.rows.size() != reference.classOfRow.size() || partition.classCount() != reference.classSizes.size())
        return false;
    for (std::size_t index = 0; index < partition.classCount(); ++index) {
        const std::uint32_t first = reference.classOfRow[partition.rows[partition.starts[index]]];
        if (partition.classSize(index) != reference.classSizes[first])
            return false;
        for (std::uint32_t i = partition.starts[index]; i < partition.starts[index + 1]; ++i)
            if (reference.classOfRow[partition.rows[i]] != first)
                return false;
    }
    return true;
}

} // namespace

// Limits from "no column fits" (every set is refined) through "keys renumbered after each column"
// to the default, under which these tables never renumber before the end.
TEST_CASE("SetOracle measures every set exactly like measureClasses, whatever the counter's key limit", "[oracle]")
{
    std::mt19937 random(11);
    for (const std::uint32_t keyLimit : {1U, 12U, 90U, ClassCounter::defaultKeyLimit}) {
        OracleWorkspace workspace;
        workspace.counter = ClassCounter(keyLimit);
        for (int trial = 0; trial < 40; ++trial) {
            const EncodedTable table =
                randomTable(random, static_cast<std::uint32_t>(random() % 80), 1 + static_cast<int>(random() % 6));
            for (const std::uint64_t k : {1U, 2U, 4U}) {
                const SetOracle oracle(table, k);
                for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << table.columnCount()); ++mask) {
                    const ColumnSet set = testing::setOfMask(mask);
                    const SetMeasure measure = oracle.measure(set, workspace);
                    const ClassStatistics reference = measureClasses(table, set, k);
                    RowPartition partition;
                    oracle.partitionInto(set, workspace, partition);
                    CHECK(samePartition(partition, partitionRows(table, set)));
                    INFO("key limit " << keyLimit << ", trial " << trial << ", set " << mask << ", k " << k);
                    CHECK(measure.isolatedRows == reference.isolatedRows);
                    CHECK(measure.smallestClass == reference.smallestClass);
                    CHECK(measure.vulnerable == (reference.isolatedRows > 0));
                    if (measure.vulnerable) {
                        const ClassPartition classes = partitionRows(table, set);
                        std::uint32_t first = 0;
                        while (classes.classSizes[classes.classOfRow[first]] > k)
                            ++first;
                        CHECK(measure.firstIsolatedRow == first);
                    }
                }
            }
        }
    }
}

TEST_CASE("SetOracle extends a safe set exactly when the larger set is safe", "[oracle]")
{
    std::mt19937 random(12);
    OracleWorkspace workspace;
    for (int trial = 0; trial < 40; ++trial) {
        const EncodedTable table = randomTable(random, 20 + static_cast<std::uint32_t>(random() % 200), 6);
        const SetOracle oracle(table, 1 + random() % 3);
        const std::uint64_t all = (std::uint64_t{1} << 6) - 1;
        for (std::uint64_t mask = 0; mask <= all; ++mask) {
            RowPartition base;
            oracle.partitionInto(testing::setOfMask(mask), workspace, base);
            for (std::size_t index = 1; index < base.classCount(); ++index)
                CHECK(base.classSize(index - 1) <= base.classSize(index));
            if (oracle.summarize(testing::setOfMask(mask), base).vulnerable)
                continue;
            const ColumnSet extra = testing::setOfMask(random() % (all + 1)).minus(testing::setOfMask(mask));
            const ColumnSet larger = testing::setOfMask(mask).united(extra);
            RowPartition extended;
            const bool safe = oracle.staysSafe(base, testing::setOfMask(mask), extra, workspace, extended);
            INFO("trial " << trial << ", base " << mask << ", extra " << testing::maskOf(extra));
            CHECK(safe == (measureClasses(table, larger, oracle.k()).isolatedRows == 0));
            if (safe) {
                CHECK(oracle.summarize(larger, extended).smallestClass ==
                      measureClasses(table, larger, oracle.k()).smallestClass);
                for (std::size_t index = 1; index < extended.classCount(); ++index)
                    CHECK(extended.classSize(index - 1) <= extended.classSize(index));
            }
        }
    }
}
