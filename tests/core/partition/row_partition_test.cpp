// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/row_partition.h"

using namespace qiscout::core;

namespace {

// Rows 0..rowCount-1 shuffled and cut into classes of random sizes, many of them equal.
RowPartition randomPartition(std::mt19937& random, std::uint32_t rowCount)
{
    RowPartition partition;
    partition.rows.resize(rowCount);
    std::iota(partition.rows.begin(), partition.rows.end(), std::uint32_t{0});
    std::shuffle(partition.rows.begin(), partition.rows.end(), random);
    partition.starts.push_back(0);
    while (partition.starts.back() < rowCount) {
        const std::uint32_t size = 1 + static_cast<std::uint32_t>(random() % 6);
        partition.starts.push_back(std::min(rowCount, partition.starts.back() + size));
    }
    if (rowCount == 0)
        partition.starts.clear();
    return partition;
}

std::vector<std::vector<std::uint32_t>> classesOf(const RowPartition& partition)
{
    std::vector<std::vector<std::uint32_t>> classes;
    for (std::size_t index = 0; index < partition.classCount(); ++index) {
        const auto begin = partition.rows.begin() + partition.starts[index];
        classes.emplace_back(begin, begin + partition.classSize(index));
    }
    return classes;
}

} // namespace

TEST_CASE("orderClassesBySize puts the classes in ascending size, classes of one size in their order",
          "[row_partition]")
{
    std::mt19937 random(31);
    RowPartition spare;
    for (int trial = 0; trial < 200; ++trial) {
        RowPartition partition = randomPartition(random, static_cast<std::uint32_t>(random() % 60));
        std::vector<std::vector<std::uint32_t>> expected = classesOf(partition);
        std::stable_sort(expected.begin(), expected.end(),
                         [](const auto& a, const auto& b) { return a.size() < b.size(); });
        orderClassesBySize(partition, spare);
        INFO("trial " << trial);
        CHECK(classesOf(partition) == expected);
        CHECK(partition.rows.size() == std::accumulate(expected.begin(), expected.end(), std::size_t{0},
                                                       [](std::size_t sum, const auto& c) { return sum + c.size(); }));
    }
}
