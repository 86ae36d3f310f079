// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/individual_risk.h"

#include <charconv>
#include <cmath>
#include <string>

#include "qiscout/core/risk/risk_parameters.h"

namespace qiscout::core {

double individualRisk(std::uint32_t sampleSize, double populationSize)
{
    const auto f = static_cast<double>(sampleSize);
    if (populationSize <= f)
        return 1 / f;
    const double p = f / populationSize;
    const double odds = p / (1 - p);
    if (sampleSize == 1)
        return odds * std::log(1 / p);
    if (sampleSize == 2)
        return odds - odds * odds * std::log(1 / p);
    return p / (f - (1 - p));
}

std::vector<double> readSamplingWeights(const EncodedTable& table, int column)
{
    const EncodedColumn& weights = table.columns[static_cast<std::size_t>(column)];
    // Parse each distinct value once; rows then look their code up.
    std::vector<double> byCode(weights.distinctCount());
    std::vector<bool> valid(weights.distinctCount());
    for (std::uint32_t code = 0; code < weights.distinctCount(); ++code) {
        const std::string& text = weights.text(code);
        double value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        valid[code] = error == std::errc() && end == text.data() + text.size() && std::isfinite(value) && value > 0;
        byCode[code] = value;
    }
    std::vector<double> result(table.rowCount);
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        const std::uint32_t code = weights.codes[row];
        if (!valid[code])
            throw RiskParameterError("The weight column '" + weights.name + "' holds '" + weights.text(code) +
                                     "' in row " + std::to_string(row + 1) +
                                     ", which is not a positive number; sampling weights must all be positive.");
        result[row] = byCode[code];
    }
    return result;
}

} // namespace qiscout::core
