// SPDX-License-Identifier: GPL-3.0-or-later
// Walking every subset of a small set of columns, each built from the one before.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace qiscout::core {

/// Calls visit(subset, size, toggled, added) for every non-empty subset of `columns` (at most 63
/// of them) in Gray code order: each subset is the previous one with the column `toggled` added
/// (added true) or removed, so building it costs one step instead of one per column. Stops and
/// returns true as soon as visit returns true. Set is ColumnSet or a FixedColumnSet.
template <typename Set, typename Visit>
bool anySubsetInGrayOrder(std::span<const int> columns, Visit&& visit)
{
    const std::uint64_t count = std::uint64_t{1} << columns.size();
    Set subset;
    int size = 0;
    for (std::uint64_t step = 1; step < count; ++step) {
        const int toggled = columns[static_cast<std::size_t>(std::countr_zero(step))];
        const bool added = !subset.contains(toggled);
        subset = added ? subset.with(toggled) : subset.without(toggled);
        size += added ? 1 : -1;
        if (visit(static_cast<const Set&>(subset), size, toggled, added))
            return true;
    }
    return false;
}

} // namespace qiscout::core
