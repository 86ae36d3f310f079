// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/wildcard_classes.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

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

const std::vector<std::uint64_t>& WildcardSizer::sizes(const EncodedTable& table, const MissingCells& missing,
                                                       std::span<const int> columns,
                                                       std::span<const ValueClass> classes, const std::stop_token& stop)
{
    m_width = columns.size();
    const std::size_t count = classes.size();
    m_codes.resize(count * m_width);
    m_rows.resize(count);
    m_keys.resize(count);
    m_patternOfClass.resize(count);
    m_patterns.clear();
    for (std::vector<std::uint32_t>& ofPattern : m_classesOfPattern)
        ofPattern.clear();
    std::unordered_map<ColumnSet, std::uint32_t, ColumnSetHash> patternIds;
    for (std::size_t index = 0; index < count; ++index) {
        ColumnSet missingAt;
        for (std::size_t position = 0; position < m_width; ++position) {
            const int column = columns[position];
            const std::uint32_t code = table.columns[static_cast<std::size_t>(column)].codes[classes[index].firstRow];
            m_codes[index * m_width + position] = code;
            if (missing.isMissing(column, code))
                missingAt = missingAt.with(static_cast<int>(position));
        }
        const auto [found, inserted] = patternIds.try_emplace(missingAt, static_cast<std::uint32_t>(m_patterns.size()));
        if (inserted) {
            m_patterns.push_back(missingAt);
            if (m_classesOfPattern.size() < m_patterns.size())
                m_classesOfPattern.emplace_back();
        }
        m_classesOfPattern[found->second].push_back(static_cast<std::uint32_t>(index));
        m_patternOfClass[index] = found->second;
        m_rows[index] = classes[index].size;
    }
    std::unordered_map<ColumnSet, std::uint32_t, ColumnSetHash> unionIds;
    m_unions.clear();
    for (std::size_t p = 0; p < m_patterns.size(); ++p)
        for (std::size_t q = p; q < m_patterns.size(); ++q) {
            ColumnSet both = m_patterns[p].united(m_patterns[q]);
            if (unionIds.try_emplace(both, static_cast<std::uint32_t>(m_unions.size())).second)
                m_unions.push_back(std::move(both));
        }
    m_sizes.assign(count, 0);
    for (std::size_t unionIndex = 0; unionIndex < m_unions.size(); ++unionIndex) {
        if (stop.stop_requested()) {
            m_sizes.clear();
            return m_sizes;
        }
        countAtUnion(unionIndex);
    }
    return m_sizes;
}

void WildcardSizer::countAtUnion(std::size_t unionIndex)
{
    const ColumnSet& both = m_unions[unionIndex];
    m_members.clear();
    for (std::size_t pattern = 0; pattern < m_patterns.size(); ++pattern)
        if (m_patterns[pattern].isSubsetOf(both))
            m_members.insert(m_members.end(), m_classesOfPattern[pattern].begin(), m_classesOfPattern[pattern].end());
    m_outside.clear();
    for (std::size_t position = 0; position < m_width; ++position)
        if (!both.contains(static_cast<int>(position)))
            m_outside.push_back(position);
    // A mix of each member's codes outside the union sorts most pairs by one comparison; equal keys
    // fall back to the codes, so a collision never merges two runs.
    for (const std::uint32_t member : m_members) {
        std::uint64_t key = 0;
        for (const std::size_t position : m_outside)
            key = (key ^ m_codes[member * m_width + position]) * 0x9E3779B97F4A7C15ULL;
        m_keys[member] = key;
    }
    const auto sameOutside = [this](std::uint32_t a, std::uint32_t b) {
        return m_keys[a] == m_keys[b] && std::all_of(m_outside.begin(), m_outside.end(), [&](std::size_t position) {
                   return m_codes[a * m_width + position] == m_codes[b * m_width + position];
               });
    };
    std::sort(m_members.begin(), m_members.end(), [this](std::uint32_t a, std::uint32_t b) {
        if (m_keys[a] != m_keys[b])
            return m_keys[a] < m_keys[b];
        for (const std::size_t position : m_outside) {
            const std::uint32_t codeA = m_codes[a * m_width + position];
            const std::uint32_t codeB = m_codes[b * m_width + position];
            if (codeA != codeB)
                return codeA < codeB;
        }
        return m_patternOfClass[a] < m_patternOfClass[b];
    });
    for (std::size_t runBegin = 0; runBegin < m_members.size();) {
        // One run: the members with the same codes outside the union, in blocks of one pattern.
        m_blocks.clear();
        std::size_t next = runBegin;
        while (next < m_members.size() && sameOutside(m_members[runBegin], m_members[next])) {
            const std::uint32_t pattern = m_patternOfClass[m_members[next]];
            if (m_blocks.empty() || m_blocks.back().pattern != pattern)
                m_blocks.push_back(Block{pattern, next, next, 0});
            m_blocks.back().rows += m_rows[m_members[next]];
            m_blocks.back().end = ++next;
        }
        runBegin = next;
        for (const Block& block : m_blocks) {
            std::uint64_t matching = 0;
            for (const Block& other : m_blocks)
                if (m_patterns[block.pattern].united(m_patterns[other.pattern]) == both)
                    matching += other.rows;
            for (std::size_t member = block.begin; member < block.end; ++member)
                m_sizes[m_members[member]] += matching;
        }
    }
}

ClassScan scanWildcardClasses(const EncodedTable& table, const MissingCells& missing, std::span<const int> columns,
                              std::span<const ValueClass> classes, std::uint64_t k, const std::stop_token& stop)
{
    // The engines evaluate one set after another on each worker thread: its sizer keeps its buffers.
    thread_local WildcardSizer sizer;
    ClassScan scan;
    const std::vector<std::uint64_t>& sizes = sizer.sizes(table, missing, columns, classes, stop);
    if (sizes.size() != classes.size()) {
        scan.interrupted = true;
        return scan;
    }
    std::uint64_t smallest = std::numeric_limits<std::uint64_t>::max();
    for (std::size_t index = 0; index < classes.size(); ++index) {
        const ValueClass& valueClass = classes[index];
        smallest = std::min(smallest, sizes[index]);
        scan.rowsVisited += valueClass.size;
        if (sizes[index] <= k) {
            scan.isolatedRows += valueClass.size;
            scan.firstIsolatedRow = std::min(scan.firstIsolatedRow.value_or(valueClass.firstRow), valueClass.firstRow);
        }
    }
    scan.smallestClass = smallest;
    return scan;
}

} // namespace qiscout::core
