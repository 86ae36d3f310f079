// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/risk/risk_assessment.h"

namespace qiscout::core {

/// What a risk JSON document says besides the assessment itself.
struct RiskJsonContext {
    /// Every column name of the table, in file order.
    std::vector<std::string> columnNames;
    /// The input file, as given.
    std::string sourcePath;
    /// Seconds spent loading the table.
    double loadSeconds = 0.0;
};

/// The assessment as the JSON document of `qiscout-cli risk --json` (a stable contract): rows,
/// columns (the key columns), sampling_fraction, records (one per row in file order: row from 1,
/// class_size, prosecutor_risk, suda_score, dis_suda_score, individual_risk and, for a weighted
/// sample, population_class_size), attribute_contributions, population_uniqueness (pitman,
/// zayatz, snb, dankar as shares of the population or null, dankar_model, population_size),
/// sample_uniques, prosecutor (highest, average, records_at_risk) and stats (seconds), plus
/// source, k, weight, scoring, classes, marketer_risk, global_risk, suda and complete.
/// Pretty-printed, ending with a newline. Throws OperationCancelled once stop is requested.
[[nodiscard]] std::string riskToJson(const RiskAssessment& risk, const RiskJsonContext& context,
                                     const std::stop_token& stop = {});

} // namespace qiscout::core
