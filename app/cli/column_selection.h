// SPDX-License-Identifier: GPL-3.0-or-later
// Column names from the command line (--columns, --exclude, --qi...) to columns of the table.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::cli {

/// A name on the command line that is not a column of the table; what() names it.
class UnknownColumnError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The column called `name`; nullopt when the table has none.
[[nodiscard]] std::optional<int> columnNamed(const core::EncodedTable& table, const std::string& name);

/// The column called `name`; throws UnknownColumnError saying that `option` named it.
[[nodiscard]] int requireColumn(const core::EncodedTable& table, const std::string& name, const char* option);

/// The columns named, as a set; `option` names the flag in messages. Throws UnknownColumnError.
[[nodiscard]] core::ColumnSet columnSet(const core::EncodedTable& table, const std::vector<std::string>& names,
                                        const char* option);

/// The columns to search: `included` (all when empty) minus `excluded`. nullopt when neither list
/// is given, so that the engine applies its own default. Throws UnknownColumnError.
[[nodiscard]] std::optional<core::ColumnSet> selectColumns(const core::EncodedTable& table,
                                                           const std::vector<std::string>& included,
                                                           const std::vector<std::string>& excluded);

} // namespace qiscout::cli
