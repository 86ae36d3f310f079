// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/hierarchy_builders.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "qiscout/core/anonymization/frequency_hierarchy_builders.h"
#include "qiscout/core/anonymization/protection_suggestion.h"

#include "anonymization/built_hierarchy.h"
#include "anonymization/date_parts.h"
#include "anonymization/number_text.h"

namespace qiscout::core {
namespace {

/// The values once each, in the order given.
std::vector<std::string> distinctValues(const std::vector<std::string>& values)
{
    std::vector<std::string> result;
    std::unordered_set<std::string> seen;
    for (const std::string& value : values)
        if (seen.insert(value).second)
            result.push_back(value);
    return result;
}

std::string interval(double low, double high)
{
    return "[" + boundLabelText(low) + ", " + boundLabelText(high) + ")";
}

std::size_t codePoints(std::string_view text)
{
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// The text with its last `count` code points (or all of them) replaced by `mask`.
std::string masked(std::string_view text, std::size_t count, char mask)
{
    const std::size_t length = codePoints(text);
    const std::size_t keep = length > count ? length - count : 0;
    std::size_t bytes = 0;
    for (std::size_t seen = 0; bytes < text.size(); ++bytes) {
        if ((static_cast<unsigned char>(text[bytes]) & 0xC0) != 0x80) {
            if (seen == keep)
                break;
            ++seen;
        }
    }
    return std::string(text.substr(0, bytes)) + std::string(length - keep, mask);
}

/// A year and its quarter (1 to 4).
struct YearQuarter {
    int year = 0;
    int quarter = 0;
};

/// "2024Q2", "2024-Q2", "2024 q2" and the like; nullopt for anything else.
std::optional<YearQuarter> parseYearQuarter(std::string_view text)
{
    if (text.size() < 6 || text.size() > 7 ||
        !std::all_of(text.begin(), text.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    std::string_view rest = text.substr(4);
    if (rest.size() == 3) {
        if (rest[0] != '-' && rest[0] != ' ' && rest[0] != '/')
            return std::nullopt;
        rest = rest.substr(1);
    }
    if ((rest[0] != 'Q' && rest[0] != 'q') || rest[1] < '1' || rest[1] > '4')
        return std::nullopt;
    return YearQuarter{std::stoi(std::string(text.substr(0, 4))), rest[1] - '0'};
}

/// A value written with a leading zero ("05", "-007"): a code, not a count or a measure.
bool hasLeadingZero(std::string_view text)
{
    if (!text.empty() && (text.front() == '-' || text.front() == '+'))
        text.remove_prefix(1);
    return text.size() >= 2 && text[0] == '0' && text[1] >= '0' && text[1] <= '9';
}

} // namespace

Hierarchy buildIntervalHierarchy(const std::vector<std::string>& values, const IntervalOptions& options)
{
    const std::vector<std::string> distinct = distinctValues(values);
    std::vector<std::optional<double>> numbers;
    for (const std::string& value : distinct)
        numbers.push_back(parseNumber(value));
    const auto coded = [&](double x) -> std::optional<std::string> {
        if (options.bottomCoding && x < *options.bottomCoding)
            return "< " + boundLabelText(*options.bottomCoding);
        if (options.topCoding && x >= *options.topCoding)
            return ">= " + boundLabelText(*options.topCoding);
        return std::nullopt;
    };

    std::vector<std::function<std::string(double)>> levels;
    if (!options.cutPoints.empty()) {
        for (std::size_t level = 0; level < options.cutPoints.size(); ++level) {
            const std::vector<double>& cuts = options.cutPoints[level];
            if (cuts.empty())
                throw std::invalid_argument("Every interval level needs at least one cut point.");
            if (!std::is_sorted(cuts.begin(), cuts.end()) || std::adjacent_find(cuts.begin(), cuts.end()) != cuts.end())
                throw std::invalid_argument("Cut points must be strictly ascending.");
            if (level > 0) {
                const std::vector<double>& finer = options.cutPoints[level - 1];
                for (const double cut : cuts)
                    if (!std::binary_search(finer.begin(), finer.end(), cut))
                        throw std::invalid_argument("Cut point " + formatNumber(cut) + " of level " +
                                                    std::to_string(level + 1) + " is not a cut point of level " +
                                                    std::to_string(level) + ": coarser levels may only drop points.");
            }
            levels.emplace_back([cuts](double x) {
                if (x < cuts.front())
                    return "< " + boundLabelText(cuts.front());
                if (x >= cuts.back())
                    return ">= " + boundLabelText(cuts.back());
                const auto upper = std::upper_bound(cuts.begin(), cuts.end(), x);
                return interval(*(upper - 1), *upper);
            });
        }
    } else {
        if (!(options.width > 0.0) || !std::isfinite(options.width))
            throw std::invalid_argument("The interval width must be a positive number.");
        double low = std::numeric_limits<double>::infinity();
        double high = -low;
        for (const std::optional<double>& number : numbers)
            if (number && !coded(*number)) {
                low = std::min(low, *number);
                high = std::max(high, *number);
            }
        const double origin = options.origin;
        int count = 0;
        for (double width = options.width;; width *= 2.0) {
            const bool single = low > high || std::floor((low - origin) / width) == std::floor((high - origin) / width);
            if ((single && count > 0) || (options.maxLevels && count >= *options.maxLevels) || count >= 64)
                break;
            ++count;
            levels.emplace_back([width, origin](double x) {
                const double start = origin + std::floor((x - origin) / width) * width;
                return interval(start, start + width);
            });
        }
    }

    Hierarchy hierarchy;
    for (std::size_t i = 0; i < distinct.size(); ++i) {
        std::vector<std::string>& row = hierarchy.rows.emplace_back(1, distinct[i]);
        for (const auto& label : levels) {
            if (!numbers[i])
                row.push_back(distinct[i]);
            else if (const std::optional<std::string> code = coded(*numbers[i]))
                row.push_back(*code);
            else
                row.push_back(label(*numbers[i]));
        }
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built from intervals");
}

Hierarchy buildMaskingHierarchy(const std::vector<std::string>& values, std::optional<int> levels, char mask)
{
    const std::vector<std::string> distinct = distinctValues(values);
    std::size_t longest = 0;
    for (const std::string& value : distinct)
        longest = std::max(longest, codePoints(value));
    const std::size_t count = levels ? static_cast<std::size_t>(std::max(0, *levels)) : (longest > 0 ? longest - 1 : 0);
    Hierarchy hierarchy;
    for (const std::string& value : distinct) {
        std::vector<std::string>& row = hierarchy.rows.emplace_back(1, value);
        for (std::size_t level = 1; level <= count; ++level)
            row.push_back(masked(value, level, mask));
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built by masking");
}

Hierarchy buildDateHierarchy(const std::vector<std::string>& values, const std::vector<DateStep>& steps)
{
    if (!std::is_sorted(steps.begin(), steps.end()) || std::adjacent_find(steps.begin(), steps.end()) != steps.end())
        throw std::invalid_argument("Date steps must go from finer to coarser, each once.");
    const std::vector<std::string> distinct = distinctValues(values);
    const bool dayFirst = datesPutDayFirst(distinct);
    const auto twoDigits = [](int value) { return (value < 10 ? "0" : "") + std::to_string(value); };
    Hierarchy hierarchy;
    for (const std::string& value : distinct) {
        std::vector<std::string>& row = hierarchy.rows.emplace_back(1, value);
        const std::optional<DateParts> date = parseDateParts(value, dayFirst);
        const std::optional<YearQuarter> quarter = date ? std::nullopt : parseYearQuarter(value);
        // By value: GCC 12 at -O2 takes the optional's fields for uninitialised inside the loop.
        const YearQuarter yearQuarter = quarter.value_or(YearQuarter{});
        for (const DateStep step : steps) {
            if (quarter) {
                const std::string year = std::to_string(yearQuarter.year);
                row.push_back(step == DateStep::Day || step == DateStep::Month ? value
                              : step == DateStep::Quarter ? year + "-Q" + std::to_string(yearQuarter.quarter)
                              : step == DateStep::Year    ? year
                                                          : std::to_string(yearQuarter.year / 10 * 10) + "s");
                continue;
            }
            if (!date) {
                row.push_back(value);
                continue;
            }
            const std::string year = std::to_string(date->year);
            switch (step) {
            case DateStep::Day:
                row.push_back(year + "-" + twoDigits(date->month) + "-" + twoDigits(date->day));
                break;
            case DateStep::Month:
                row.push_back(year + "-" + twoDigits(date->month));
                break;
            case DateStep::Quarter:
                row.push_back(year + "-Q" + std::to_string((date->month + 2) / 3));
                break;
            case DateStep::Year:
                row.push_back(year);
                break;
            case DateStep::Decade:
                row.push_back(std::to_string(date->year / 10 * 10) + "s");
                break;
            }
        }
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built from dates");
}

Hierarchy buildOrderedHierarchy(const std::vector<std::string>& orderedValues, const std::vector<int>& groupSizes)
{
    if (distinctValues(orderedValues).size() != orderedValues.size())
        throw std::invalid_argument("Each ordered value may appear only once.");
    for (const int size : groupSizes)
        if (size < 2)
            throw std::invalid_argument("Every group must merge at least 2 groups of the level below.");
    Hierarchy hierarchy;
    for (const std::string& value : orderedValues)
        hierarchy.rows.emplace_back(1, value);
    // Groups of the current level as [first, last) index ranges into orderedValues.
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    for (std::size_t i = 0; i < orderedValues.size(); ++i)
        groups.emplace_back(i, i + 1);
    for (std::size_t level = 0; groups.size() > 1; ++level) {
        if (!groupSizes.empty() && level >= groupSizes.size())
            break;
        const auto size = static_cast<std::size_t>(groupSizes.empty() ? 2 : groupSizes[level]);
        std::vector<std::pair<std::size_t, std::size_t>> merged;
        for (std::size_t i = 0; i < groups.size(); i += size)
            merged.emplace_back(groups[i].first, groups[std::min(groups.size(), i + size) - 1].second);
        if (merged.size() == 1)
            break;
        for (const auto& [first, last] : merged) {
            const std::string label =
                last - first == 1 ? orderedValues[first] : orderedValues[first] + "-" + orderedValues[last - 1];
            for (std::size_t i = first; i < last; ++i)
                hierarchy.rows[i].push_back(label);
        }
        groups = std::move(merged);
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built from an order");
}

Hierarchy buildTreeHierarchy(const std::vector<std::string>& values,
                             const std::vector<std::map<std::string, std::string>>& parents)
{
    Hierarchy hierarchy;
    for (const std::string& value : distinctValues(values)) {
        std::vector<std::string>& row = hierarchy.rows.emplace_back(1, value);
        for (std::size_t level = 0; level < parents.size(); ++level) {
            const auto found = parents[level].find(row.back());
            if (found == parents[level].end())
                throw std::invalid_argument("'" + row.back() + "' has no parent at level " + std::to_string(level + 1) +
                                            " of the tree.");
            row.push_back(found->second);
        }
    }
    std::set<std::string> top;
    for (const std::vector<std::string>& row : hierarchy.rows)
        top.insert(row.back());
    if (!parents.empty() && top.size() == 1) {
        try {
            validateHierarchy(hierarchy, "built from a tree");
        } catch (const HierarchyError& error) {
            throw std::invalid_argument(error.what());
        }
        return hierarchy;
    }
    return finishBuiltHierarchy(std::move(hierarchy), "built from a tree");
}

Hierarchy buildFlatHierarchy(const std::vector<std::string>& values)
{
    Hierarchy hierarchy;
    for (const std::string& value : distinctValues(values))
        hierarchy.rows.emplace_back(1, value);
    return finishBuiltHierarchy(std::move(hierarchy), "flat");
}

AutomaticRule automaticRule(const EncodedColumn& column)
{
    std::uint32_t present = 0;
    bool quarters = true;
    bool leadingZero = false;
    bool oneLengthCode = true;
    std::optional<std::size_t> length;
    for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
        if (column.missing[code])
            continue;
        ++present;
        const std::string& value = column.text(code);
        quarters = quarters && parseYearQuarter(value);
        leadingZero = leadingZero || hasLeadingZero(value);
        oneLengthCode =
            oneLengthCode && value.size() >= 2 && (!length || *length == value.size()) &&
            std::all_of(value.begin(), value.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
        length = value.size();
    }
    if (column.distinctCount() <= 2)
        return AutomaticRule::Flat;
    if (present > 0 && (column.type == ColumnType::Date || quarters))
        return AutomaticRule::Dates;
    const bool numbers = column.type == ColumnType::Integer || column.type == ColumnType::Decimal;
    if (numbers && !leadingZero && present > maxCategoricalNumbers)
        return AutomaticRule::Intervals;
    const auto hasDigit = [](const std::string& text) {
        return std::any_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const bool code = numbers ? leadingZero : std::any_of(column.dictionary.begin(), column.dictionary.end(), hasDigit);
    if (code && oneLengthCode && present > minMaskedCodes)
        return AutomaticRule::Masking;
    return AutomaticRule::Categories;
}

Hierarchy automaticHierarchy(const EncodedColumn& column)
{
    std::vector<std::uint64_t> counts(column.frequencies.begin(), column.frequencies.end());
    counts.resize(column.dictionary.size(), 0);
    Hierarchy hierarchy;
    switch (automaticRule(column)) {
    case AutomaticRule::Flat:
        hierarchy = buildFlatHierarchy(column.dictionary);
        break;
    case AutomaticRule::Categories:
        hierarchy = buildFrequencyHierarchy(column.dictionary, counts);
        break;
    case AutomaticRule::Intervals:
        hierarchy = buildQuantileHierarchy(column.dictionary, counts);
        break;
    case AutomaticRule::Dates:
        hierarchy = buildDateHierarchy(column.dictionary,
                                       {DateStep::Month, DateStep::Quarter, DateStep::Year, DateStep::Decade});
        break;
    case AutomaticRule::Masking:
        hierarchy = buildMaskingHierarchy(column.dictionary);
        break;
    }
    return withoutRedundantLevels(hierarchy);
}

} // namespace qiscout::core
