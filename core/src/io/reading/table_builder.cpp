// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/table_builder.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "io/reading/column_names.h"
#include "io/reading/type_inference.h"
#include "util/parallel_for.h"

namespace qiscout::core {

TableBuilder::TableBuilder(std::string sourceName, const std::vector<std::string>& missingTokens)
    : m_missingTokens(&missingTokens)
{
    m_table.sourcePath = std::move(sourceName);
}

void TableBuilder::widen(std::size_t count)
{
    m_encoders.reserve(count);
    while (m_columns.size() < count) {
        auto& column = *m_columns.emplace_back(std::make_unique<EncodedColumn>());
        column.codes.reserve(m_reserved);
        auto& encoder = m_encoders.emplace_back(column, *m_missingTokens);
        for (std::uint64_t row = 0; row < m_rows; ++row)
            encoder.append(std::string_view());
    }
}

void TableBuilder::reserveRows(std::size_t rows)
{
    m_reserved = rows;
    for (auto& column : m_columns)
        column->codes.reserve(rows);
}

bool TableBuilder::append(std::size_t column, std::string_view text, bool missing)
{
    if (m_columns[column]->codes.size() > m_rows)
        return false;
    m_encoders[column].append(text, missing);
    return true;
}

void TableBuilder::endRow()
{
    for (std::size_t c = 0; c < m_columns.size(); ++c)
        if (m_columns[c]->codes.size() == m_rows)
            m_encoders[c].append(std::string_view());
    ++m_rows;
}

EncodedTable TableBuilder::finish()
{
    std::vector<std::string> names;
    names.reserve(m_columns.size());
    for (const auto& column : m_columns)
        names.push_back(column->name);
    names = uniqueColumnNames(std::move(names), m_table.warnings);
    m_encoders.clear();
    m_table.rowCount = static_cast<std::uint32_t>(m_rows);
    m_table.columns.reserve(m_columns.size());
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        m_table.columns.push_back(std::move(*m_columns[c]));
        m_table.columns.back().name = std::move(names[c]);
    }
    m_columns.clear();
    parallelFor(m_table.columns.size(), [this](std::size_t c) {
        EncodedColumn& column = m_table.columns[c];
        if (column.labelsShown)
            showValueLabels(column, *m_missingTokens);
        column.type = inferColumnType(column.dictionary, column.missing);
    });
    return std::move(m_table);
}

void showValueLabels(EncodedColumn& column, const std::vector<std::string>& missingTokens)
{
    std::unordered_map<std::string_view, std::string_view> labelOf;
    for (const auto& [value, label] : column.valueLabels)
        labelOf.emplace(value, label);
    if (labelOf.empty())
        return;
    std::vector<std::string> dictionary;
    std::vector<std::uint32_t> frequencies;
    std::vector<bool> missing;
    std::vector<std::uint32_t> newCode(column.dictionary.size());
    std::unordered_map<std::string, std::uint32_t> codeOf;
    bool merged = false;
    for (std::size_t code = 0; code < column.dictionary.size(); ++code) {
        const auto label = labelOf.find(column.dictionary[code]);
        std::string text = label == labelOf.end() ? std::move(column.dictionary[code]) : std::string(label->second);
        const auto [it, inserted] = codeOf.try_emplace(text, static_cast<std::uint32_t>(dictionary.size()));
        if (inserted) {
            const bool token = std::find(missingTokens.begin(), missingTokens.end(), text) != missingTokens.end();
            dictionary.push_back(std::move(text));
            frequencies.push_back(0);
            missing.push_back(token);
        } else {
            merged = true;
        }
        newCode[code] = it->second;
        frequencies[it->second] += column.frequencies[code];
        if (column.missing[code])
            missing[it->second] = true;
    }
    if (merged)
        for (auto& code : column.codes)
            code = newCode[code];
    column.dictionary = std::move(dictionary);
    column.frequencies = std::move(frequencies);
    column.missing = std::move(missing);
}

} // namespace qiscout::core
