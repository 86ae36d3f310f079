// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <stop_token>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/class_partition.h"
#include "partition/class_scan.h"
#include "partition/column_index.h"
#include "partition/position_list_index.h"
#include "support/lattice_reference.h"

using namespace qiscout::core;

TEST_CASE("Refining position list indexes gives the classes of partitionRows", "[pli]")
{
    std::mt19937 random(11);
    for (int trial = 0; trial < 30; ++trial) {
        const auto rows = std::uniform_int_distribution<std::size_t>(0, 300)(random);
        const EncodedTable table = qiscout::core::testing::randomTable(random, rows, 5);
        const ColumnSet all = ColumnSet::firstN(5);
        const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, all);
        CountingScratch scratch(largestCardinality(indexes));

        PositionListIndex partition = *PositionListIndex::ofColumn(indexes[0]);
        std::optional<PositionListIndex> spare;
        ColumnSet set = ColumnSet::single(0);
        for (int column = 1; column < 5; ++column) {
            const std::uint64_t k = static_cast<std::uint64_t>(column);
            // Any split of the classes into shares adds up to measureClasses of the larger set.
            ClassScan total;
            for (std::uint32_t begin = 0; begin < partition.classCount();) {
                const std::uint32_t end = std::min(partition.classCount(),
                                                   begin + std::uniform_int_distribution<std::uint32_t>(1, 5)(random));
                total.merge(
                    partition.scanRefinement(indexes[static_cast<std::size_t>(column)], begin, end, k, scratch, {}));
                begin = end;
            }
            set = set.with(column);
            const ClassStatistics reference = measureClasses(table, set, k);
            CHECK(total.isolatedRows == reference.isolatedRows);
            CHECK(total.smallestClassOrZero() == reference.smallestClass);
            CHECK(total.rowsVisited == rows);

            // The previous partition's buffers, stale contents and all, are reused for the next.
            auto refined = partition.refined(indexes[static_cast<std::size_t>(column)], scratch, {},
                                             spare ? std::move(*spare).releaseStorage() : PartitionStorage{});
            REQUIRE(refined);
            spare = std::move(partition);
            partition = std::move(*refined);
            const ClassPartition expected = partitionRows(table, set);
            REQUIRE(partition.classCount() == expected.classSizes.size());
            // Each run holds exactly the rows of one reference class, in ascending order.
            std::set<std::uint32_t> seenClasses;
            for (std::uint32_t index = 0; index < partition.classCount(); ++index) {
                const auto classRows = partition.classRows(index);
                REQUIRE_FALSE(classRows.empty());
                CHECK(std::is_sorted(classRows.begin(), classRows.end()));
                const std::uint32_t referenceClass = expected.classOfRow[classRows.front()];
                CHECK(classRows.size() == expected.classSizes[referenceClass]);
                CHECK(std::all_of(classRows.begin(), classRows.end(),
                                  [&](std::uint32_t row) { return expected.classOfRow[row] == referenceClass; }));
                CHECK(seenClasses.insert(referenceClass).second);
                CHECK(partition.firstClassFrom(partition.classStart(index)) == index);
            }
        }
    }
}

TEST_CASE("Position list indexes give the same classes whatever the width of the stored codes", "[pli]")
{
    // Cardinalities 3, 300 and 70,000 store their codes in one, two and four bytes.
    std::mt19937 random(5);
    const std::uint32_t rows = 140000;
    EncodedTable table;
    table.rowCount = rows;
    for (const std::uint32_t cardinality : {3U, 300U, 70000U}) {
        EncodedColumn column;
        column.name = "c" + std::to_string(cardinality);
        column.dictionary.resize(cardinality);
        column.frequencies.assign(cardinality, 0);
        std::uniform_int_distribution<std::uint32_t> value(0, cardinality - 1);
        for (std::uint32_t row = 0; row < rows; ++row) {
            column.codes.push_back(value(random));
            ++column.frequencies[column.codes.back()];
        }
        table.columns.push_back(std::move(column));
    }
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(3));
    CHECK_FALSE(indexes[0].bytes.empty());
    CHECK_FALSE(indexes[1].shorts.empty());
    CHECK((indexes[2].bytes.empty() && indexes[2].shorts.empty()));
    CountingScratch scratch(largestCardinality(indexes));
    for (const auto& [first, second] : std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}, {2, 0}, {1, 0}}) {
        const PositionListIndex partition = *PositionListIndex::ofColumn(indexes[static_cast<std::size_t>(first)]);
        const ColumnSet set = ColumnSet::of({first, second});
        for (const std::uint64_t k : {1U, 2U, 40U}) {
            const ClassScan scan = partition.scanRefinement(indexes[static_cast<std::size_t>(second)], 0,
                                                            partition.classCount(), k, scratch, {});
            const ClassStatistics reference = measureClasses(table, set, k);
            CHECK(scan.isolatedRows == reference.isolatedRows);
            CHECK(scan.smallestClassOrZero() == reference.smallestClass);
            CHECK(scan.firstIsolatedRow.has_value() == (reference.isolatedRows > 0));
            if (scan.firstIsolatedRow) {
                const ClassPartition classes = partitionRows(table, set);
                CHECK(classes.classSizes[classes.classOfRow[*scan.firstIsolatedRow]] <= k);
            }
        }
        const auto refined = partition.refined(indexes[static_cast<std::size_t>(second)], scratch, {});
        REQUIRE(refined);
        CHECK(refined->classCount() == partitionRows(table, set).classSizes.size());
    }
}

TEST_CASE("A class with at least as many rows as the column has codes is counted exactly at every length", "[pli]")
{
    // One class of every length from the cardinality up: the counts are split over several
    // counter arrays by row position, and rows left over after the last whole round of them
    // still count. Above laneCardinality codes, one array counts them all.
    std::mt19937 random(23);
    std::vector<std::uint32_t> cardinalities{laneCardinality, laneCardinality + 1};
    for (std::uint32_t cardinality = 2; cardinality <= 12; ++cardinality)
        cardinalities.push_back(cardinality);
    for (const std::uint32_t cardinality : cardinalities) {
        for (std::uint32_t rows = cardinality; rows <= cardinality + 3 * denseCountLanes + 1; ++rows) {
            EncodedTable table;
            table.rowCount = rows;
            for (const std::uint32_t codes : {1U, cardinality}) {
                EncodedColumn column;
                column.name = "c" + std::to_string(table.columns.size());
                column.dictionary.resize(codes);
                column.frequencies.assign(codes, 0);
                // Skewed: most rows share a code, a few codes stay isolated or absent.
                std::geometric_distribution<std::uint32_t> value(0.5);
                for (std::uint32_t row = 0; row < rows; ++row) {
                    column.codes.push_back(std::min(codes - 1, value(random)));
                    ++column.frequencies[column.codes.back()];
                }
                table.columns.push_back(std::move(column));
            }
            const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(2));
            CountingScratch scratch(largestCardinality(indexes));
            const PositionListIndex partition = *PositionListIndex::ofColumn(indexes[0]);
            const ClassPartition classes = partitionRows(table, ColumnSet::firstN(2));
            for (const std::uint64_t k : {1U, 2U, 3U}) {
                const ClassScan scan = partition.scanRefinement(indexes[1], 0, 1, k, scratch, {});
                const ClassStatistics reference = measureClasses(table, ColumnSet::firstN(2), k);
                CHECK(scan.isolatedRows == reference.isolatedRows);
                CHECK(scan.smallestClassOrZero() == reference.smallestClass);
                std::optional<std::uint32_t> lowestIsolated;
                for (std::uint32_t row = 0; row < rows && !lowestIsolated; ++row) {
                    if (classes.classSizes[classes.classOfRow[row]] <= k)
                        lowestIsolated = row;
                }
                CHECK(scan.firstIsolatedRow == lowestIsolated);
            }
        }
    }
}

TEST_CASE("Building a partition gives up at once when stop is already requested", "[pli][cancel]")
{
    std::mt19937 random(5);
    const EncodedTable table = qiscout::core::testing::randomTable(random, 200, 2);
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(2));
    std::stop_source source;
    source.request_stop();
    CHECK_FALSE(PositionListIndex::ofColumn(indexes[0], source.get_token()));
    CHECK(PositionListIndex::ofColumn(indexes[0], {}));
    CHECK(buildColumnIndexes(table, ColumnSet::firstN(2), source.get_token())[1].frequencies.empty());
}

TEST_CASE("A single column settled from its frequencies matches a scan of its rows", "[pli]")
{
    std::mt19937 random(17);
    for (int round = 0; round < 20; ++round) {
        const EncodedTable table = qiscout::core::testing::randomTable(random, 300, 3);
        const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(3));
        for (const ColumnIndex& column : indexes) {
            for (const std::uint64_t k : {1U, 2U, 5U}) {
                const ClassScan scanned = scanColumnRows(column, 0, table.rowCount, k, {});
                const ClassScan settled = settleColumn(column, k, {});
                CHECK(settled.isolatedRows == scanned.isolatedRows);
                CHECK(settled.smallestClass == scanned.smallestClass);
                CHECK(settled.firstIsolatedRow == scanned.firstIsolatedRow);
                // Rows are read only up to the first isolated one.
                CHECK(settled.rowsVisited == (settled.firstIsolatedRow ? *settled.firstIsolatedRow + 1 : 0));
            }
        }
    }
    std::stop_source source;
    source.request_stop();
    const EncodedTable table = qiscout::core::testing::randomTable(random, 300, 1);
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(1));
    CHECK(settleColumn(indexes[0], 1000, source.get_token()).interrupted);
}
