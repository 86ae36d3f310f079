// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/t_closeness.h"

#include <algorithm>
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
    if (distance == ClosenessDistance::Hierarchical)
        throw std::invalid_argument("Hierarchical distance needs a hierarchy of the sensitive column.");
    const EncodedColumn& values = table.columns[static_cast<std::size_t>(column)];
    m_tableShare.resize(values.distinctCount());
    for (std::uint32_t code = 0; code < values.distinctCount(); ++code)
        m_tableShare[code] = table.rowCount == 0 ? 0.0 : static_cast<double>(values.frequencies[code]) / table.rowCount;
    if (distance == ClosenessDistance::Ordered)
        m_rank = naturalRanks(values);
}

TCloseness::TCloseness(const EncodedTable& table, int column, double t, ColumnHierarchy hierarchy)
    : TCloseness(table, column, t, ClosenessDistance::Equal)
{
    m_distance = ClosenessDistance::Hierarchical;
    // Li et al.'s formula is the EMD over a tree: with several top groups the surplus left between
    // them would go uncounted, and the model would no longer be monotone.
    if (hierarchy.levels.empty() || hierarchy.levels.back().groups() > 1)
        throw std::invalid_argument(
            "Hierarchical distance needs a hierarchy of the sensitive column whose top level is "
            "one group (such as *).");
    for (std::size_t level = 1; level < hierarchy.levels.size(); ++level) {
        const HierarchyLevel& below = hierarchy.levels[level - 1];
        const HierarchyLevel& at = hierarchy.levels[level];
        std::vector<std::uint32_t> parent(below.groups(), 0);
        for (std::size_t code = 0; code < below.groupOfValue.size(); ++code)
            parent[below.groupOfValue[code]] = at.groupOfValue[code];
        m_parentOf.push_back(std::move(parent));
    }
}

double TCloseness::hierarchicalDistance(const ClassSummary& equivalenceClass) const
{
    const auto rows = static_cast<double>(equivalenceClass.rows);
    const std::size_t height = m_parentOf.size();
    if (height == 0)
        return 0.0;
    std::vector<double> surplus(m_tableShare.size());
    for (std::size_t code = 0; code < surplus.size(); ++code)
        surplus[code] = -m_tableShare[code];
    for (const ValueCount& value : equivalenceClass.sensitive)
        surplus[value.code] += static_cast<double>(value.rows) / rows;
    double cost = 0.0;
    for (std::size_t level = 1; level <= height; ++level) {
        const std::vector<std::uint32_t>& parent = m_parentOf[level - 1];
        std::uint32_t groups = 0;
        for (const std::uint32_t group : parent)
            groups = std::max(groups, group + 1);
        std::vector<double> positive(groups, 0.0);
        std::vector<double> negative(groups, 0.0);
        for (std::size_t child = 0; child < parent.size(); ++child)
            (surplus[child] > 0.0 ? positive : negative)[parent[child]] += std::abs(surplus[child]);
        surplus.assign(groups, 0.0);
        for (std::uint32_t group = 0; group < groups; ++group) {
            cost +=
                static_cast<double>(level) / static_cast<double>(height) * std::min(positive[group], negative[group]);
            surplus[group] = positive[group] - negative[group];
        }
    }
    return cost;
}

double TCloseness::distanceOf(const ClassSummary& equivalenceClass) const
{
    if (m_distance == ClosenessDistance::Hierarchical)
        return hierarchicalDistance(equivalenceClass);
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
