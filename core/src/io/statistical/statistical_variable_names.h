// SPDX-License-Identifier: GPL-3.0-or-later
// What each SPSS, Stata and SAS file kind accepts as a variable name (characters, length, case,
// reserved words), and the closest valid, unique names for a table's columns.
#pragma once

#include <string>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/statistical/statistical_file_format.h"

namespace qiscout::core {

/// A valid, unique variable name in `format` for every column of `table`, as close to its name as
/// the format allows; a warning in `warnings` for each that had to change.
[[nodiscard]] std::vector<std::string> validVariableNames(const EncodedTable& table, StatisticalFileFormat format,
                                                          std::vector<std::string>& warnings);

} // namespace qiscout::core
