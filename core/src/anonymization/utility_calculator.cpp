// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/utility_calculator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qiscout::core {

UtilityCalculator::UtilityCalculator(const SearchSetup& setup) : m_metric(setup.metric), m_rows(setup.rows)
{
    for (const ColumnHierarchy& hierarchy : setup.hierarchies) {
        m_heights.push_back(hierarchy.height());
        const HierarchyLevel& original = hierarchy.levels.front();
        m_distinctMinusOne.push_back(original.groups() > 0 ? original.groups() - 1 : 0);
        auto& leaves = m_leavesMinusOne.emplace_back();
        auto& totalLeaves = m_totalLeaves.emplace_back();
        auto& logRows = m_logRows.emplace_back();
        auto& totalLogRows = m_totalLogRows.emplace_back();
        auto& splits = m_levelSplits.emplace_back();
        for (const HierarchyLevel& level : hierarchy.levels) {
            std::vector<std::uint32_t> leafCount(level.groups(), 0);
            for (const std::uint32_t group : level.groupOfValue)
                ++leafCount[group];
            std::uint64_t total = 0;
            std::vector<double> logs(level.groups(), 0.0);
            double totalLog = 0.0;
            for (std::uint32_t group = 0; group < level.groups(); ++group) {
                --leafCount[group];
                total += static_cast<std::uint64_t>(leafCount[group]) * level.groupRows[group];
                if (level.groupRows[group] > 0) {
                    logs[group] = std::log2(static_cast<double>(level.groupRows[group]));
                    totalLog += static_cast<double>(level.groupRows[group]) * logs[group];
                }
            }
            splits.push_back(std::count_if(level.groupRows.begin(), level.groupRows.end(),
                                           [](std::uint64_t rows) { return rows > 0; }) >= 2);
            leaves.push_back(std::move(leafCount));
            totalLeaves.push_back(total);
            logRows.push_back(std::move(logs));
            totalLogRows.push_back(totalLog);
        }
    }
}

ClassTally UtilityCalculator::emptyTally() const
{
    ClassTally tally;
    resetTally(tally, {});
    return tally;
}

void UtilityCalculator::resetTally(ClassTally& tally, const std::vector<int>& levels) const
{
    std::vector<std::uint64_t> leaves = std::move(tally.suppressedLeaves);
    std::vector<double> logRows = std::move(tally.suppressedLogRows);
    std::vector<std::vector<std::uint64_t>> rowsOfCode = std::move(tally.suppressedRowsOfCode);
    tally = ClassTally{};
    if (!needsSuppressedCodes())
        return;
    leaves.assign(m_heights.size(), 0);
    logRows.assign(m_heights.size(), 0.0);
    rowsOfCode.resize(m_heights.size());
    for (std::size_t q = 0; q < m_heights.size(); ++q)
        rowsOfCode[q].assign(m_metric == UtilityMetric::EntropyNonMonotonic && !levels.empty()
                                 ? m_logRows[q][static_cast<std::size_t>(levels[q])].size()
                                 : 0,
                             0);
    tally.suppressedLeaves = std::move(leaves);
    tally.suppressedLogRows = std::move(logRows);
    tally.suppressedRowsOfCode = std::move(rowsOfCode);
}

void UtilityCalculator::suppressionTables(const std::vector<int>& levels, SuppressionTables& tables) const
{
    tables.leavesMinusOne.clear();
    tables.logRows.clear();
    if (!needsSuppressedCodes())
        return;
    for (std::size_t q = 0; q < levels.size(); ++q) {
        const auto at = static_cast<std::size_t>(levels[q]);
        tables.leavesMinusOne.push_back(m_leavesMinusOne[q][at].data());
        tables.logRows.push_back(m_logRows[q][at].data());
    }
}

double UtilityCalculator::columnPart(int q, int level, const ClassTally* tally) const
{
    // The sum over this column's cells, suppressed rows and cells included when a tally is given.
    const auto column = static_cast<std::size_t>(q);
    const auto at = static_cast<std::size_t>(level);
    const std::uint64_t suppressed = tally ? tally->suppressedCellsOf(column) : 0;
    const auto n = static_cast<double>(m_rows);
    switch (m_metric) {
    case UtilityMetric::Precision: {
        const int height = m_heights[column];
        const double fraction = height == 0 ? 0.0 : static_cast<double>(level) / height;
        return static_cast<double>(m_rows - suppressed) * fraction + static_cast<double>(suppressed);
    }
    case UtilityMetric::Loss: {
        const std::uint64_t kept = m_totalLeaves[column][at] - (tally ? tally->suppressedLeaves[column] : 0);
        const double keptLoss = m_distinctMinusOne[column] == 0
                                    ? 0.0
                                    : static_cast<double>(kept) / static_cast<double>(m_distinctMinusOne[column]);
        return keptLoss + static_cast<double>(suppressed);
    }
    case UtilityMetric::NonUniformEntropy: {
        const double kept = m_totalLogRows[column][at] - (tally ? tally->suppressedLogRows[column] : 0.0);
        const double suppressedPart = suppressed > 0 ? static_cast<double>(suppressed) * std::log2(n) : 0.0;
        return std::max(0.0, kept + suppressedPart - m_totalLogRows[column][0]);
    }
    case UtilityMetric::EntropyMonotonic:
    case UtilityMetric::EntropyNonMonotonic: {
        // ARX counts every row as generalised here; the non-monotonic part is added by value().
        const double generalised = std::max(0.0, m_totalLogRows[column][at] - m_totalLogRows[column][0]);
        return generalised +
               (tally && m_metric == UtilityMetric::EntropyNonMonotonic ? suppressedCodesEntropy(*tally, column) : 0.0);
    }
    case UtilityMetric::Discernibility:
    case UtilityMetric::DmStar:
    case UtilityMetric::Aecs:
        break;
    }
    return 0.0;
}

double UtilityCalculator::suppressedCodesEntropy(const ClassTally& tally, std::size_t q)
{
    if (tally.suppressedRowsOfCode.empty())
        return 0.0;
    double total = 0.0;
    double sumLogs = 0.0;
    for (const std::uint64_t rowsOfCode : tally.suppressedRowsOfCode[q])
        if (rowsOfCode > 0) {
            const auto rows = static_cast<double>(rowsOfCode);
            total += rows;
            sumLogs += rows * std::log2(rows);
        }
    return total > 0.0 ? std::max(0.0, total * std::log2(total) - sumLogs) : 0.0;
}

double UtilityCalculator::value(const std::vector<int>& levels, const ClassTally& tally) const
{
    const auto n = static_cast<double>(m_rows);
    switch (m_metric) {
    case UtilityMetric::Discernibility:
        return static_cast<double>(tally.keptSquares) + n * static_cast<double>(tally.suppressedRows);
    case UtilityMetric::DmStar:
        return static_cast<double>(tally.allSquares);
    case UtilityMetric::Aecs: {
        const std::uint64_t classes = tally.keptClasses + (tally.suppressedRows > 0 ? 1 : 0);
        return classes == 0 ? 0.0 : n / static_cast<double>(classes);
    }
    case UtilityMetric::Precision:
    case UtilityMetric::Loss:
    case UtilityMetric::NonUniformEntropy:
    case UtilityMetric::EntropyMonotonic:
    case UtilityMetric::EntropyNonMonotonic:
        break;
    }
    double sum = 0.0;
    for (std::size_t q = 0; q < levels.size(); ++q)
        sum += columnPart(static_cast<int>(q), levels[q], &tally);
    if (isEntropy())
        return sum;
    return m_rows == 0 ? 0.0 : sum / (n * static_cast<double>(levels.size()));
}

std::vector<double> UtilityCalculator::columnValues(const std::vector<int>& levels, const ClassTally& tally) const
{
    if (!isColumnSum())
        return {};
    std::vector<double> values;
    for (std::size_t q = 0; q < levels.size(); ++q) {
        const double part = columnPart(static_cast<int>(q), levels[q], &tally);
        values.push_back(isEntropy() ? part : m_rows == 0 ? 0.0 : part / static_cast<double>(m_rows));
    }
    return values;
}

double UtilityCalculator::suppressedCellRise(std::size_t q, int level, std::uint32_t group) const
{
    const auto at = static_cast<std::size_t>(level);
    if (!m_levelSplits[q][at])
        return std::numeric_limits<double>::infinity();
    // A suppressed cell trades its group's part for a suppressed cell's (columnPart): precision
    // 1 for level / height, loss 1 for (leaves - 1) / (D - 1), non-uniform entropy log2(n) for
    // log2(rows of the group).
    double rise = 0.0;
    switch (m_metric) {
    case UtilityMetric::Precision:
        rise = m_heights[q] == 0 ? 1.0 : 1.0 - static_cast<double>(level) / m_heights[q];
        break;
    case UtilityMetric::Loss:
        rise = m_distinctMinusOne[q] == 0 ? 1.0
                                          : 1.0 - static_cast<double>(m_leavesMinusOne[q][at][group]) /
                                                      static_cast<double>(m_distinctMinusOne[q]);
        break;
    case UtilityMetric::NonUniformEntropy:
        rise = std::log2(static_cast<double>(m_rows)) - m_logRows[q][at][group];
        break;
    case UtilityMetric::EntropyMonotonic:
    case UtilityMetric::EntropyNonMonotonic:
    case UtilityMetric::Discernibility:
    case UtilityMetric::DmStar:
    case UtilityMetric::Aecs:
        return 0.0;
    }
    rise = std::max(0.0, rise);
    return isEntropy() ? rise : rise / (static_cast<double>(m_rows) * static_cast<double>(m_heights.size()));
}

double UtilityCalculator::valueWithoutSuppression(const std::vector<int>& levels, const ClassTally& tally) const
{
    switch (m_metric) {
    case UtilityMetric::Discernibility:
    case UtilityMetric::DmStar:
        return static_cast<double>(tally.allSquares);
    case UtilityMetric::Aecs:
        return tally.allClasses == 0 ? 0.0 : static_cast<double>(m_rows) / static_cast<double>(tally.allClasses);
    case UtilityMetric::Precision:
    case UtilityMetric::Loss:
    case UtilityMetric::NonUniformEntropy:
    case UtilityMetric::EntropyMonotonic:
    case UtilityMetric::EntropyNonMonotonic:
        break;
    }
    return staticBound(levels);
}

double UtilityCalculator::staticBound(const std::vector<int>& levels) const
{
    switch (m_metric) {
    case UtilityMetric::Discernibility:
    case UtilityMetric::DmStar:
        // Every row costs at least its own class of one.
        return static_cast<double>(m_rows);
    case UtilityMetric::Aecs:
        return m_rows == 0 ? 0.0 : 1.0;
    case UtilityMetric::Precision:
    case UtilityMetric::Loss:
    case UtilityMetric::NonUniformEntropy:
    case UtilityMetric::EntropyMonotonic:
    case UtilityMetric::EntropyNonMonotonic:
        break;
    }
    double sum = 0.0;
    for (std::size_t q = 0; q < levels.size(); ++q)
        sum += columnPart(static_cast<int>(q), levels[q], nullptr);
    if (isEntropy())
        return sum;
    return m_rows == 0 ? 0.0 : sum / (static_cast<double>(m_rows) * static_cast<double>(levels.size()));
}

} // namespace qiscout::core
