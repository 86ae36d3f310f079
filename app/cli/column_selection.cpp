// SPDX-License-Identifier: GPL-3.0-or-later
#include "column_selection.h"

#include <algorithm>

namespace qiscout::cli {

core::ColumnSet columnSet(const core::EncodedTable& table, const std::vector<std::string>& names, const char* option)
{
    core::ColumnSet set;
    for (const std::string& name : names)
        set = set.with(requireColumn(table, name, option));
    return set;
}

std::optional<int> columnNamed(const core::EncodedTable& table, const std::string& name)
{
    const auto found = std::find_if(table.columns.begin(), table.columns.end(),
                                    [&name](const core::EncodedColumn& column) { return column.name == name; });
    if (found == table.columns.end())
        return std::nullopt;
    return static_cast<int>(found - table.columns.begin());
}

int requireColumn(const core::EncodedTable& table, const std::string& name, const char* option)
{
    const std::optional<int> column = columnNamed(table, name);
    if (!column)
        throw UnknownColumnError(std::string(option) + " names '" + name + "', which is not a column of " +
                                 table.sourcePath + ".");
    return *column;
}

std::optional<core::ColumnSet> selectColumns(const core::EncodedTable& table, const std::vector<std::string>& included,
                                             const std::vector<std::string>& excluded)
{
    if (included.empty() && excluded.empty())
        return std::nullopt;
    core::ColumnSet set = included.empty() ? core::ColumnSet::firstN(static_cast<int>(table.columnCount()))
                                           : columnSet(table, included, "--columns");
    return set.minus(columnSet(table, excluded, "--exclude"));
}

} // namespace qiscout::cli
