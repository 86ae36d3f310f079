// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <random>
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/packed_class_stats.h"
#include "partition/packed_code_counts.h"
#include "support/packed_count_paths.h"

using namespace qiscout::core;
using qiscout::core::testing::forEachPackedCountPath;

namespace {

// Packed rows below `codes` on every lane, each lane skewed its own way so that classes of every
// size come up.
std::vector<std::uint8_t> randomRows(std::uint32_t rows, std::uint32_t codes, std::mt19937& random)
{
    std::vector<std::uint8_t> packed(std::size_t{rows + packPaddingRows} * packLanes, 0xAB);
    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
        std::geometric_distribution<std::uint32_t> value(0.1 + 0.12 * lane);
        for (std::uint32_t row = 0; row < rows; ++row)
            packed[std::size_t{row} * packLanes + lane] = static_cast<std::uint8_t>(value(random) % codes);
    }
    return packed;
}

// The lane statistics of classes [starts[c], starts[c + 1]) of `packed` (position starts[0] at
// packed[0]) counted with a map per class and lane, added to `stats`.
void addByMaps(const std::vector<std::uint8_t>& packed, std::span<const std::uint32_t> starts, std::uint32_t limit,
               PackedLaneStats& stats)
{
    for (std::size_t index = 0; index + 1 < starts.size(); ++index) {
        for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
            std::map<std::uint8_t, std::uint32_t> sizes;
            const auto codeAt = [&](std::uint32_t position) {
                return packed[std::size_t{position - starts[0]} * packLanes + lane];
            };
            for (std::uint32_t position = starts[index]; position < starts[index + 1]; ++position)
                ++sizes[codeAt(position)];
            for (std::uint32_t position = starts[index]; position < starts[index + 1]; ++position) {
                const std::uint32_t size = sizes[codeAt(position)];
                stats.smallestClass[lane] = std::min(stats.smallestClass[lane], size);
                if (size <= limit) {
                    ++stats.isolatedRows[lane];
                    if (stats.firstIsolated[lane] == PackedLaneStats::noPosition)
                        stats.firstIsolated[lane] = position;
                }
            }
        }
    }
}

// Calls check(path, codes, random) 300 times on every counting path this processor runs, with a
// number of codes drawn up to packCardinality.
template <typename Check>
void forEachTrial(std::uint32_t seed, Check&& check)
{
    std::mt19937 random(seed);
    const int pathsRun = forEachPackedCountPath([&](PackedCountPath path) {
        for (int trial = 0; trial < 300; ++trial)
            check(path, std::uniform_int_distribution<std::uint32_t>(1, packCardinality)(random), random);
    });
    CHECK(pathsRun >= 1);
}

} // namespace

TEST_CASE("Small packed classes are sized on every lane as a count of each class gives", "[pack]")
{
    forEachTrial(7, [](PackedCountPath path, std::uint32_t codes, std::mt19937& random) {
        const auto origin = std::uniform_int_distribution<std::uint32_t>(0, 1000)(random);
        std::vector<std::uint32_t> starts{origin};
        const auto classes = std::uniform_int_distribution<std::uint32_t>(0, 30)(random);
        for (std::uint32_t index = 0; index < classes; ++index)
            starts.push_back(starts.back() +
                             std::uniform_int_distribution<std::uint32_t>(1, smallPackedClassRows)(random));
        const std::vector<std::uint8_t> packed = randomRows(starts.back() - origin, codes, random);
        const auto limit = std::uniform_int_distribution<std::uint32_t>(0, 40)(random);
        // Some lanes already have their first isolated row from an earlier run: it stays.
        PackedLaneStats before;
        for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
            if (std::bernoulli_distribution(0.3)(random)) {
                before.firstIsolated[lane] = lane;
                before.isolatedRows[lane] = 5;
                before.smallestClass[lane] = 3;
            }
        }
        PackedLaneStats expected = before;
        addByMaps(packed, starts, limit, expected);
        PackedLaneStats stats = before;
        addSmallPackedClasses(packed.data(), starts, limit, stats, path);
        CHECK(stats.isolatedRows == expected.isolatedRows);
        CHECK(stats.smallestClass == expected.smallestClass);
        CHECK(stats.firstIsolated == expected.firstIsolated);
    });
}

TEST_CASE("A packed class's lane statistics read off its counters match a count of its rows", "[pack]")
{
    forEachTrial(8, [](PackedCountPath path, std::uint32_t codes, std::mt19937& random) {
        const auto size = std::uniform_int_distribution<std::uint32_t>(1, 400)(random);
        const std::vector<std::uint8_t> packed = randomRows(size, codes, random);
        std::vector<std::uint32_t> counts(std::size_t{codes} * packLanes, 0);
        for (std::uint32_t row = 0; row < size; ++row) {
            for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
                const std::uint32_t code = packed[std::size_t{row} * packLanes + lane];
                if (code != 0)
                    ++counts[code * packLanes + lane];
            }
        }
        const auto limit = std::uniform_int_distribution<std::uint32_t>(0, 120)(random);
        PackedLaneStats before;
        before.isolatedRows.fill(2);
        before.smallestClass[3] = 1;
        const std::vector<std::uint32_t> starts{0, size};
        PackedLaneStats expected = before;
        addByMaps(packed, starts, limit, expected);
        PackedLaneStats stats = before;
        const unsigned lanesAtRisk = addPackedClass(counts.data(), codes, size, limit, stats, path);
        for (std::uint32_t lane = 0; lane < packLanes; ++lane)
            CHECK(((lanesAtRisk >> lane) & 1U) == (expected.isolatedRows[lane] > before.isolatedRows[lane] ? 1U : 0U));
        CHECK(stats.isolatedRows == expected.isolatedRows);
        CHECK(stats.smallestClass == expected.smallestClass);
        // Code 0's counters now hold its rows, as the other codes' do.
        for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
            std::uint32_t zeros = 0;
            for (std::uint32_t row = 0; row < size; ++row)
                zeros += packed[std::size_t{row} * packLanes + lane] == 0 ? 1U : 0U;
            CHECK(counts[lane] == zeros);
        }
    });
}
