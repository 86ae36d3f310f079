// SPDX-License-Identifier: GPL-3.0-or-later
// Minimal sample uniques straight from their definition, the reference the SUDA2 search and the
// SUDA scores are checked against.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core::testing {

/// Items as (column, code) pairs in ascending column order.
using ItemSet = std::vector<std::pair<int, std::uint32_t>>;

/// An itemset and the one row holding it.
struct NaiveMsu {
    ItemSet items;
    std::uint32_t row = 0;
    friend bool operator==(const NaiveMsu&, const NaiveMsu&) = default;
};

/// Every MSU of at most maxSize items over all columns of a table of at most 12 columns: every
/// (row, column subset) itemset is counted in a map, and one is kept when a single row holds it
/// and each subset one item smaller (if any) two or more. With missingValuesAreItems false a
/// missing value is no item (sdcMicro's suda2). Sorted by size, then items, then row.
[[nodiscard]] std::vector<NaiveMsu> naiveMsus(const EncodedTable& table, int maxSize,
                                              bool missingValuesAreItems = true);

} // namespace qiscout::core::testing
