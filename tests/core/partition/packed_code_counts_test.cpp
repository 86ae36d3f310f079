// SPDX-License-Identifier: GPL-3.0-or-later
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "partition/packed_code_counts.h"

using namespace qiscout::core;

TEST_CASE("Packed codes are counted as a plain count counts them, on every path this processor runs", "[pli][pack]")
{
    // Every length up to 200 rows, and lengths around the vectors' byte counters' flush every
    // 255 vectors (1,020 rows of 32 bytes): a dropped tail, lane or flush shows.
    std::vector<std::uint32_t> lengths;
    for (std::uint32_t rows = 0; rows <= 200; ++rows)
        lengths.push_back(rows);
    for (const std::uint32_t flush : {1020U, 2040U, 4080U})
        for (std::uint32_t rows = flush - 9; rows <= flush + 9; ++rows)
            lengths.push_back(rows);
    std::mt19937 random(31);
    int pathsRun = 0;
    for (const PackedCountPath path : {PackedCountPath::Scalar, PackedCountPath::Avx2}) {
        if (!packedCountPathRuns(path))
            continue;
        ++pathsRun;
        for (std::uint32_t codes = 1; codes <= packCardinality; ++codes) {
            for (const std::uint32_t rows : lengths) {
                if (rows > 200 && codes % 7 != 1 && codes != packCardinality)
                    continue;
                // Each lane skewed its own way; the last lane holds one code on every row, so
                // that its byte counters overflow unless flushed in time.
                std::vector<std::uint8_t> packed(std::size_t{rows} * packLanes);
                for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
                    std::geometric_distribution<std::uint32_t> value(0.15 + 0.1 * lane);
                    for (std::uint32_t row = 0; row < rows; ++row) {
                        const std::uint32_t code = lane + 1 == packLanes ? codes - 1 : value(random) % codes;
                        packed[std::size_t{row} * packLanes + lane] = static_cast<std::uint8_t>(code);
                    }
                }
                // Counts are added to what is there; past the codes' counts nothing is touched.
                constexpr std::uint32_t before = 7;
                std::vector<std::uint32_t> counts(std::size_t{codes + 1} * packLanes, before);
                countPackedCodes(packed.data(), rows, codes, counts.data(), path);
                std::vector<std::uint32_t> expected(counts.size(), before);
                for (std::uint32_t row = 0; row < rows; ++row) {
                    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
                        const std::uint32_t code = packed[std::size_t{row} * packLanes + lane];
                        if (code != 0)
                            ++expected[code * packLanes + lane];
                    }
                }
                INFO("path " << static_cast<int>(path) << ", " << codes << " codes, " << rows << " rows");
                REQUIRE(counts == expected);
            }
        }
    }
    CHECK(pathsRun >= 1);
    CHECK(packedCountPathRuns(fastestPackedCountPath()));
}
