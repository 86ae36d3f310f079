// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/encoded_table.h"

#include <algorithm>
#include <unordered_map>

namespace qiscout::core {

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(ColumnType type)
{
    return nameIn(columnTypeNames, type).data();
}

std::uint64_t EncodedColumn::missingCells() const
{
    std::uint64_t cells = 0;
    for (std::size_t code = 0; code < missing.size(); ++code)
        if (missing[code])
            cells += frequencies[code];
    return cells;
}

std::vector<std::string> EncodedTable::columnNames() const
{
    std::vector<std::string> names;
    names.reserve(columns.size());
    for (const auto& column : columns)
        names.push_back(column.name);
    return names;
}

EncodedTable encodeRows(const std::vector<std::string>& columnNames, const std::vector<std::vector<std::string>>& rows,
                        const std::vector<std::string>& missingTokens)
{
    EncodedTable table;
    table.rowCount = static_cast<std::uint32_t>(rows.size());
    table.columns.resize(columnNames.size());
    for (std::size_t c = 0; c < columnNames.size(); ++c) {
        EncodedColumn& column = table.columns[c];
        column.name = columnNames[c];
        column.codes.reserve(rows.size());
        std::unordered_map<std::string, std::uint32_t> codes;
        for (const auto& row : rows) {
            const std::string& text = row.at(c);
            const auto [it, inserted] = codes.try_emplace(text, static_cast<std::uint32_t>(column.dictionary.size()));
            if (inserted) {
                column.dictionary.push_back(text);
                column.frequencies.push_back(0);
                column.missing.push_back(std::find(missingTokens.begin(), missingTokens.end(), text) !=
                                         missingTokens.end());
            }
            ++column.frequencies[it->second];
            column.codes.push_back(it->second);
        }
    }
    return table;
}

} // namespace qiscout::core
