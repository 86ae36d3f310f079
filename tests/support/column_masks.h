// SPDX-License-Identifier: GPL-3.0-or-later
// Column sets of the first 64 columns as plain bitmasks, the way tests enumerate every subset of a
// small table: bit c stands for column c.
#pragma once

#include <array>
#include <cstdint>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core::testing {

/// The set whose columns are the bits of `mask`.
[[nodiscard]] inline ColumnSet setOfMask(std::uint64_t mask)
{
    const std::array<std::uint64_t, 1> words{mask};
    return ColumnSet::fromWords(words);
}

/// The bitmask of a set within the first 64 columns.
[[nodiscard]] inline std::uint64_t maskOf(const ColumnSet& set)
{
    return set.empty() ? 0 : set.words()[0];
}

} // namespace qiscout::core::testing
