// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_scan.h"

#include <algorithm>

namespace qiscout::core {

void ClassScan::merge(const ClassScan& other)
{
    isolatedRows += other.isolatedRows;
    smallestClass = std::min(smallestClass, other.smallestClass);
    if (!firstIsolatedRow)
        firstIsolatedRow = other.firstIsolatedRow;
    rowsVisited += other.rowsVisited;
    interrupted = interrupted || other.interrupted;
}

std::uint64_t ClassScan::smallestClassOrZero() const
{
    return smallestClass == std::numeric_limits<std::uint64_t>::max() ? 0 : smallestClass;
}

ClassScan scanColumnRows(const ColumnIndex& column, std::uint32_t begin, std::uint32_t end, std::uint64_t k,
                         const std::stop_token& stop)
{
    ClassScan scan;
    const std::uint32_t* codes = column.codes.data();
    const std::uint32_t* frequencies = column.frequencies.data();
    std::uint32_t smallest = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t chunk = begin; chunk < end; chunk += std::min(stopPollRows, end - chunk)) {
        if (stop.stop_requested()) {
            scan.interrupted = true;
            return scan;
        }
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, end - chunk);
        std::uint64_t isolated = 0;
        for (std::uint32_t row = chunk; row < chunkEnd; ++row) {
            const std::uint32_t frequency = frequencies[codes[row]];
            smallest = std::min(smallest, frequency);
            isolated += frequency <= k ? 1U : 0U;
        }
        if (isolated > 0 && !scan.firstIsolatedRow) {
            for (std::uint32_t row = chunk; row < chunkEnd; ++row) {
                if (frequencies[codes[row]] <= k) {
                    scan.firstIsolatedRow = row;
                    break;
                }
            }
        }
        scan.isolatedRows += isolated;
    }
    if (end > begin)
        scan.smallestClass = smallest;
    scan.rowsVisited = end - begin;
    return scan;
}

ClassScan settleColumn(const ColumnIndex& column, std::uint64_t k, const std::stop_token& stop)
{
    ClassScan scan;
    for (const std::uint32_t frequency : column.frequencies) {
        // A code of the dictionary that no row holds is no class.
        if (frequency == 0)
            continue;
        scan.smallestClass = std::min<std::uint64_t>(scan.smallestClass, frequency);
        scan.isolatedRows += frequency <= k ? frequency : 0U;
    }
    if (scan.isolatedRows == 0)
        return scan;
    const auto rowCount = static_cast<std::uint32_t>(column.codes.size());
    for (std::uint32_t chunk = 0; chunk < rowCount && !scan.firstIsolatedRow; chunk += stopPollRows) {
        if (stop.stop_requested()) {
            scan.interrupted = true;
            return scan;
        }
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, rowCount - chunk);
        for (std::uint32_t row = chunk; row < chunkEnd; ++row) {
            if (column.frequencies[column.codes[row]] <= k) {
                scan.firstIsolatedRow = row;
                scan.rowsVisited = row + 1;
                break;
            }
        }
    }
    return scan;
}

} // namespace qiscout::core
