// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/set_classes.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace qiscout::ui {
namespace {

constexpr std::uint32_t unassigned = std::numeric_limits<std::uint32_t>::max();
// Below this many (class, code) pairs a flat lookup table beats hashing.
constexpr std::uint64_t denseLimit = std::uint64_t{1} << 25;

/// Refines row classes by one more column; returns the new number of classes.
std::uint32_t refine(std::vector<std::uint32_t>& rowClass, std::uint32_t classCount, const core::EncodedColumn& column)
{
    const std::uint64_t distinct = std::max<std::uint64_t>(column.distinctCount(), 1);
    std::uint32_t next = 0;
    if (std::uint64_t{classCount} * distinct <= denseLimit) {
        std::vector<std::uint32_t> ids(static_cast<std::size_t>(std::uint64_t{classCount} * distinct), unassigned);
        for (std::size_t row = 0; row < rowClass.size(); ++row) {
            auto& id = ids[static_cast<std::size_t>(rowClass[row] * distinct + column.codes[row])];
            if (id == unassigned)
                id = next++;
            rowClass[row] = id;
        }
        return next;
    }
    std::unordered_map<std::uint64_t, std::uint32_t> ids;
    ids.reserve(rowClass.size() / 4);
    for (std::size_t row = 0; row < rowClass.size(); ++row) {
        const std::uint64_t key = (std::uint64_t{rowClass[row]} << 32) | column.codes[row];
        const auto [it, inserted] = ids.try_emplace(key, next);
        if (inserted)
            ++next;
        rowClass[row] = it->second;
    }
    return next;
}

} // namespace

SetClasses computeSetClasses(const core::EncodedTable& table, core::ColumnSet set, std::uint64_t k,
                             std::stop_token stop)
{
    SetClasses result;
    result.set = set;
    result.k = k;
    std::vector<std::uint32_t> rowClass(table.rowCount, 0);
    std::uint32_t classCount = table.rowCount == 0 ? 0 : 1;
    for (const int column : set.columns()) {
        if (stop.stop_requested() || static_cast<std::size_t>(column) >= table.columnCount())
            return result;
        classCount = refine(rowClass, classCount, table.columns[static_cast<std::size_t>(column)]);
    }
    result.classSizes.assign(classCount, 0);
    for (const auto id : rowClass)
        ++result.classSizes[id];
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        if (result.classSizes[rowClass[row]] <= k)
            result.isolatedRows.push_back(row);
    result.complete = true;
    return result;
}

} // namespace qiscout::ui
