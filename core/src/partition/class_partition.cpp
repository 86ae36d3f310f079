// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_partition.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace qiscout::core {
namespace {

constexpr std::uint32_t unnumbered = std::numeric_limits<std::uint32_t>::max();

std::uint32_t refineDense(std::vector<std::uint32_t>& classOfRow, const std::vector<std::uint32_t>& codes,
                          std::uint64_t classCount, std::uint64_t distinct)
{
    std::vector<std::uint32_t> ids(classCount * distinct, unnumbered);
    std::uint32_t nextId = 0;
    for (std::size_t row = 0; row < classOfRow.size(); ++row) {
        auto& id = ids[classOfRow[row] * distinct + codes[row]];
        if (id == unnumbered)
            id = nextId++;
        classOfRow[row] = id;
    }
    return nextId;
}

// Rows by code, then stably by class: the rows of each (class, code) pair are then adjacent.
std::uint32_t refineSorted(std::vector<std::uint32_t>& classOfRow, const std::vector<std::uint32_t>& codes,
                           std::uint64_t classCount, std::uint64_t distinct)
{
    const std::size_t rows = classOfRow.size();
    const auto countingSort = [rows](const std::vector<std::uint32_t>& order, const std::vector<std::uint32_t>& key,
                                     std::uint64_t keys) {
        std::vector<std::uint32_t> start(keys + 1, 0);
        for (const std::uint32_t value : key)
            ++start[value + 1];
        for (std::size_t k = 1; k <= keys; ++k)
            start[k] += start[k - 1];
        std::vector<std::uint32_t> sorted(rows);
        for (const std::uint32_t row : order)
            sorted[start[key[row]]++] = row;
        return sorted;
    };
    std::vector<std::uint32_t> identity(rows);
    for (std::size_t row = 0; row < rows; ++row)
        identity[row] = static_cast<std::uint32_t>(row);
    const std::vector<std::uint32_t> byPair =
        countingSort(countingSort(identity, codes, distinct), classOfRow, classCount);

    std::vector<std::uint32_t> pairOfRow(rows);
    std::uint32_t pairs = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        const std::uint32_t row = byPair[i];
        const std::uint32_t previous = i == 0 ? row : byPair[i - 1];
        if (i == 0 || classOfRow[row] != classOfRow[previous] || codes[row] != codes[previous])
            ++pairs;
        pairOfRow[row] = pairs - 1;
    }
    std::vector<std::uint32_t> ids(pairs, unnumbered);
    std::uint32_t nextId = 0;
    for (std::size_t row = 0; row < rows; ++row) {
        auto& id = ids[pairOfRow[row]];
        if (id == unnumbered)
            id = nextId++;
        classOfRow[row] = id;
    }
    return nextId;
}

} // namespace

ClassPartition partitionRows(const EncodedTable& table, ColumnSet set, const std::stop_token& stop)
{
    const auto columns = set.columns();
    ClassPartition partition;
    const auto& firstColumn = table.columns[static_cast<std::size_t>(columns.front())];
    partition.classOfRow = firstColumn.codes;
    std::uint64_t classCount = firstColumn.dictionary.size();

    // Refine one column at a time: (class, code) pairs become the new dense class ids, numbered in
    // the order of their first row. A dense array of every pair is fastest while it is small
    // against the rows; past that, filling it cost more than the refinement itself (a 64 MiB
    // array for 61,697 rows of gss_wages.csv, half of a risk assessment), and counting sorts
    // group the rows in time and memory linear in the rows.
    const std::uint64_t denseLimit = std::max<std::uint64_t>(std::uint64_t{1} << 16, 8 * std::uint64_t{table.rowCount});
    for (std::size_t i = 1; i < columns.size() && !stop.stop_requested(); ++i) {
        const auto& column = table.columns[static_cast<std::size_t>(columns[i])];
        const std::uint64_t distinct = std::max<std::uint64_t>(1, column.dictionary.size());
        if (classCount * distinct <= denseLimit)
            classCount = refineDense(partition.classOfRow, column.codes, classCount, distinct);
        else
            classCount = refineSorted(partition.classOfRow, column.codes, classCount, distinct);
    }

    partition.classSizes.assign(classCount, 0);
    for (const std::uint32_t id : partition.classOfRow)
        ++partition.classSizes[id];
    return partition;
}

ClassStatistics measureClasses(const EncodedTable& table, ColumnSet set, std::uint64_t k)
{
    const ClassPartition partition = partitionRows(table, set);
    ClassStatistics statistics;
    statistics.smallestClass = std::numeric_limits<std::uint64_t>::max();
    for (const std::uint32_t size : partition.classSizes) {
        statistics.smallestClass = std::min<std::uint64_t>(statistics.smallestClass, size);
        if (size <= k)
            statistics.isolatedRows += size;
    }
    if (partition.classSizes.empty())
        statistics.smallestClass = 0;
    return statistics;
}

} // namespace qiscout::core
