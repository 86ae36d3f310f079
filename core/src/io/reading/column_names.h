// SPDX-License-Identifier: GPL-3.0-or-later
// Column names every reader gives its table: unique, never empty.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace qiscout::core {

/// Renames empty and repeated names ("column_7", "age_2") so every column can be named uniquely,
/// with a warning for each renamed column.
[[nodiscard]] std::vector<std::string> uniqueColumnNames(std::vector<std::string> names,
                                                         std::vector<std::string>& warnings);

/// "column_1" ... "column_N", for sources without a header.
[[nodiscard]] std::vector<std::string> generatedNames(std::size_t count);

} // namespace qiscout::core
