// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Rows [begin, end) of `table` (begin <= end <= rowCount) with its dictionaries and missing flags,
/// so that codes mean the same in the slice; frequencies count the slice's rows.
[[nodiscard]] EncodedTable rowSlice(const EncodedTable& table, std::uint32_t begin, std::uint32_t end);

} // namespace qiscout::core
