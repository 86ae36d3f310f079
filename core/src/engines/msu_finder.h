// SPDX-License-Identifier: GPL-3.0-or-later
// SUDA2's recursive search for minimal sample uniques, shared by the suda2 engine and its tests.
#pragma once

#include <atomic>
#include <cstdint>
#include <stop_token>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

#include "engines/suda2_engine.h"

namespace qiscout::core {

/// What findMinimalSampleUniques produced.
struct MsuSearchOutcome {
    /// Sorted by size, then by items (column, then code); items of each MSU in column order.
    std::vector<MinimalSampleUnique> msus;
    /// Row visits while counting item supports in the (sub-)tables.
    std::uint64_t rowsScanned = 0;
    /// False when stop was requested: msus then holds only some of the MSUs (each a true one).
    bool complete = true;
};

/// Every MSU of `table` on `columns` with at most maxSize items. Runs one task per top-level item
/// in the calling thread's task arena. Thread: call from one thread; it blocks until done.
[[nodiscard]] MsuSearchOutcome findMinimalSampleUniques(const EncodedTable& table, const ColumnSet& columns,
                                                        int maxSize, std::stop_token stop);

} // namespace qiscout::core
