// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/group_label_order.h"

#include <optional>
#include <string>
#include <utility>

#include "qiscout/core/anonymization/hierarchy_builders.h"

#include "anonymization/number_text.h"

namespace qiscout::core {
namespace {

/// Where a number label starts on the scale, and its place among labels starting there: "< a"
/// (-1), a number or "[a, b)" (0), ">= a" (1). nullopt for other text.
std::optional<std::pair<double, int>> labelPlace(std::string_view label)
{
    if (label.starts_with("< "))
        if (const std::optional<double> bound = parseNumber(label.substr(2)))
            return std::pair{*bound, -1};
    if (label.starts_with(">= "))
        if (const std::optional<double> bound = parseNumber(label.substr(3)))
            return std::pair{*bound, 1};
    if (label.starts_with("[") && label.ends_with(")")) {
        const std::size_t comma = label.find(", ");
        if (comma != std::string_view::npos)
            if (const std::optional<double> low = parseNumber(label.substr(1, comma - 1)))
                return std::pair{*low, 0};
    }
    if (const std::optional<double> number = parseNumber(label))
        return std::pair{*number, 0};
    return std::nullopt;
}

bool isDigitOfLabel(char c)
{
    return c >= '0' && c <= '9';
}

/// Text with its runs of digits compared as numbers: -1, 0 or 1.
int compareNaturally(std::string_view a, std::string_view b)
{
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigitOfLabel(a[i]) && isDigitOfLabel(b[j])) {
            std::size_t endA = i;
            std::size_t endB = j;
            while (endA < a.size() && isDigitOfLabel(a[endA]))
                ++endA;
            while (endB < b.size() && isDigitOfLabel(b[endB]))
                ++endB;
            // Without leading zeros the longer run is the larger number.
            std::string_view runA = a.substr(i, endA - i);
            std::string_view runB = b.substr(j, endB - j);
            while (runA.size() > 1 && runA.front() == '0')
                runA.remove_prefix(1);
            while (runB.size() > 1 && runB.front() == '0')
                runB.remove_prefix(1);
            if (runA.size() != runB.size())
                return runA.size() < runB.size() ? -1 : 1;
            if (const int order = runA.compare(runB); order != 0)
                return order < 0 ? -1 : 1;
            i = endA;
            j = endB;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j] ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size() || j < b.size())
        return i < a.size() ? 1 : -1;
    return a.compare(b) < 0 ? -1 : a.compare(b) > 0 ? 1 : 0;
}

} // namespace

bool groupLabelBefore(std::string_view a, std::string_view b)
{
    const bool topA = a == suppressedValueText;
    const bool topB = b == suppressedValueText;
    if (topA || topB)
        return !topA && topB;
    const std::optional<std::pair<double, int>> placeA = labelPlace(a);
    const std::optional<std::pair<double, int>> placeB = labelPlace(b);
    if (placeA.has_value() != placeB.has_value())
        return placeA.has_value();
    if (placeA && *placeA != *placeB)
        return *placeA < *placeB;
    return compareNaturally(a, b) < 0;
}

} // namespace qiscout::core
