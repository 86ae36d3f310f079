// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "qiscout/core/risk/risk_assessment.h"

namespace qiscout::core {

/// Records whose score lies in (lower, upper]; the first bin of a histogram holds the scores of
/// exactly 0 (lower = upper = 0) and the last is open above (upper = infinity).
struct RiskHistogramBin {
    double lower = 0;
    double upper = 0;
    std::uint64_t records = 0;
};

/// A distribution of per-record scores, for charts.
struct RiskHistogram {
    std::vector<RiskHistogramBin> bins;
};

/// `values` binned as == 0, (0, bounds[0]], (bounds[0], bounds[1]], ..., > bounds.back(); the
/// bounds ascend and are positive.
[[nodiscard]] RiskHistogram riskHistogram(std::span<const double> values, std::span<const double> bounds);

/// DIS-SUDA scores as sdcMicro prints them: == 0, (0, 0.1], (0.1, 0.2], ..., (0.6, 0.7], > 0.7.
[[nodiscard]] RiskHistogram disSudaHistogram(const RiskAssessment& risk);

} // namespace qiscout::core
