// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/value_order.h"

#include <algorithm>
#include <numeric>
#include <optional>

#include "anonymization/date_parts.h"
#include "anonymization/number_text.h"

namespace qiscout::core {

std::vector<std::uint32_t> naturalRanks(const EncodedColumn& column)
{
    const std::uint32_t distinct = column.distinctCount();
    std::vector<std::optional<double>> numbers(distinct);
    std::vector<std::optional<DateParts>> dates(distinct);
    if (column.type == ColumnType::Integer || column.type == ColumnType::Decimal) {
        for (std::uint32_t code = 0; code < distinct; ++code)
            numbers[code] = parseNumber(column.text(code));
    } else if (column.type == ColumnType::Date) {
        const bool dayFirst = datesPutDayFirst(column.dictionary);
        for (std::uint32_t code = 0; code < distinct; ++code)
            dates[code] = parseDateParts(column.text(code), dayFirst);
    }
    std::vector<std::uint32_t> order(distinct);
    std::iota(order.begin(), order.end(), 0U);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (numbers[a].has_value() != numbers[b].has_value())
            return numbers[a].has_value();
        if (numbers[a] && *numbers[a] != *numbers[b])
            return *numbers[a] < *numbers[b];
        if (dates[a].has_value() != dates[b].has_value())
            return dates[a].has_value();
        if (dates[a] && *dates[a] != *dates[b])
            return *dates[a] < *dates[b];
        return column.text(a) < column.text(b);
    });
    std::vector<std::uint32_t> rank(distinct);
    for (std::uint32_t position = 0; position < distinct; ++position)
        rank[order[position]] = position;
    return rank;
}

} // namespace qiscout::core
