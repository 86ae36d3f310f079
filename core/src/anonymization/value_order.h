// SPDX-License-Identifier: GPL-3.0-or-later
// The natural order of a column's values: by number, by date, or by text.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Value code -> rank (0-based, dense) in the column's natural order: numbers ascending when the
/// column is numeric, dates chronologically when it holds dates, then every other value (missing
/// values, stray text) by its bytes. Equal ranks never occur (ties broken by text).
[[nodiscard]] std::vector<std::uint32_t> naturalRanks(const EncodedColumn& column);

} // namespace qiscout::core
