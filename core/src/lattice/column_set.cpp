// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

bool sizeThenLexLess(ColumnSet a, ColumnSet b)
{
    if (a.size() != b.size())
        return a.size() < b.size();
    // Lexicographic on ascending positions: the first differing position decides, and the set
    // holding the lower column at that point comes first.
    const std::uint64_t difference = a.mask() ^ b.mask();
    if (difference == 0)
        return false;
    const std::uint64_t lowest = difference & (~difference + 1);
    return (a.mask() & lowest) != 0;
}

std::string columnLabel(int column, const std::vector<std::string>& columnNames)
{
    const auto position = static_cast<std::size_t>(column);
    return position < columnNames.size() ? columnNames[position] : "#" + std::to_string(column + 1);
}

std::vector<std::string> columnLabels(ColumnSet set, const std::vector<std::string>& columnNames)
{
    std::vector<std::string> labels;
    for (const int column : set.columns())
        labels.push_back(columnLabel(column, columnNames));
    return labels;
}

std::string describe(ColumnSet set, const std::vector<std::string>& columnNames)
{
    std::string text = "{";
    for (const std::string& label : columnLabels(set, columnNames)) {
        if (text.size() > 1)
            text += ", ";
        text += label;
    }
    text += "}";
    return text;
}

} // namespace qiscout::core
