// SPDX-License-Identifier: GPL-3.0-or-later
// The individual risk of a weighted survey sample (Benedetti and Franconi), as sdcMicro's
// indivRisk() computes it with its defaults (method "approx", qual 1).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The risk of a row whose class holds `sampleSize` rows (f_k >= 1) with weights summing to
/// `populationSize` (F_k): with p = f_k / F_k, p/(1-p) ln(1/p) for f_k = 1,
/// p/(1-p) - (p/(1-p))^2 ln(1/p) for f_k = 2, p / (f_k - (1 - p)) beyond, and 1 / f_k when the
/// weights add nothing (F_k <= f_k; sdcMicro checks only F_k = f_k).
[[nodiscard]] double individualRisk(std::uint32_t sampleSize, double populationSize);

/// Row -> sampling weight read from the column's text. Throws RiskParameterError naming the column
/// and the row (numbered from 1) of the first value that is not a finite positive number.
[[nodiscard]] std::vector<double> readSamplingWeights(const EncodedTable& table, int column);

} // namespace qiscout::core
