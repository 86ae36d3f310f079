// SPDX-License-Identifier: GPL-3.0-or-later
// The risk assessment as a JSON value, shared by `risk --json` and the report's JSON rendering.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "qiscout/core/risk/risk_assessment.h"

namespace qiscout::core {

/// The table-wide figures (every key of riskToJson but source, records and stats).
[[nodiscard]] nlohmann::ordered_json riskSummaryJson(const RiskAssessment& risk,
                                                     const std::vector<std::string>& columnNames);

/// One object per row, in row order (row numbered from 1).
[[nodiscard]] nlohmann::ordered_json riskRecordsJson(const RiskAssessment& risk);

} // namespace qiscout::core
