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
#include "partition/column_pack.h"
#include "partition/position_list_index.h"
#include "support/lattice_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;
using qiscout::core::testing::CodeSpread;
using qiscout::core::testing::tableOfCardinalities;

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

TEST_CASE("Column packs hold each column of few codes on its own lane, fewest codes first", "[pli][pack]")
{
    std::mt19937 random(37);
    // Eight columns of at most nibbleCardinality codes: too few for a nibble pack.
    const std::vector<std::uint32_t> cardinalities{
        5, 300, 2, packCardinality, packCardinality + 1, nibbleCardinality + 1, 3, 2, 7, 4, 6, 1};
    const EncodedTable table = tableOfCardinalities(random, 50, cardinalities, CodeSpread::Skewed);
    const std::vector<ColumnIndex> indexes =
        buildColumnIndexes(table, ColumnSet::firstN(static_cast<int>(cardinalities.size())));
    const ColumnPacks packs = buildColumnPacks(indexes, 50);
    REQUIRE(packs.packs.size() == 2);
    // Columns of at most packCardinality codes by number of codes, ties in table order.
    const std::vector<std::pair<int, std::uint32_t>> expected{
        {11, 0}, {2, 1}, {7, 2}, {6, 3}, {9, 4}, {0, 5}, {10, 6}, {8, 7}, {5, packLanes + 0}, {3, packLanes + 1}};
    for (const auto& [column, order] : expected) {
        const PackPlace place = packs.placeOf(column);
        CHECK(place.pack == static_cast<int>(order / packLanes));
        CHECK(place.lane == order % packLanes);
        if (place.pack < 0)
            continue;
        const ColumnPack& pack = packs.packs[static_cast<std::size_t>(place.pack)];
        for (std::uint32_t row = 0; row < 50; ++row)
            CHECK(pack.codes[std::size_t{row} * packLanes + place.lane] ==
                  table.columns[static_cast<std::size_t>(column)].codes[row]);
    }
    CHECK(packs.placeOf(1).pack < 0);
    CHECK(packs.placeOf(4).pack < 0);
    CHECK(packs.packs[0].largestCardinality == 7);
    CHECK(packs.packs[1].largestCardinality == packCardinality);
    // Lanes without a column hold code 0.
    for (std::uint32_t row = 0; row < 50; ++row)
        CHECK(packs.packs[1].codes[std::size_t{row} * packLanes + 2] == 0);
    CHECK(buildColumnPacks(buildColumnIndexes(table, ColumnSet::single(0)), 50).packs.empty());
    // One column alone never pays for a pack scan; more codes need more columns to pay.
    CHECK_FALSE(packScanPays(1, 2));
    CHECK(packScanPays(2, 2));
    CHECK(packScanPays(2, 9));
    CHECK_FALSE(packScanPays(3, packCardinality));
    CHECK(packScanPays(4, packCardinality));
    // A pack stays within a core's second-level cache: 131,072 rows of eight bytes at most.
    for (const std::uint32_t rows : {131072U, 131073U}) {
        const EncodedTable tall = tableOfCardinalities(random, rows, {2, 3}, CodeSpread::Skewed);
        CHECK(buildColumnPacks(buildColumnIndexes(tall, ColumnSet::firstN(2)), rows).packs.size() ==
              (rows <= 131072 ? 1U : 0U));
    }
}

TEST_CASE("Columns of few codes go two to a byte when more than a pack of bytes of them qualify", "[pli][pack]")
{
    std::mt19937 random(39);
    // 18 columns of at most nibbleCardinality codes: a nibble pack of 16 and one of 2, then a
    // pack of bytes of the others.
    std::vector<std::uint32_t> cardinalities{nibbleCardinality + 1, 300, packCardinality};
    for (std::uint32_t column = 0; column < 18; ++column)
        cardinalities.push_back(1 + column % nibbleCardinality);
    const EncodedTable table = tableOfCardinalities(random, 50, cardinalities, CodeSpread::Skewed);
    const std::vector<ColumnIndex> indexes =
        buildColumnIndexes(table, ColumnSet::firstN(static_cast<int>(cardinalities.size())));
    const ColumnPacks packs = buildColumnPacks(indexes, 50);
    REQUIRE(packs.packs.size() == 3);
    CHECK(packs.packs[0].nibbles);
    CHECK(packs.packs[1].nibbles);
    CHECK_FALSE(packs.packs[2].nibbles);
    CHECK(packs.packs[1].largestCardinality == nibbleCardinality);
    CHECK(packs.placeOf(0).pack == 2);
    CHECK(packs.placeOf(1).pack < 0);
    std::vector<int> lanesTaken(2 * nibbleLanes, 0);
    for (int column = 3; column < static_cast<int>(cardinalities.size()); ++column) {
        const PackPlace place = packs.placeOf(column);
        REQUIRE((place.pack == 0 || place.pack == 1));
        ++lanesTaken[static_cast<std::size_t>(place.pack) * nibbleLanes + place.lane];
        for (std::uint32_t row = 0; row < 50; ++row)
            CHECK(packs.packs[static_cast<std::size_t>(place.pack)].codeOf(row, place.lane) ==
                  table.columns[static_cast<std::size_t>(column)].codes[row]);
    }
    // Every lane of the first pack is taken once, two of the second; the rest hold code 0.
    for (std::uint32_t lane = 0; lane < 2 * nibbleLanes; ++lane)
        CHECK(lanesTaken[lane] == (lane < nibbleLanes + 2 ? 1 : 0));
    for (std::uint32_t row = 0; row < 50; ++row)
        for (std::uint32_t lane = 2; lane < nibbleLanes; ++lane)
            CHECK(packs.packs[1].codeOf(row, lane) == 0);
}

TEST_CASE("A pack scan gives each of its columns what a scan by that column alone gives", "[pli][pack]")
{
    std::mt19937 random(41);
    // Tables of 12 columns of up to packCardinality codes, mostly packs of bytes; and of 22
    // columns of up to 12 codes, mostly a nibble pack and a pack of bytes of the rest.
    for (int trial = 0; trial < 60; ++trial) {
        const bool nibbles = trial % 3 == 2;
        const std::size_t columns = nibbles ? 22 : 12;
        const auto rows = std::uniform_int_distribution<std::uint32_t>(0, 700)(random);
        std::vector<std::uint32_t> cardinalities;
        for (std::size_t column = 0; column < columns; ++column)
            cardinalities.push_back(std::uniform_int_distribution<std::uint32_t>(1, nibbles ? nibbleCardinality + 4
                                                                                            : packCardinality)(random));
        const EncodedTable table = tableOfCardinalities(random, rows, cardinalities, CodeSpread::Skewed);
        const std::vector<ColumnIndex> indexes =
            buildColumnIndexes(table, ColumnSet::firstN(static_cast<int>(columns)));
        const ColumnPacks packs = buildColumnPacks(indexes, rows);
        CountingScratch scratch(largestCardinality(indexes));
        // Prefixes of one and two columns: classes from a few rows up to most of the table.
        const PositionListIndex single = *PositionListIndex::ofColumn(indexes[0]);
        const PositionListIndex pair = *single.refined(indexes[1], scratch, {});
        for (const PositionListIndex* prefix : {&single, &pair}) {
            for (std::size_t packIndex = 0; packIndex < packs.packs.size(); ++packIndex) {
                std::vector<PackMember> members;
                for (std::size_t column = 2; column < columns; ++column) {
                    const PackPlace place = packs.placeOf(static_cast<int>(column));
                    if (place.pack == static_cast<int>(packIndex) && std::bernoulli_distribution(0.7)(random))
                        members.push_back(PackMember{place.lane, &indexes[column]});
                }
                if (members.empty())
                    continue;
                for (const std::uint64_t k : {1U, 2U, 4U}) {
                    for (std::uint32_t begin = 0; begin < prefix->classCount();) {
                        const std::uint32_t end = std::min(
                            prefix->classCount(), begin + std::uniform_int_distribution<std::uint32_t>(1, 40)(random));
                        std::vector<ClassScan> scans(members.size());
                        prefix->scanPackRefinement(packs.packs[packIndex], members, begin, end, k, scratch, {}, scans);
                        for (std::size_t member = 0; member < members.size(); ++member) {
                            const ClassScan alone =
                                prefix->scanRefinement(*members[member].column, begin, end, k, scratch, {});
                            CHECK(scans[member].isolatedRows == alone.isolatedRows);
                            CHECK(scans[member].smallestClass == alone.smallestClass);
                            CHECK(scans[member].firstIsolatedRow == alone.firstIsolatedRow);
                            CHECK(scans[member].rowsVisited == alone.rowsVisited);
                            CHECK_FALSE(scans[member].interrupted);
                        }
                        begin = end;
                    }
                }
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

TEST_CASE("A pack scan over a long run of small classes gives up when stop is requested", "[pli][pack][cancel]")
{
    // Classes of about two rows, all smaller than the pack's 32 codes: one run of small classes
    // spanning more rows than stopPollRows, which the scan must break up to look at the token.
    std::mt19937 random(23);
    const std::uint32_t rows = 2 * stopPollRows + 5000;
    const EncodedTable table = tableOfCardinalities(random, rows, {rows / 2, 32, 32}, CodeSpread::Uniform);
    const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, ColumnSet::firstN(3));
    ColumnPack pack;
    pack.codes.assign(std::size_t{rows} * packLanes, 0);
    for (std::uint32_t lane = 0; lane < 2; ++lane)
        for (std::uint32_t row = 0; row < rows; ++row)
            pack.codes[std::size_t{row} * packLanes + lane] = indexes[lane + 1].bytes[row];
    pack.largestCardinality = 32;
    const std::vector<PackMember> members{PackMember{0, &indexes[1]}, PackMember{1, &indexes[2]}};
    const PositionListIndex prefix = *PositionListIndex::ofColumn(indexes[0]);
    CountingScratch scratch(largestCardinality(indexes));
    std::stop_source source;
    source.request_stop();
    std::vector<ClassScan> scans(members.size());
    prefix.scanPackRefinement(pack, members, 0, prefix.classCount(), 1, scratch, source.get_token(), scans);
    CHECK(scans[0].interrupted);
    CHECK(scans[1].interrupted);
    std::vector<ClassScan> whole(members.size());
    prefix.scanPackRefinement(pack, members, 0, prefix.classCount(), 1, scratch, {}, whole);
    for (std::size_t member = 0; member < members.size(); ++member) {
        const ClassScan alone = prefix.scanRefinement(*members[member].column, 0, prefix.classCount(), 1, scratch, {});
        CHECK_FALSE(whole[member].interrupted);
        CHECK(whole[member].isolatedRows == alone.isolatedRows);
        CHECK(whole[member].smallestClass == alone.smallestClass);
    }
}
