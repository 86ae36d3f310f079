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

EncodedTable rowSlice(const EncodedTable& table, std::uint32_t begin, std::uint32_t end)
{
    EncodedTable slice;
    slice.sourcePath = table.sourcePath;
    slice.sourcePart = table.sourcePart;
    slice.rowCount = end - begin;
    slice.warnings = table.warnings;
    slice.skippedRows = table.skippedRows;
    for (const EncodedColumn& column : table.columns) {
        EncodedColumn& part = slice.columns.emplace_back();
        part.name = column.name;
        part.type = column.type;
        part.codes.assign(column.codes.begin() + begin, column.codes.begin() + end);
        part.dictionary = column.dictionary;
        part.frequencies.assign(column.dictionary.size(), 0);
        for (const std::uint32_t code : part.codes)
            ++part.frequencies[code];
        part.missing = column.missing;
        part.description = column.description;
        part.valueLabels = column.valueLabels;
        part.labelsShown = column.labelsShown;
    }
    return slice;
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
