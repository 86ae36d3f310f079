// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_counter.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "util/cpu_features.h"

namespace qiscout::core {

namespace {

// Rows whose keys are mixed before they are counted: their keys stay in L1.
constexpr std::uint32_t blockRows = 2048;

/// Mixes `run`'s columns into the keys of rows [start, start + rows), `keys` pointing at the
/// first; `fromCodes`: start from the first column's codes instead of the keys. Inlined into one
/// function per instruction set.
[[gnu::always_inline]] inline void mixKeys(const ClassCounter::Run* run, std::size_t runLength, std::uint32_t* keys,
                                           std::uint32_t start, std::uint32_t rows, bool fromCodes)
{
    // Eight rows at a time, as one vector: AVX2 multiplies them in one instruction.
    using Lanes = std::uint32_t __attribute__((vector_size(32)));
    const std::size_t first = fromCodes ? 1 : 0;
    std::uint32_t row = 0;
    for (; row + 8 <= rows; row += 8) {
        Lanes key;
        std::memcpy(&key, fromCodes ? run[0].codes + start + row : keys + row, sizeof key);
        for (std::size_t column = first; column < runLength; ++column) {
            Lanes code;
            std::memcpy(&code, run[column].codes + start + row, sizeof code);
            key = key * run[column].cardinality + code;
        }
        std::memcpy(keys + row, &key, sizeof key);
    }
    for (; row < rows; ++row) {
        std::uint32_t key = fromCodes ? run[0].codes[start + row] : keys[row];
        for (std::size_t column = first; column < runLength; ++column)
            key = key * run[column].cardinality + run[column].codes[start + row];
        keys[row] = key;
    }
}

void mixKeysBaseline(const ClassCounter::Run* run, std::size_t runLength, std::uint32_t* keys, std::uint32_t start,
                     std::uint32_t rows, bool fromCodes)
{
    mixKeys(run, runLength, keys, start, rows, fromCodes);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void mixKeysAvx2(const ClassCounter::Run* run, std::size_t runLength,
                                                 std::uint32_t* keys, std::uint32_t start, std::uint32_t rows,
                                                 bool fromCodes)
{
    mixKeys(run, runLength, keys, start, rows, fromCodes);
}
#endif

} // namespace

ClassCounter::ClassCounter(std::uint32_t keyLimit) : m_keyLimit(std::max<std::uint32_t>(keyLimit, 1)) {}

std::optional<ClassScan> ClassCounter::count(const EncodedTable& table, std::span<const int> columns, std::uint64_t k)
{
    const std::uint32_t rowCount = table.rowCount;
    // Written by the first pass, which starts them from its first column's codes.
    m_keys.resize(rowCount);
    // Keys are below keyCount; m_sizes holds each key's rows, 0 for a key no row has.
    std::uint32_t keyCount = rowCount == 0 ? 0 : 1;
    m_sizes.assign(1, rowCount);
    m_narrowCounts = false;
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
            m_narrowCounts = rowCount <= 0xFFFFU;
            if (m_narrowCounts)
                tally(m_counts, static_cast<std::uint32_t>(mixedCount), keyCount == 1);
            else
                tally(m_sizes, static_cast<std::uint32_t>(mixedCount), keyCount == 1);
            keyCount = static_cast<std::uint32_t>(mixedCount);
            break;
        }
        keyCount = renumber(static_cast<std::uint32_t>(mixedCount), keyCount == 1);
    }

    if (m_narrowCounts)
        return scanCounts(m_counts.data(), keyCount, k);
    return scanCounts(m_sizes.data(), keyCount, k);
}

template <typename Counter>
ClassScan ClassCounter::scanCounts(const Counter* sizes, std::uint32_t keyCount, std::uint64_t k) const
{
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    ClassScan scan;
    scan.rowsVisited = rowCount;
    // size - 1 wraps a key no row has past every bound, which keeps the loop free of branches on
    // a sparse table.
    const auto bound = static_cast<std::uint32_t>(std::min<std::uint64_t>(k, 0xFFFFFFFFU));
    std::uint32_t smallest = 0xFFFFFFFFU;
    std::uint32_t isolated = 0;
    for (std::uint32_t key = 0; key < keyCount; ++key) {
        const std::uint32_t less = std::uint32_t{sizes[key]} - 1U;
        smallest = std::min(smallest, less);
        isolated += less < bound ? less + 1 : 0U;
    }
    if (smallest != 0xFFFFFFFFU)
        scan.smallestClass = smallest + 1;
    scan.isolatedRows = isolated;
    // One class holds every row, whether or not a pass wrote their keys.
    if (isolated > 0 && keyCount == 1) {
        scan.firstIsolatedRow = 0;
    } else if (isolated > 0) {
        for (std::uint32_t row = 0; row < rowCount; ++row) {
            if (sizes[m_keys[row]] <= k) {
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
    m_keys.resize(rowCount);
    std::uint32_t classCount = rowCount == 0 ? 0 : 1;
    m_sizes.assign(classCount, rowCount);
    std::size_t next = 0;
    while (next < columns.size() && classCount < rowCount) {
        const std::uint64_t mixedCount = planRun(table, columns, next, classCount);
        if (m_run.empty()) {
            m_rowsScanned += rowCount;
            classCount =
                renumberHashed(table.columns[static_cast<std::size_t>(columns[next++])].codes.data(), classCount == 1);
        } else {
            m_rowsScanned += std::uint64_t{rowCount} * m_run.size();
            classCount = renumber(static_cast<std::uint32_t>(mixedCount), classCount == 1);
        }
    }
    // No pass may have written the keys of a single class.
    if (classCount == 1)
        std::fill(m_keys.begin(), m_keys.end(), 0);
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

std::uint32_t ClassCounter::renumberHashed(const std::uint32_t* codes, bool fromCodes)
{
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    if (fromCodes)
        std::fill(m_keys.begin(), m_keys.end(), 0);
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

template <typename Counter>
void ClassCounter::tally(std::vector<Counter>& counts, std::uint32_t keyCount, bool fromCodes)
{
    counts.assign(keyCount, 0);
    Counter* sizes = counts.data();
    const auto rowCount = static_cast<std::uint32_t>(m_keys.size());
    for (std::uint32_t start = 0; start < rowCount; start += blockRows) {
        const std::uint32_t rows = std::min(blockRows, rowCount - start);
        const std::uint32_t* keys = mixRun(start, rows, fromCodes);
        for (std::uint32_t row = 0; row < rows; ++row)
            ++sizes[keys[row]];
    }
}

const std::uint32_t* ClassCounter::mixRun(std::uint32_t start, std::uint32_t rows, bool fromCodes)
{
    std::uint32_t* keys = m_keys.data() + start;
    // Baseline x86-64 has no 32-bit vector multiply (SSE2 emulates it, still in a third less time
    // than row by row on nhanes_like).
#if defined(__x86_64__)
    static const bool avx2 = cpuRunsAvx2();
    if (avx2) {
        mixKeysAvx2(m_run.data(), m_run.size(), keys, start, rows, fromCodes);
        return keys;
    }
#endif
    mixKeysBaseline(m_run.data(), m_run.size(), keys, start, rows, fromCodes);
    return keys;
}

std::uint32_t ClassCounter::renumber(std::uint32_t keyCount, bool fromCodes)
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
    std::uint32_t classCount = 0;
    for (std::uint32_t start = 0; start < rowCount; start += blockRows) {
        const std::uint32_t rows = std::min(blockRows, rowCount - start);
        std::uint32_t* keys = m_keys.data() + start;
        mixRun(start, rows, fromCodes);
        for (std::uint32_t row = 0; row < rows; ++row) {
            const std::uint32_t key = keys[row];
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
    }
    for (std::uint32_t number = 0; number < classCount; ++number)
        numbers[keyOfClass[number]] = 0;
    return classCount;
}

} // namespace qiscout::core
