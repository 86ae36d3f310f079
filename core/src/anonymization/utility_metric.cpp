// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/utility_metric.h"

namespace qiscout::core {

const char* toString(UtilityMetric metric)
{
    switch (metric) {
    case UtilityMetric::Precision:
        return "precision";
    case UtilityMetric::Discernibility:
        return "discernibility";
    case UtilityMetric::Loss:
        return "loss";
    case UtilityMetric::NonUniformEntropy:
        return "non-uniform-entropy";
    case UtilityMetric::Aecs:
        return "aecs";
    }
    return "loss";
}

std::optional<UtilityMetric> parseUtilityMetric(std::string_view name)
{
    for (const UtilityMetric metric : {UtilityMetric::Precision, UtilityMetric::Discernibility, UtilityMetric::Loss,
                                       UtilityMetric::NonUniformEntropy, UtilityMetric::Aecs})
        if (name == toString(metric))
            return metric;
    return std::nullopt;
}

} // namespace qiscout::core
