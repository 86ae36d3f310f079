// SPDX-License-Identifier: GPL-3.0-or-later
// A hierarchy bound to one column of a table: the generalisation of every value code at every
// level as dense group codes, the form the search, the preview and the apply step work on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// One level of a bound hierarchy.
struct HierarchyLevel {
    /// Value code of the column -> group code at this level (dense, 0..groups()-1, numbered in
    /// order of the lowest value code they contain).
    std::vector<std::uint32_t> groupOfValue;
    /// Group code -> its text in the hierarchy.
    std::vector<std::string> groupText;
    /// Group code -> rows of the table in the group.
    std::vector<std::uint64_t> groupRows;

    [[nodiscard]] std::uint32_t groups() const { return static_cast<std::uint32_t>(groupText.size()); }
};

/// A hierarchy resolved against the values of one column. Level 0 is the column itself (group
/// code = value code), so levels.size() == height + 1.
struct ColumnHierarchy {
    int column = 0;
    std::vector<HierarchyLevel> levels;

    [[nodiscard]] int height() const { return static_cast<int>(levels.size()) - 1; }
};

/// Binds a (valid) hierarchy to column `column` of the table. Throws HierarchyError naming
/// `source` when a value of the column (missing values included) has no row in the hierarchy, or
/// when the hierarchy itself is invalid (validateHierarchy). Rows for values the column does not
/// hold are ignored.
[[nodiscard]] ColumnHierarchy bindHierarchy(const Hierarchy& hierarchy, const EncodedTable& table, int column,
                                            std::string_view source);

} // namespace qiscout::core
