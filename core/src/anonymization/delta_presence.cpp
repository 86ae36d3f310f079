// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/delta_presence.h"

#include <cmath>
#include <stdexcept>

#include "anonymization/number_text.h"

namespace qiscout::core {

DeltaPresence::DeltaPresence(double min, double max) : m_min(min), m_max(max)
{
    if (!(min >= 0.0 && min <= max && max <= 1.0))
        throw std::invalid_argument("delta-presence needs 0 <= min <= max <= 1, not " + formatNumber(min) + " and " +
                                    formatNumber(max) + ".");
}

double DeltaPresence::deltaOf(const ClassSummary& equivalenceClass)
{
    if (equivalenceClass.rows == 0)
        return 0.0;
    return static_cast<double>(equivalenceClass.rows) / static_cast<double>(equivalenceClass.populationRows);
}

bool DeltaPresence::satisfiedBy(const ClassSummary& equivalenceClass) const
{
    // Rounding a quotient is monotone, so a merged class's rounded δ stays between its parts'
    // rounded δs, as the exact ones do: no allowance is needed for the search's monotonicity.
    const double delta = deltaOf(equivalenceClass);
    return delta >= m_min && delta <= m_max;
}

bool DeltaPresence::meetsMonotonePart(const ClassSummary& equivalenceClass) const
{
    // 1 / p <= rows / p, rounded alike: a satisfying class meets it.
    return equivalenceClass.rows == 0 || 1.0 / static_cast<double>(equivalenceClass.populationRows) <= m_max;
}

std::string DeltaPresence::describe(const std::vector<std::string>& /*columnNames*/) const
{
    return "(" + formatNumber(m_min) + ", " + formatNumber(m_max) + ")-presence";
}

} // namespace qiscout::core
