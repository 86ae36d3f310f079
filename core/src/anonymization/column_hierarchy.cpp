// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/column_hierarchy.h"

#include <limits>
#include <string>
#include <unordered_map>

namespace qiscout::core {

ColumnHierarchy bindHierarchy(const Hierarchy& hierarchy, const EncodedTable& table, int column,
                              std::string_view source)
{
    validateHierarchy(hierarchy, source);
    const EncodedColumn& values = table.columns.at(static_cast<std::size_t>(column));
    std::unordered_map<std::string_view, std::size_t> rowOfValue;
    rowOfValue.reserve(hierarchy.rows.size());
    for (std::size_t row = 0; row < hierarchy.rows.size(); ++row)
        rowOfValue.emplace(hierarchy.rows[row].front(), row);

    const std::uint32_t distinct = values.distinctCount();
    std::vector<std::size_t> rowOf(distinct);
    for (std::uint32_t code = 0; code < distinct; ++code) {
        const auto found = rowOfValue.find(values.text(code));
        if (found == rowOfValue.end())
            throw HierarchyError(std::string(source), 0,
                                 "the value '" + values.text(code) + "' of column " + values.name +
                                     " has no line; every value of the column needs one.");
        rowOf[code] = found->second;
    }

    ColumnHierarchy bound;
    bound.column = column;
    const int height = hierarchy.height();
    bound.levels.resize(static_cast<std::size_t>(height) + 1);
    for (int level = 0; level <= height; ++level) {
        HierarchyLevel& target = bound.levels[static_cast<std::size_t>(level)];
        target.groupOfValue.resize(distinct);
        std::unordered_map<std::string_view, std::uint32_t> groupOfText;
        for (std::uint32_t code = 0; code < distinct; ++code) {
            const std::string& text = hierarchy.rows[rowOf[code]][static_cast<std::size_t>(level)];
            const auto [entry, added] = groupOfText.emplace(text, target.groups());
            if (added) {
                target.groupText.push_back(text);
                target.groupRows.push_back(0);
            }
            target.groupOfValue[code] = entry->second;
            target.groupRows[entry->second] += values.frequencies[code];
        }
    }
    return bound;
}

} // namespace qiscout::core
