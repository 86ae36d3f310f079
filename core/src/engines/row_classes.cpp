// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/row_classes.h"

#include <limits>

#include "partition/class_partition.h"
#include "partition/wildcard_classes.h"

namespace qiscout::core {
namespace {

/// Renumbers the classes by first appearance, dropping empty ones (a column's dictionary can hold
/// codes no row has): groups are then dense, in row order, each with a first row.
void numberByFirstRow(ClassPartition& partition)
{
    constexpr std::uint32_t unnumbered = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> renumbered(partition.classSizes.size(), unnumbered);
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t& id : partition.classOfRow) {
        if (renumbered[id] == unnumbered) {
            renumbered[id] = static_cast<std::uint32_t>(sizes.size());
            sizes.push_back(partition.classSizes[id]);
        }
        id = renumbered[id];
    }
    partition.classSizes = std::move(sizes);
}

} // namespace

std::optional<RowClasses> rowClasses(const EncodedTable& table, const ColumnSet& set, MissingSemantics semantics,
                                     const std::stop_token& stop)
{
    ClassPartition partition = partitionRows(table, set, stop);
    if (stop.stop_requested())
        return std::nullopt;
    numberByFirstRow(partition);
    if (semantics == MissingSemantics::Value)
        return RowClasses{std::move(partition.classOfRow), std::move(partition.classSizes)};
    const MissingCells missing(table);
    if (!set.intersects(missing.columns()))
        return RowClasses{std::move(partition.classOfRow), std::move(partition.classSizes)};
    const std::vector<int> columns = set.columns();
    const std::vector<ValueClass> groups = valueClassesOf(partition);
    WildcardSizer sizer;
    const std::vector<std::uint64_t>& sizes = sizer.sizes(table, missing, columns, groups, stop);
    if (sizes.size() != groups.size())
        return std::nullopt;
    // Each at most the row count, so they fit the 32-bit sizes.
    for (std::size_t group = 0; group < groups.size(); ++group)
        partition.classSizes[group] = static_cast<std::uint32_t>(sizes[group]);
    return RowClasses{std::move(partition.classOfRow), std::move(partition.classSizes)};
}

} // namespace qiscout::core
