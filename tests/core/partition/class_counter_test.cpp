// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/class_counter.h"
#include "support/random_table.h"

using namespace qiscout::core;
using qiscout::core::testing::CodeSpread;
using qiscout::core::testing::tableOfCardinalities;

namespace {

// Each row's tuple of codes on `columns`, numbered in the order of first rows: the classes by
// definition, with no keys, no blocks and no lanes.
ClassPartition bruteForceClasses(const EncodedTable& table, const std::vector<int>& columns)
{
    std::map<std::vector<std::uint32_t>, std::uint32_t> numbers;
    ClassPartition classes;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::uint32_t> tuple;
        for (const int column : columns)
            tuple.push_back(table.code(row, static_cast<std::size_t>(column)));
        const auto [found, inserted] = numbers.try_emplace(tuple, static_cast<std::uint32_t>(numbers.size()));
        if (inserted)
            classes.classSizes.push_back(0);
        classes.classOfRow.push_back(found->second);
        ++classes.classSizes[found->second];
    }
    return classes;
}

} // namespace

// Row counts around the counter's blocks of rows and its vectors of eight rows, and runs of one to
// seven columns, so that a dropped lane, tail row or column changes some row's class. Most classes
// hold a few rows, so that a row counted into the wrong class changes the statistics too.
TEST_CASE("ClassCounter counts and numbers the classes of every row, in full blocks, lanes and tails", "[partition]")
{
    std::mt19937 random(17);
    for (const std::uint32_t rowCount : {1U, 7U, 8U, 9U, 2047U, 2048U, 2049U, 4096U + 2048U + 13U}) {
        for (const std::uint32_t keyLimit : {16U, 4096U, ClassCounter::defaultKeyLimit}) {
            ClassCounter counter(keyLimit);
            for (int trial = 0; trial < 6; ++trial) {
                const auto columnCount = 1 + static_cast<std::size_t>(random() % 7);
                std::vector<std::uint32_t> cardinalities;
                for (std::size_t column = 0; column < columnCount; ++column)
                    cardinalities.push_back(1 + static_cast<std::uint32_t>(random() % (column % 2 == 0 ? 4 : 40)));
                const EncodedTable table = tableOfCardinalities(random, rowCount, cardinalities, CodeSpread::Uniform);
                std::vector<int> columns(columnCount);
                for (std::size_t column = 0; column < columnCount; ++column)
                    columns[column] = static_cast<int>(column);
                std::shuffle(columns.begin(), columns.end(), random);
                const ClassPartition reference = bruteForceClasses(table, columns);
                INFO("rows " << rowCount << ", key limit " << keyLimit << ", trial " << trial);

                ClassPartition classes;
                counter.number(table, columns, classes);
                CHECK(classes.classOfRow == reference.classOfRow);
                CHECK(classes.classSizes == reference.classSizes);

                for (const std::uint64_t k : {1U, 2U, 5U}) {
                    std::uint64_t isolated = 0;
                    for (const std::uint32_t size : reference.classSizes)
                        isolated += size <= k ? size : 0;
                    std::optional<std::uint32_t> first;
                    for (std::uint32_t row = 0; row < rowCount && !first; ++row)
                        if (reference.classSizes[reference.classOfRow[row]] <= k)
                            first = row;
                    const std::optional<ClassScan> scan = counter.count(table, columns, k);
                    if (!scan)
                        continue;
                    CHECK(scan->isolatedRows == isolated);
                    CHECK(scan->smallestClassOrZero() ==
                          *std::min_element(reference.classSizes.begin(), reference.classSizes.end()));
                    CHECK(scan->firstIsolatedRow == first);
                }
            }
        }
    }
}

// Around 2^16 rows, where count's last pass moves from 16-bit to 32-bit counters, with classes of
// up to every row: a counter that wrapped would show.
TEST_CASE("ClassCounter counts classes of up to every row on either side of 2^16 rows", "[partition]")
{
    std::mt19937 random(19);
    ClassCounter counter;
    for (const std::uint32_t rowCount : {65535U, 65536U, 65537U}) {
        for (const std::vector<std::uint32_t>& cardinalities :
             {std::vector<std::uint32_t>{1}, std::vector<std::uint32_t>{1, 2}, std::vector<std::uint32_t>{3, 1, 2}}) {
            const EncodedTable table = tableOfCardinalities(random, rowCount, cardinalities, CodeSpread::Uniform);
            std::vector<int> columns(cardinalities.size());
            for (std::size_t column = 0; column < columns.size(); ++column)
                columns[column] = static_cast<int>(column);
            const ClassPartition reference = bruteForceClasses(table, columns);
            INFO("rows " << rowCount << ", columns " << columns.size());
            const std::uint64_t k = rowCount - 1;
            std::uint64_t isolated = 0;
            for (const std::uint32_t size : reference.classSizes)
                isolated += size <= k ? size : 0;
            const std::optional<ClassScan> scan = counter.count(table, columns, k);
            REQUIRE(scan);
            CHECK(scan->isolatedRows == isolated);
            CHECK(scan->smallestClassOrZero() ==
                  *std::min_element(reference.classSizes.begin(), reference.classSizes.end()));
        }
    }
}
