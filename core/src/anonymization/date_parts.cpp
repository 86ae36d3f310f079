// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/date_parts.h"

#include "io/reading/type_inference.h"

namespace qiscout::core {
namespace {

int digits(std::string_view text)
{
    int value = 0;
    for (const char c : text)
        value = value * 10 + (c - '0');
    return value;
}

} // namespace

bool datesPutDayFirst(const std::vector<std::string>& cells)
{
    bool firstOver12 = false;
    bool secondOver12 = false;
    for (const std::string& cell : cells) {
        if (cell.size() < 10 || cell[2] != '/' || !looksLikeDate(cell))
            continue;
        firstOver12 = firstOver12 || digits(std::string_view(cell).substr(0, 2)) > 12;
        secondOver12 = secondOver12 || digits(std::string_view(cell).substr(3, 2)) > 12;
    }
    return !(secondOver12 && !firstOver12);
}

std::optional<DateParts> parseDateParts(std::string_view cell, bool dayFirst)
{
    if (!looksLikeDate(cell))
        return std::nullopt;
    DateParts parts;
    const std::string_view date = cell.substr(0, 10);
    if (date[4] == '-' || date[4] == '/') {
        parts.year = digits(date.substr(0, 4));
        parts.month = digits(date.substr(5, 2));
        parts.day = digits(date.substr(8, 2));
    } else {
        const int first = digits(date.substr(0, 2));
        const int second = digits(date.substr(3, 2));
        parts.year = digits(date.substr(6, 4));
        const bool dayLeads = date[2] == '.' || dayFirst;
        parts.day = dayLeads ? first : second;
        parts.month = dayLeads ? second : first;
    }
    if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > 31)
        return std::nullopt;
    if (cell.size() > 11)
        parts.time = std::string(cell.substr(11));
    return parts;
}

} // namespace qiscout::core
