// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_counter.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace qiscout::core {

ClassCounter::ClassCounter(std::uint32_t keyLimit) : m_keyLimit(std::max<std::uint32_t>(keyLimit, 1)) {}

std::optional<ClassScan> ClassCounter::count(const EncodedTable& table, std::span<const int> columns, std::uint64_t k)
{
    const std::uint32_t rowCount = table.rowCount;
    m_keys.assign(rowCount, 0);
    // Keys are below keyCount; m_sizes holds each key's rows, 0 for a key no row has.
    std::uint32_t keyCount = rowCount == 0 ? 0 : 1;
    m_sizes.assign(1, rowCount);
    std::size_t next = 0;
    // Once every row is alone, more columns split nothing.
    while (next < columns.size() && keyCount < rowCount) {
        const std::uint64_t mixedCount = planRun(table, columns, next, keyCount);
        if (m_run.empty())
            return std::nullopt;
        m_rowsScanned += std::uint64_t{rowCount} * m_run.size();
        // The last pass need not number the classes when reading all the keys' counts costs no
        // more than a pass over the rows.
        if (next == columns.size() && mixedCount <= std::uint64_t{rowCount} * 2) {
            keyCount = static_cast<std::uint32_t>(mixedCount);
            tally(keyCount);
            break;
        }
        keyCount = renumber(static_cast<std::uint32_t>(mixedCount));
    }

    ClassScan scan;
    scan.rowsVisited = rowCount;
    for (std::uint32_t key = 0; key < keyCount; ++key) {
        const std::uint32_t size = m_sizes[key];
        if (size == 0)
            continue;
        scan.smallestClass = std::min<std::uint64_t>(scan.smallestClass, size);
        scan.isolatedRows += size <= k ? size : 0U;
    }
    if (scan.isolatedRows > 0) {
        for (std::uint32_t row = 0; row < rowCount; ++row) {
            if (m_sizes[m_keys[row]] <= k) {
                scan.firstIsolatedRow = row;
                break;
            }
        }
    }
    return scan;
}

void ClassCounter::number(const EncodedTable& table, std::span<const int> columns, ClassPartition& classes)
{
    const std::uint32_t rowCount = table.rowCount;
    m_keys.assign(rowCount, 0);
    std::uint32_t classCount = rowCount == 0 ? 0 : 1;
    m_sizes.assign(classCount, rowCount);
    std::size_t next = 0;
    while (next < columns.size() && classCount < rowCount) {
        const std::uint64_t mixedCount = planRun(table, columns, next, classCount);
        if (m_run.empty()) {
            m_rowsScanned += rowCount;
            classCount = renumberHashed(table.columns[static_cast<std::size_t>(columns[next++])].codes.data());
        } else {
            m_rowsScanned += std::uint64_t{rowCount} * m_run.size();
            classCount = renumber(static_cast<std::uint32_t>(mixedCount));
        }
    }
    std::swap(classes.classOfRow, m_keys);
    classes.classSizes.assign(m_sizes.begin(), m_sizes.begin() + classCount);
}

std::uint64_t ClassCounter::planRun(const EncodedTable& table, std::span<const int> columns, std::size_t& next,
                                    std::uint32_t keyCount)
{
    m_run.clear();
    std::uint64_t mixedCount = keyCount;
    for (; next < columns.size(); ++next) {
        const EncodedColumn& column = table.columns[static_cast<std::size_t>(columns[next])];
        const std::uint32_t cardinality = std::max<std::uint32_t>(column.distinctCount(), 1);
        if (mixedCount * cardinality > m_keyLimit)
            break;
        mixedCount *= cardinality;
        m_run.push_back({column.codes.data(), cardinality});
    }
    return mixedCount;
}

std::uint32_t ClassCounter::renumberHashed(const std::uint32_t* codes)
{
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    std::unordered_map<std::uint64_t, std::uint32_t> numbers;
    m_sizes.assign(rowCount, 0);
    for (std::uint32_t row = 0; row < rowCount; ++row) {
        const std::uint64_t key = (std::uint64_t{m_keys[row]} << 32U) | codes[row];
        const auto [found, inserted] = numbers.try_emplace(key, static_cast<std::uint32_t>(numbers.size()));
        m_keys[row] = found->second;
        ++m_sizes[found->second];
    }
    return static_cast<std::uint32_t>(numbers.size());
}

void ClassCounter::tally(std::uint32_t keyCount)
{
    m_sizes.assign(keyCount, 0);
    std::uint32_t* sizes = m_sizes.data();
    std::uint32_t* keys = m_keys.data();
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    for (std::uint32_t row = 0; row < rowCount; ++row) {
        std::uint32_t key = keys[row];
        for (const Run& run : m_run)
            key = key * run.cardinality + run.codes[row];
        keys[row] = key;
        ++sizes[key];
    }
}

std::uint32_t ClassCounter::renumber(std::uint32_t keyCount)
{
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    if (m_numbers.size() < keyCount)
        m_numbers.resize(keyCount, 0);
    // One spare slot each: a row writes its key and a zero size at the next class's place
    // whether or not it opens that class, which keeps the loop free of unpredictable branches.
    m_keyOfClass.resize(std::size_t{rowCount} + 1);
    m_sizes.assign(std::size_t{rowCount} + 1, 0);
    std::uint32_t* numbers = m_numbers.data();
    std::uint32_t* keyOfClass = m_keyOfClass.data();
    std::uint32_t* sizes = m_sizes.data();
    std::uint32_t* keys = m_keys.data();
    std::uint32_t classCount = 0;
    for (std::uint32_t row = 0; row < rowCount; ++row) {
        std::uint32_t key = keys[row];
        for (const Run& run : m_run)
            key = key * run.cardinality + run.codes[row];
        const std::uint32_t seen = numbers[key];
        const std::uint32_t opens = seen == 0 ? 1U : 0U;
        // Arithmetic, not a choice: whether a row opens a class is a coin toss on wide sets.
        const std::uint32_t number = seen - 1 + opens * (classCount + 1);
        numbers[key] = number + 1;
        keyOfClass[classCount] = key;
        classCount += opens;
        keys[row] = number;
        ++sizes[number];
    }
    for (std::uint32_t number = 0; number < classCount; ++number)
        numbers[keyOfClass[number]] = 0;
    return classCount;
}

} // namespace qiscout::core
