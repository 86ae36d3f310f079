// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/row_query.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string>

namespace qiscout::ui {
namespace {

/// Per code of a column: whether its text contains the needle, ignoring case.
std::vector<bool> matchingCodes(const core::EncodedColumn& column, const QString& needle)
{
    std::vector<bool> matches(column.dictionary.size());
    for (std::size_t code = 0; code < column.dictionary.size(); ++code)
        matches[code] = QString::fromUtf8(column.dictionary[code]).contains(needle, Qt::CaseInsensitive);
    return matches;
}

/// Per code of a column: its position when the column's values are sorted ascending (equal
/// values share one), missing values after all others.
std::vector<std::uint32_t> codeRanks(const core::EncodedColumn& column)
{
    const auto count = column.dictionary.size();
    std::vector<std::uint32_t> order(count);
    std::iota(order.begin(), order.end(), 0U);
    const bool numeric = column.type == core::ColumnType::Integer || column.type == core::ColumnType::Decimal;
    if (numeric) {
        std::vector<double> values(count);
        for (std::size_t code = 0; code < count; ++code)
            values[code] = std::strtod(column.dictionary[code].c_str(), nullptr);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (column.missing[a] != column.missing[b])
                return !column.missing[a];
            return values[a] < values[b] || (values[a] == values[b] && column.dictionary[a] < column.dictionary[b]);
        });
    } else {
        std::vector<QString> texts(count);
        for (std::size_t code = 0; code < count; ++code)
            texts[code] = QString::fromUtf8(column.dictionary[code]);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (column.missing[a] != column.missing[b])
                return !column.missing[a];
            const int byLetters = texts[a].compare(texts[b], Qt::CaseInsensitive);
            return byLetters != 0 ? byLetters < 0 : column.dictionary[a] < column.dictionary[b];
        });
    }
    std::vector<std::uint32_t> ranks(count);
    for (std::size_t position = 0; position < count; ++position)
        ranks[order[position]] = static_cast<std::uint32_t>(position);
    return ranks;
}

} // namespace

std::optional<std::vector<std::uint32_t>> selectRows(const core::EncodedTable& table, const RowQuery& query,
                                                     std::stop_token stop)
{
    const bool filtering = !query.filterText.isEmpty();
    const bool sorting = query.sortColumn && static_cast<std::size_t>(*query.sortColumn) < table.columnCount();
    if (!query.onlyRows && !filtering && !sorting)
        return std::nullopt;

    std::vector<std::uint32_t> rows;
    if (query.onlyRows) {
        rows = *query.onlyRows;
    } else {
        rows.resize(table.rowCount);
        std::iota(rows.begin(), rows.end(), 0U);
    }

    if (filtering) {
        std::vector<std::size_t> columns;
        if (query.filterColumn) {
            if (static_cast<std::size_t>(*query.filterColumn) < table.columnCount())
                columns.push_back(static_cast<std::size_t>(*query.filterColumn));
        } else {
            columns.resize(table.columnCount());
            std::iota(columns.begin(), columns.end(), std::size_t{0});
        }
        std::vector<std::vector<bool>> matches;
        for (const std::size_t column : columns) {
            if (stop.stop_requested())
                return std::nullopt;
            matches.push_back(matchingCodes(table.columns[column], query.filterText));
        }
        std::erase_if(rows, [&](std::uint32_t row) {
            for (std::size_t index = 0; index < columns.size(); ++index)
                if (matches[index][table.code(row, columns[index])])
                    return false;
            return true;
        });
    }

    if (sorting && !stop.stop_requested()) {
        const auto& column = table.columns[static_cast<std::size_t>(*query.sortColumn)];
        std::vector<std::uint32_t> ranks = codeRanks(column);
        if (query.descending) {
            // Missing values stay last: only the ranks of present values are mirrored.
            std::uint32_t present = 0;
            for (std::size_t code = 0; code < ranks.size(); ++code)
                present += column.missing[code] ? 0U : 1U;
            for (std::size_t code = 0; code < ranks.size(); ++code)
                if (ranks[code] < present)
                    ranks[code] = present - 1 - ranks[code];
        }
        // A counting sort by rank: stable, and linear in rows plus distinct values.
        std::vector<std::uint32_t> starts(ranks.size() + 1, 0);
        for (const std::uint32_t row : rows)
            ++starts[ranks[column.codes[row]] + 1];
        std::partial_sum(starts.begin(), starts.end(), starts.begin());
        std::vector<std::uint32_t> sorted(rows.size());
        for (const std::uint32_t row : rows)
            sorted[starts[ranks[column.codes[row]]]++] = row;
        rows = std::move(sorted);
    }
    if (stop.stop_requested())
        return std::nullopt;
    return rows;
}

} // namespace qiscout::ui
