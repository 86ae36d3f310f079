// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/class_partition.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace qiscout::core {

ClassPartition partitionRows(const EncodedTable& table, ColumnSet set, const std::stop_token& stop)
{
    const auto columns = set.columns();
    ClassPartition partition;
    const auto& firstColumn = table.columns[static_cast<std::size_t>(columns.front())];
    partition.classOfRow = firstColumn.codes;
    std::uint64_t classCount = firstColumn.dictionary.size();

    // Refine one column at a time: (class, code) pairs become the new dense class ids. A dense
    // array beats hashing while classes x distinct codes stays small.
    constexpr std::uint64_t denseLimit = std::uint64_t{1} << 24;
    for (std::size_t i = 1; i < columns.size() && !stop.stop_requested(); ++i) {
        const auto& column = table.columns[static_cast<std::size_t>(columns[i])];
        const std::uint64_t distinct = std::max<std::uint64_t>(1, column.dictionary.size());
        std::uint32_t nextId = 0;
        if (classCount * distinct <= denseLimit) {
            std::vector<std::uint32_t> ids(classCount * distinct, std::numeric_limits<std::uint32_t>::max());
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                auto& id = ids[partition.classOfRow[row] * distinct + column.codes[row]];
                if (id == std::numeric_limits<std::uint32_t>::max())
                    id = nextId++;
                partition.classOfRow[row] = id;
            }
        } else {
            std::unordered_map<std::uint64_t, std::uint32_t> ids;
            ids.reserve(table.rowCount);
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                const std::uint64_t key = (std::uint64_t{partition.classOfRow[row]} << 32) | column.codes[row];
                const auto [it, inserted] = ids.try_emplace(key, nextId);
                if (inserted)
                    ++nextId;
                partition.classOfRow[row] = it->second;
            }
        }
        classCount = nextId;
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
