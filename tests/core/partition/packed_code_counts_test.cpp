// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/packed_code_counts.h"
#include "support/packed_count_paths.h"

using namespace qiscout::core;
using qiscout::core::testing::forEachPackedCountPath;

namespace {

// Every length up to 200 rows, and lengths around the vectors' byte counters' flush every 255
// vectors (1,020 rows of 32 bytes): a dropped tail, lane or flush shows.
std::vector<std::uint32_t> countedLengths()
{
    std::vector<std::uint32_t> lengths;
    for (std::uint32_t rows = 0; rows <= 200; ++rows)
        lengths.push_back(rows);
    for (const std::uint32_t flush : {1020U, 2040U, 4080U})
        for (std::uint32_t rows = flush - 9; rows <= flush + 9; ++rows)
            lengths.push_back(rows);
    return lengths;
}

// Rows of packed codes below `codes`, each lane skewed its own way; the last lane holds one code
// on every row, so that its byte counters overflow unless flushed in time.
std::vector<std::uint8_t> randomPack(std::uint32_t rows, std::uint32_t codes, std::mt19937& random)
{
    std::vector<std::uint8_t> packed(std::size_t{rows} * packLanes);
    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
        std::geometric_distribution<std::uint32_t> value(0.15 + 0.1 * lane);
        for (std::uint32_t row = 0; row < rows; ++row) {
            const std::uint32_t code = lane + 1 == packLanes ? codes - 1 : value(random) % codes;
            packed[std::size_t{row} * packLanes + lane] = static_cast<std::uint8_t>(code);
        }
    }
    return packed;
}

// Counts added to `before` in every counter of codes [0, codes] by a plain count of the packed
// rows `rows`; code 0 is never counted.
std::vector<std::uint32_t> plainCounts(const std::vector<std::uint8_t>& packed, std::span<const std::uint32_t> rows,
                                       std::uint32_t codes, std::uint32_t before)
{
    std::vector<std::uint32_t> expected(std::size_t{codes + 1} * packLanes, before);
    for (const std::uint32_t row : rows) {
        for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
            const std::uint32_t code = packed[std::size_t{row} * packLanes + lane];
            if (code != 0)
                ++expected[code * packLanes + lane];
        }
    }
    return expected;
}

// Calls check(path, codes, rows) for every counting path this processor runs, every number of
// codes up to packCardinality and the lengths of countedLengths (those past 200 rows for a few
// numbers of codes only); returns how many paths ran.
template <typename Check>
int forEachCountCase(Check&& check)
{
    const std::vector<std::uint32_t> lengths = countedLengths();
    return forEachPackedCountPath([&](PackedCountPath path) {
        for (std::uint32_t codes = 1; codes <= packCardinality; ++codes) {
            for (const std::uint32_t rows : lengths) {
                if (rows <= 200 || codes % 7 == 1 || codes == packCardinality)
                    check(path, codes, rows);
            }
        }
    });
}

// Counts are added to what is there; past the codes' counts nothing is touched.
constexpr std::uint32_t countsBefore = 7;

} // namespace

TEST_CASE("Packed codes are counted as a plain count counts them, on every path this processor runs", "[pli][pack]")
{
    std::mt19937 random(31);
    const int pathsRun = forEachCountCase([&](PackedCountPath path, std::uint32_t codes, std::uint32_t rows) {
        const std::vector<std::uint8_t> packed = randomPack(rows, codes, random);
        std::vector<std::uint32_t> counts(std::size_t{codes + 1} * packLanes, countsBefore);
        countPackedCodes(packed.data(), rows, codes, counts.data(), path);
        std::vector<std::uint32_t> order(rows);
        std::iota(order.begin(), order.end(), 0U);
        INFO("path " << static_cast<int>(path) << ", " << codes << " codes, " << rows << " rows");
        REQUIRE(counts == plainCounts(packed, order, codes, countsBefore));
    });
    CHECK(pathsRun >= 1);
    CHECK(packedCountPathRuns(fastestPackedCountPath()));
}

TEST_CASE("Packed codes gathered row by row are counted as a plain count of those rows counts them, on every path",
          "[pli][pack]")
{
    // Rows picked from a larger pack in a random order, as a class of a partition picks them; the
    // buffer starts dirty, so a path that counts a row it did not gather, or its padding, shows.
    constexpr std::uint32_t packRows = 5000;
    std::mt19937 random(37);
    std::vector<std::uint8_t> packed;
    std::uint32_t packedCodes = 0;
    std::vector<std::uint32_t> order(packRows);
    std::iota(order.begin(), order.end(), 0U);
    const int pathsRun = forEachCountCase([&](PackedCountPath path, std::uint32_t codes, std::uint32_t rows) {
        if (codes != packedCodes) {
            packed = randomPack(packRows, codes, random);
            packedCodes = codes;
        }
        // A partial Fisher-Yates shuffle: `rows` distinct rows in random order.
        for (std::uint32_t row = 0; row < rows; ++row)
            std::swap(order[row], order[std::uniform_int_distribution<std::uint32_t>(row, packRows - 1)(random)]);
        std::vector<std::uint32_t> picked(order.begin(), order.begin() + rows);
        if (rows % 2 == 0)
            std::sort(picked.begin(), picked.end());
        std::vector<std::uint32_t> counts(std::size_t{codes + 1} * packLanes, countsBefore);
        std::vector<std::uint8_t> buffer(std::size_t{rows + packPaddingRows} * packLanes, 0xA5);
        gatherPackedCodes(packed.data(), picked.data(), rows, codes, counts.data(), buffer.data(), path);
        INFO("path " << static_cast<int>(path) << ", " << codes << " codes, " << rows << " rows");
        REQUIRE(counts == plainCounts(packed, picked, codes, countsBefore));
    });
    CHECK(pathsRun >= 1);
}

TEST_CASE("A nibble pack's rows gathered row by row are counted half by half as plain counts of each half count them, "
          "on every path",
          "[pli][pack]")
{
    // Each half is a pack of bytes of its own; a half of at most one code is not counted, and its
    // counters stay as they were.
    constexpr std::uint32_t packRows = 5000;
    std::mt19937 random(43);
    std::vector<std::uint32_t> order(packRows);
    std::iota(order.begin(), order.end(), 0U);
    const std::vector<std::uint32_t> lengths = countedLengths();
    const int pathsRun = forEachPackedCountPath([&](PackedCountPath path) {
        for (std::uint32_t lowCodes = 0; lowCodes <= nibbleCardinality; ++lowCodes) {
            for (std::uint32_t highCodes = 0; highCodes <= nibbleCardinality; ++highCodes) {
                const std::array<std::uint32_t, 2> codes{lowCodes, highCodes};
                std::array<std::vector<std::uint8_t>, 2> halves;
                std::vector<std::uint8_t> packed(std::size_t{packRows} * packLanes);
                for (std::size_t half = 0; half < 2; ++half) {
                    // A half not counted still holds codes, which must not reach any counter.
                    halves[half] = randomPack(packRows, codes[half] > 1 ? codes[half] : 16, random);
                    for (std::size_t byte = 0; byte < packed.size(); ++byte)
                        packed[byte] |= static_cast<std::uint8_t>(halves[half][byte] << (4 * half));
                }
                for (const std::uint32_t rows : lengths) {
                    if (rows > 200 && (lowCodes + highCodes) % 5 != 1)
                        continue;
                    for (std::uint32_t row = 0; row < rows; ++row)
                        std::swap(order[row],
                                  order[std::uniform_int_distribution<std::uint32_t>(row, packRows - 1)(random)]);
                    std::vector<std::uint32_t> picked(order.begin(), order.begin() + rows);
                    if (rows % 2 == 0)
                        std::sort(picked.begin(), picked.end());
                    std::array<std::vector<std::uint32_t>, 2> counts;
                    std::array<std::vector<std::uint8_t>, 2> buffers;
                    for (std::size_t half = 0; half < 2; ++half) {
                        counts[half].assign(std::size_t{nibbleCardinality + 1} * packLanes, countsBefore);
                        buffers[half].assign(std::size_t{rows + packPaddingRows} * packLanes, 0xA5);
                    }
                    gatherNibbleCodes(packed.data(), picked.data(), rows, codes, {counts[0].data(), counts[1].data()},
                                      {buffers[0].data(), buffers[1].data()}, path);
                    INFO("path " << static_cast<int>(path) << ", " << lowCodes << " and " << highCodes << " codes, "
                                 << rows << " rows");
                    for (std::size_t half = 0; half < 2; ++half) {
                        std::vector<std::uint32_t> expected =
                            codes[half] > 1 ? plainCounts(halves[half], picked, codes[half], countsBefore)
                                            : std::vector<std::uint32_t>{};
                        expected.resize(counts[half].size(), countsBefore);
                        REQUIRE(counts[half] == expected);
                        std::vector<std::uint8_t> gathered(buffers[half].begin(),
                                                           buffers[half].begin() + std::ptrdiff_t{rows} * packLanes);
                        std::vector<std::uint8_t> split;
                        for (const std::uint32_t row : picked)
                            split.insert(split.end(), halves[half].begin() + std::ptrdiff_t{row} * packLanes,
                                         halves[half].begin() + std::ptrdiff_t{row + 1} * packLanes);
                        REQUIRE(gathered == split);
                    }
                }
            }
        }
    });
    CHECK(pathsRun >= 1);
}
