// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_counter.h"

#include <algorithm>

namespace qiscout::core {

ClassCounter::ClassCounter(std::uint32_t keyLimit) : m_keyLimit(std::max<std::uint32_t>(keyLimit, 1)) {}

std::optional<ClassScan> ClassCounter::count(const EncodedTable& table, std::span<const int> columns, std::uint64_t k)
{
    const std::uint32_t rowCount = table.rowCount;
    m_keys.assign(rowCount, 0);
    std::uint32_t keyCount = 1;
    std::uint32_t classCount = rowCount == 0 ? 0 : 1;
    bool numbered = false;
    for (const int column : columns) {
        const EncodedColumn& encoded = table.columns[static_cast<std::size_t>(column)];
        const std::uint32_t cardinality = std::max<std::uint32_t>(encoded.distinctCount(), 1);
        if (std::uint64_t{keyCount} * cardinality > m_keyLimit) {
            classCount = renumber(keyCount);
            keyCount = classCount;
            numbered = true;
            // Every row alone already: more columns split nothing.
            if (classCount == rowCount)
                break;
            if (std::uint64_t{keyCount} * cardinality > m_keyLimit)
                return std::nullopt;
        }
        std::uint32_t* keys = m_keys.data();
        const std::uint32_t* codes = encoded.codes.data();
        for (std::uint32_t row = 0; row < rowCount; ++row)
            keys[row] = keys[row] * cardinality + codes[row];
        m_rowsScanned += rowCount;
        keyCount *= cardinality;
        numbered = false;
    }
    if (!numbered)
        classCount = renumber(keyCount);

    ClassScan scan;
    scan.rowsVisited = rowCount;
    for (std::uint32_t number = 0; number < classCount; ++number) {
        const std::uint32_t size = m_sizes[number];
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

std::uint32_t ClassCounter::renumber(std::uint32_t keyCount)
{
    if (m_numbers.size() < keyCount)
        m_numbers.resize(keyCount, 0);
    m_keyOfClass.clear();
    m_sizes.clear();
    std::uint32_t* numbers = m_numbers.data();
    for (std::uint32_t& key : m_keys) {
        std::uint32_t number = numbers[key];
        if (number == 0) {
            m_keyOfClass.push_back(key);
            m_sizes.push_back(0);
            number = static_cast<std::uint32_t>(m_keyOfClass.size());
            numbers[key] = number;
        }
        key = number - 1;
        ++m_sizes[number - 1];
    }
    for (const std::uint32_t key : m_keyOfClass)
        numbers[key] = 0;
    return static_cast<std::uint32_t>(m_keyOfClass.size());
}

} // namespace qiscout::core
