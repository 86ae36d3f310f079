// SPDX-License-Identifier: GPL-3.0-or-later
#include <array>
#include <cmath>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/risk/risk_histogram.h"

using namespace qiscout::core;

TEST_CASE("Risk histograms put zeros apart and close each bin at its upper bound", "[risk][histogram]")
{
    constexpr std::array<double, 3> bounds{0.1, 0.5, 1};
    const std::vector<double> values{0, 0, 0.05, 0.1, 0.1000001, 0.5, 0.7, 1, 3};
    const RiskHistogram histogram = riskHistogram(values, bounds);
    REQUIRE(histogram.bins.size() == 5);
    CHECK(histogram.bins[0].lower == 0);
    CHECK(histogram.bins[0].upper == 0);
    CHECK(histogram.bins[0].records == 2);
    CHECK(histogram.bins[1].upper == 0.1);
    CHECK(histogram.bins[1].records == 2); // 0.05 and 0.1
    CHECK(histogram.bins[2].records == 2); // 0.1000001 and 0.5
    CHECK(histogram.bins[3].records == 2); // 0.7 and 1
    CHECK(histogram.bins[4].lower == 1);
    CHECK(std::isinf(histogram.bins[4].upper));
    CHECK(histogram.bins[4].records == 1);
}

TEST_CASE("Risk histograms count every value once, in the bin a linear scan finds", "[risk][histogram]")
{
    std::mt19937_64 engine(11);
    std::uniform_real_distribution<double> draw(0, 1.2);
    constexpr std::array<double, 7> bounds{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
    for (int round = 0; round < 20; ++round) {
        std::vector<double> values(static_cast<std::size_t>(engine() % 500));
        for (double& value : values)
            value = engine() % 4 == 0 ? 0 : draw(engine);
        const RiskHistogram histogram = riskHistogram(values, bounds);
        std::vector<std::uint64_t> expected(bounds.size() + 2, 0);
        for (const double value : values) {
            std::size_t bin = 0;
            if (value > 0) {
                bin = bounds.size() + 1;
                for (std::size_t i = 0; i < bounds.size(); ++i)
                    if (value <= bounds[i]) {
                        bin = i + 1;
                        break;
                    }
            }
            ++expected[bin];
        }
        std::vector<std::uint64_t> counted;
        for (const RiskHistogramBin& bin : histogram.bins)
            counted.push_back(bin.records);
        CHECK(counted == expected);
    }
}
