// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/set_oracle.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <utility>

namespace qiscout::core {

SetOracle::SetOracle(const EncodedTable& table, std::uint64_t k, MissingSemantics semantics) : m_table(table), m_k(k)
{
    if (semantics == MissingSemantics::Wildcard)
        m_missing.emplace(table);
    m_rankOrder.resize(table.columnCount());
    std::iota(m_rankOrder.begin(), m_rankOrder.end(), 0);
    std::stable_sort(m_rankOrder.begin(), m_rankOrder.end(), [&table](int a, int b) {
        return table.columns[static_cast<std::size_t>(a)].distinctCount() >
               table.columns[static_cast<std::size_t>(b)].distinctCount();
    });
}

std::vector<int> SetOracle::refinementOrder(const ColumnSet& set) const
{
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(set.size()));
    for (const int column : m_rankOrder)
        if (set.contains(column))
            order.push_back(column);
    return order;
}

void SetOracle::partitionInto(const ColumnSet& set, OracleWorkspace& workspace, RowPartition& partition) const
{
    // Counted in passes over the rows, then the rows grouped once: refining would gather and
    // scatter every row once per column.
    workspace.counter.number(m_table, refinementOrder(set), workspace.classes);
    const ClassPartition& classes = workspace.classes;
    std::vector<std::uint32_t>& next = workspace.spare.starts;
    next.resize(classes.classSizes.size() + 1);
    next[0] = 0;
    for (std::size_t index = 0; index < classes.classSizes.size(); ++index)
        next[index + 1] = next[index] + classes.classSizes[index];
    partition.starts = next;
    partition.rows.resize(m_table.rowCount);
    for (std::uint32_t row = 0; row < m_table.rowCount; ++row)
        partition.rows[next[classes.classOfRow[row]]++] = row;
    orderClassesBySize(partition, workspace.spare);
}

namespace {

SetMeasure measureOf(const ClassScan& scan)
{
    SetMeasure measure;
    measure.isolatedRows = scan.isolatedRows;
    measure.smallestClass = scan.smallestClassOrZero();
    measure.vulnerable = scan.isolatedRows > 0;
    measure.firstIsolatedRow = scan.firstIsolatedRow.value_or(0);
    return measure;
}

} // namespace

SetMeasure SetOracle::measure(const ColumnSet& set, OracleWorkspace& workspace) const
{
    // Wildcard class sizes need the value classes themselves, not only their sizes.
    if (!matchesWildcards(set)) {
        if (const std::optional<ClassScan> scan = workspace.counter.count(m_table, refinementOrder(set), m_k))
            return measureOf(*scan);
    }
    partitionInto(set, workspace, workspace.partition);
    return summarize(set, workspace.partition);
}

bool SetOracle::matchesWildcards(const ColumnSet& set) const
{
    return m_missing && set.intersects(m_missing->columns());
}

bool SetOracle::staysSafe(const RowPartition& base, const ColumnSet& baseSet, const ColumnSet& extra,
                          OracleWorkspace& workspace, RowPartition& result) const
{
    const ColumnSet target = baseSet.united(extra);
    // A value class of at most k rows may still match more rows through their missing cells, so
    // under the wildcard semantics the refinement runs to the end.
    const bool wildcard = matchesWildcards(target);
    const RowPartition* current = &base;
    for (const int column : refinementOrder(extra)) {
        if (!workspace.refiner.refine(*current, m_table.columns[static_cast<std::size_t>(column)], wildcard ? 0 : m_k,
                                      workspace.spare))
            return false;
        std::swap(result, workspace.spare);
        current = &result;
    }
    if (current == &base)
        result = base;
    else
        orderClassesBySize(result, workspace.spare);
    return !wildcard || !summarize(target, result).vulnerable;
}

SetMeasure SetOracle::summarize(const ColumnSet& set, const RowPartition& partition) const
{
    SetMeasure measure;
    if (matchesWildcards(set)) {
        return measureOf(scanWildcardClasses(m_table, *m_missing, set.columns(), valueClassesOf(partition), m_k, {}));
    }
    std::uint64_t smallest = std::numeric_limits<std::uint64_t>::max();
    std::uint32_t firstRow = std::numeric_limits<std::uint32_t>::max();
    for (std::size_t index = 0; index < partition.classCount(); ++index) {
        const std::uint32_t size = partition.classSize(index);
        smallest = std::min<std::uint64_t>(smallest, size);
        if (size <= m_k) {
            measure.isolatedRows += size;
            const auto begin = partition.rows.begin() + partition.starts[index];
            firstRow = std::min(firstRow, *std::min_element(begin, begin + size));
        }
    }
    measure.smallestClass = partition.classCount() == 0 ? 0 : smallest;
    measure.vulnerable = measure.isolatedRows > 0;
    measure.firstIsolatedRow = measure.vulnerable ? firstRow : 0;
    return measure;
}

} // namespace qiscout::core
