// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/risk/risk_histogram.h"

#include <algorithm>
#include <array>
#include <limits>

namespace qiscout::core {

RiskHistogram riskHistogram(std::span<const double> values, std::span<const double> bounds)
{
    RiskHistogram histogram;
    histogram.bins.push_back({0, 0, 0});
    double lower = 0;
    for (const double bound : bounds) {
        histogram.bins.push_back({lower, bound, 0});
        lower = bound;
    }
    histogram.bins.push_back({lower, std::numeric_limits<double>::infinity(), 0});
    for (const double value : values) {
        if (value <= 0) {
            ++histogram.bins.front().records;
            continue;
        }
        // The first bound at or above the value closes its bin.
        const auto bin = std::lower_bound(bounds.begin(), bounds.end(), value) - bounds.begin();
        ++histogram.bins[static_cast<std::size_t>(bin) + 1].records;
    }
    return histogram;
}

RiskHistogram disSudaHistogram(const RiskAssessment& risk)
{
    constexpr std::array<double, 7> bounds{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
    return riskHistogram(risk.disSudaScores, bounds);
}

} // namespace qiscout::core
