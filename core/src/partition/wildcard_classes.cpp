// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/wildcard_classes.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace qiscout::core {

MissingCells::MissingCells(const EncodedTable& table) : m_missingCodes(table.columnCount())
{
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const EncodedColumn& column = table.columns[c];
        std::vector<std::uint8_t>& missing = m_missingCodes[c];
        missing.assign(column.dictionary.size(), 0);
        for (std::size_t code = 0; code < std::min(column.missing.size(), missing.size()); ++code)
            missing[code] = column.missing[code] ? 1 : 0;
        bool present = false;
        if (column.frequencies.size() == column.dictionary.size()) {
            for (std::size_t code = 0; code < missing.size() && !present; ++code)
                present = missing[code] != 0 && column.frequencies[code] > 0;
        } else {
            present = std::any_of(column.codes.begin(), column.codes.end(),
                                  [&missing](std::uint32_t code) { return missing[code] != 0; });
        }
        if (present)
            m_columns = m_columns.with(static_cast<int>(c));
    }
}

std::vector<ValueClass> valueClassesOf(const PositionListIndex& partition)
{
    std::vector<ValueClass> classes(partition.classCount());
    for (std::uint32_t index = 0; index < partition.classCount(); ++index) {
        const std::span<const std::uint32_t> rows = partition.classRows(index);
        // Rows are ascending within a class.
        classes[index] = ValueClass{rows.front(), static_cast<std::uint32_t>(rows.size())};
    }
    return classes;
}

std::vector<ValueClass> valueClassesOf(const RowPartition& partition)
{
    std::vector<ValueClass> classes(partition.classCount());
    for (std::size_t index = 0; index < partition.classCount(); ++index) {
        const auto begin = partition.rows.begin() + partition.starts[index];
        classes[index] =
            ValueClass{*std::min_element(begin, begin + partition.classSize(index)), partition.classSize(index)};
    }
    return classes;
}

std::vector<ValueClass> valueClassesOf(const ClassPartition& partition)
{
    constexpr std::uint32_t unseen = std::numeric_limits<std::uint32_t>::max();
    std::vector<ValueClass> classes(partition.classSizes.size(), ValueClass{unseen, 0});
    for (std::uint32_t row = 0; row < partition.classOfRow.size(); ++row) {
        ValueClass& valueClass = classes[partition.classOfRow[row]];
        if (valueClass.firstRow == unseen)
            valueClass = ValueClass{row, partition.classSizes[partition.classOfRow[row]]};
    }
    return classes;
}

WildcardMatcher::WildcardMatcher(const EncodedTable& table, const MissingCells& missing, std::span<const int> columns,
                                 std::span<const ValueClass> classes)
    : m_table(table)
    , m_columns(columns.begin(), columns.end())
    , m_classes(classes)
    , m_patternOfClass(classes.size())
    , m_positionInPattern(classes.size())
{
    std::unordered_map<ColumnSet, std::size_t, ColumnSetHash> patternIds;
    for (std::size_t index = 0; index < classes.size(); ++index) {
        ColumnSet missingAt;
        for (std::size_t position = 0; position < m_columns.size(); ++position) {
            const int column = m_columns[position];
            const std::uint32_t code = table.columns[static_cast<std::size_t>(column)].codes[classes[index].firstRow];
            if (missing.isMissing(column, code))
                missingAt = missingAt.with(static_cast<int>(position));
        }
        const auto [found, inserted] = patternIds.try_emplace(missingAt, m_patterns.size());
        if (inserted)
            m_patterns.push_back(Pattern{missingAt, {}, 0});
        Pattern& pattern = m_patterns[found->second];
        m_positionInPattern[index] = static_cast<std::uint32_t>(pattern.classes.size());
        pattern.classes.push_back(static_cast<std::uint32_t>(index));
        pattern.rows += classes[index].size;
        m_patternOfClass[index] = static_cast<std::uint32_t>(found->second);
    }
    m_patternOrder.resize(m_patterns.size());
    std::iota(m_patternOrder.begin(), m_patternOrder.end(), std::size_t{0});
    std::stable_sort(m_patternOrder.begin(), m_patternOrder.end(),
                     [this](std::size_t a, std::size_t b) { return m_patterns[a].rows > m_patterns[b].rows; });
}

const std::vector<std::uint64_t>& WildcardMatcher::matches(std::size_t p, std::size_t q)
{
    const auto [found, inserted] = m_matches.try_emplace(std::uint64_t{p} * m_patterns.size() + q);
    std::vector<std::uint64_t>& result = found->second;
    if (!inserted)
        return result;
    // The classes of p, then those of q (once when p is q), given dense ids of their values on the
    // positions outside both patterns, one position at a time.
    const std::vector<std::uint32_t>& ofP = m_patterns[p].classes;
    std::vector<std::uint32_t> members = ofP;
    if (q != p)
        members.insert(members.end(), m_patterns[q].classes.begin(), m_patterns[q].classes.end());
    const ColumnSet excluded = m_patterns[p].missing.united(m_patterns[q].missing);
    std::vector<std::uint32_t> ids(members.size(), 0);
    std::unordered_map<std::uint64_t, std::uint32_t> dense;
    std::uint32_t idCount = 1;
    for (std::size_t position = 0; position < m_columns.size(); ++position) {
        if (excluded.contains(static_cast<int>(position)))
            continue;
        const std::vector<std::uint32_t>& codes = m_table.columns[static_cast<std::size_t>(m_columns[position])].codes;
        dense.clear();
        for (std::size_t member = 0; member < members.size(); ++member) {
            const std::uint64_t key = (std::uint64_t{ids[member]} << 32U) | codes[m_classes[members[member]].firstRow];
            ids[member] = dense.try_emplace(key, static_cast<std::uint32_t>(dense.size())).first->second;
        }
        idCount = static_cast<std::uint32_t>(dense.size());
    }
    std::vector<std::uint64_t> rowsById(idCount, 0);
    const std::size_t firstOfQ = q == p ? 0 : ofP.size();
    for (std::size_t member = firstOfQ; member < members.size(); ++member)
        rowsById[ids[member]] += m_classes[members[member]].size;
    result.resize(ofP.size());
    for (std::size_t member = 0; member < ofP.size(); ++member)
        result[member] = rowsById[ids[member]];
    return result;
}

std::uint64_t WildcardMatcher::sizeUpTo(std::size_t index, std::uint64_t cap)
{
    const std::size_t p = m_patternOfClass[index];
    const std::uint32_t position = m_positionInPattern[index];
    std::uint64_t total = 0;
    for (const std::size_t q : m_patternOrder) {
        total += matches(p, q)[position];
        if (total > cap)
            break;
    }
    return total;
}

ClassScan scanWildcardClasses(const EncodedTable& table, const MissingCells& missing, std::span<const int> columns,
                              std::span<const ValueClass> classes, std::uint64_t k, const std::stop_token& stop)
{
    constexpr std::size_t stopPollClasses = 1024;
    ClassScan scan;
    WildcardMatcher matcher(table, missing, columns, classes);
    std::vector<std::uint32_t> order(classes.size());
    std::iota(order.begin(), order.end(), 0U);
    std::stable_sort(order.begin(), order.end(),
                     [&classes](std::uint32_t a, std::uint32_t b) { return classes[a].size < classes[b].size; });
    constexpr std::uint64_t unbounded = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t best = unbounded;
    for (std::size_t n = 0; n < order.size(); ++n) {
        if (n % stopPollClasses == 0 && stop.stop_requested()) {
            scan.interrupted = true;
            return scan;
        }
        const ValueClass& valueClass = classes[order[n]];
        // A wildcard class holds its value class, so a larger value class can neither be isolated
        // nor beat the smallest wildcard class found.
        if (valueClass.size > k && valueClass.size >= best)
            break;
        const std::uint64_t cap = std::max(k, best == unbounded ? unbounded : best - 1);
        const std::uint64_t size = matcher.sizeUpTo(order[n], cap);
        if (size <= k) {
            scan.isolatedRows += valueClass.size;
            scan.firstIsolatedRow = std::min(scan.firstIsolatedRow.value_or(valueClass.firstRow), valueClass.firstRow);
        }
        best = std::min(best, size);
    }
    scan.smallestClass = best;
    for (const ValueClass& valueClass : classes)
        scan.rowsVisited += valueClass.size;
    return scan;
}

} // namespace qiscout::core
