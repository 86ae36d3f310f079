// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/t_closeness.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "anonymization/model_tolerance.h"
#include "anonymization/number_text.h"
#include "anonymization/value_order.h"

namespace qiscout::core {

ClosenessDistance defaultClosenessDistance(const EncodedColumn& column)
{
    switch (column.type) {
    case ColumnType::Integer:
    case ColumnType::Decimal:
    case ColumnType::Date:
        return ClosenessDistance::Ordered;
    case ColumnType::Text:
        break;
    }
    return ClosenessDistance::Equal;
}

TCloseness::TCloseness(const EncodedTable& table, int column, double t, ClosenessDistance distance)
    : m_column(column)
    , m_t(t)
    , m_distance(distance)
{
    if (column < 0 || static_cast<std::size_t>(column) >= table.columnCount())
        throw std::invalid_argument("t-closeness names a column the table does not have.");
    if (!(t >= 0.0 && t <= 1.0))
        throw std::invalid_argument("t must be between 0 and 1, not " + formatNumber(t) + ".");
    const EncodedColumn& values = table.columns[static_cast<std::size_t>(column)];
    m_tableShare.resize(values.distinctCount());
    for (std::uint32_t code = 0; code < values.distinctCount(); ++code)
        m_tableShare[code] = table.rowCount == 0 ? 0.0 : static_cast<double>(values.frequencies[code]) / table.rowCount;
    if (distance == ClosenessDistance::Ordered)
        m_rank = naturalRanks(values);
}

double TCloseness::distanceOf(const ClassSummary& equivalenceClass) const
{
    const auto rows = static_cast<double>(equivalenceClass.rows);
    if (m_distance == ClosenessDistance::Equal) {
        // Half the L1 distance: the class's values contribute |p - q|, the values it lacks q each,
        // which sum to 1 - (sum of q over the values it has).
        double sum = 0.0;
        double tableShareCovered = 0.0;
        for (const ValueCount& value : equivalenceClass.sensitive) {
            const double q = m_tableShare[value.code];
            sum += std::abs(static_cast<double>(value.rows) / rows - q);
            tableShareCovered += q;
        }
        return 0.5 * (sum + std::max(0.0, 1.0 - tableShareCovered));
    }
    const std::size_t m = m_tableShare.size();
    if (m <= 1)
        return 0.0;
    // EMD with ground distance |i - j| / (m - 1): the sum over ranks of the absolute cumulative
    // difference of the two distributions, divided by m - 1.
    std::vector<double> difference(m, 0.0);
    for (std::size_t code = 0; code < m; ++code)
        difference[m_rank[code]] -= m_tableShare[code];
    for (const ValueCount& value : equivalenceClass.sensitive)
        difference[m_rank[value.code]] += static_cast<double>(value.rows) / rows;
    double cumulative = 0.0;
    double total = 0.0;
    for (std::size_t rank = 0; rank + 1 < m; ++rank) {
        cumulative += difference[rank];
        total += std::abs(cumulative);
    }
    return total / static_cast<double>(m - 1);
}

bool TCloseness::satisfiedBy(const ClassSummary& equivalenceClass) const
{
    return distanceOf(equivalenceClass) <= m_t + modelTolerance;
}

std::string TCloseness::describe(const std::vector<std::string>& columnNames) const
{
    return formatNumber(m_t) + "-closeness (" + std::string(nameIn(closenessDistanceNames, m_distance)) +
           " distance) on " + columnNames.at(static_cast<std::size_t>(m_column));
}

} // namespace qiscout::core
