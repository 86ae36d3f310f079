// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/information_loss_profile.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "qiscout/core/anonymization/hierarchy_builders.h"

#include "anonymization/number_text.h"

namespace qiscout::core {
namespace {

NumberSummary summaryOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    NumberSummary summary;
    summary.count = values.size();
    const auto quantile = [&values](double share) {
        const double position = share * static_cast<double>(values.size() - 1);
        const auto below = static_cast<std::size_t>(std::floor(position));
        const std::size_t above = std::min(below + 1, values.size() - 1);
        return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
    };
    double sum = 0.0;
    for (const double value : values)
        sum += value;
    summary.mean = sum / static_cast<double>(values.size());
    double squares = 0.0;
    for (const double value : values)
        squares += (value - summary.mean) * (value - summary.mean);
    summary.standardDeviation = values.size() > 1 ? std::sqrt(squares / static_cast<double>(values.size() - 1)) : 0.0;
    summary.minimum = values.front();
    summary.lowerQuartile = quantile(0.25);
    summary.median = quantile(0.5);
    summary.upperQuartile = quantile(0.75);
    summary.maximum = values.back();
    return summary;
}

/// A category of a distribution before it is merged: its text, rows, and where it sorts.
struct LossCategory {
    std::string label;
    std::uint64_t rows = 0;
    /// The smallest number it stands for; unset for text.
    std::optional<double> order;
    /// First appearance, to break ties and to place text after numbers.
    std::uint32_t first = 0;
};

/// Orders and merges categories into at most maxBars bars; "*" is kept apart as the last bar.
std::vector<DistributionBar> barsOf(std::vector<LossCategory> categories, bool numeric, std::size_t maxBars)
{
    std::optional<DistributionBar> star;
    std::erase_if(categories, [&star](const LossCategory& category) {
        if (category.label != suppressedValueText)
            return false;
        star = DistributionBar{category.label, category.rows};
        return true;
    });
    const std::size_t room = star ? maxBars - 1 : maxBars;
    if (numeric)
        std::sort(categories.begin(), categories.end(), [](const LossCategory& a, const LossCategory& b) {
            if (a.order.has_value() != b.order.has_value())
                return a.order.has_value();
            if (a.order && *a.order != *b.order)
                return *a.order < *b.order;
            return a.first < b.first;
        });
    else
        std::sort(categories.begin(), categories.end(), [](const LossCategory& a, const LossCategory& b) {
            return a.rows != b.rows ? a.rows > b.rows : a.first < b.first;
        });
    std::vector<DistributionBar> bars;
    if (categories.size() <= room) {
        for (LossCategory& category : categories)
            bars.push_back({std::move(category.label), category.rows});
    } else if (numeric) {
        // Runs of adjacent categories, as even in length as the count allows.
        for (std::size_t bar = 0; bar < room; ++bar) {
            const std::size_t from = bar * categories.size() / room;
            const std::size_t to = (bar + 1) * categories.size() / room;
            DistributionBar merged{categories[from].label, 0};
            if (to - from > 1)
                merged.label += " \u2013 " + categories[to - 1].label;
            for (std::size_t c = from; c < to; ++c)
                merged.rows += categories[c].rows;
            bars.push_back(std::move(merged));
        }
    } else {
        for (std::size_t c = 0; c + 1 < room; ++c)
            bars.push_back({std::move(categories[c].label), categories[c].rows});
        DistributionBar rest{std::to_string(categories.size() - (room - 1)) + " other values", 0};
        for (std::size_t c = room - 1; c < categories.size(); ++c)
            rest.rows += categories[c].rows;
        bars.push_back(std::move(rest));
    }
    if (star)
        bars.push_back(std::move(*star));
    return bars;
}

} // namespace

std::optional<double> publishedNumber(const std::string& text)
{
    if (const std::optional<double> value = parseNumber(text))
        return value;
    std::string_view view = text;
    // "[20, 30)", "[20, 30]", "(20, 30]": the midpoint.
    if (view.size() >= 5 && (view.front() == '[' || view.front() == '(') &&
        (view.back() == ')' || view.back() == ']')) {
        view = view.substr(1, view.size() - 2);
        const std::size_t comma = view.find(',');
        if (comma == std::string_view::npos)
            return std::nullopt;
        const std::optional<double> low = parseNumber(view.substr(0, comma));
        const std::optional<double> high = parseNumber(view.substr(comma + 1));
        if (low && high)
            return (*low + *high) / 2.0;
        return std::nullopt;
    }
    // "20-30", a range of ordered values; the dash after the first character, so "-5" stays a number.
    const std::size_t dash = view.find('-', 1);
    if (dash != std::string_view::npos) {
        const std::optional<double> low = parseNumber(view.substr(0, dash));
        const std::optional<double> high = parseNumber(view.substr(dash + 1));
        if (low && high)
            return (*low + *high) / 2.0;
    }
    return std::nullopt;
}

std::vector<ColumnLossProfile> informationLossProfile(const EncodedTable& original, const EncodedTable& published,
                                                      const std::vector<int>& columns,
                                                      const std::vector<std::uint32_t>& suppressedRows,
                                                      const std::vector<std::vector<std::uint32_t>>& suppressedCells,
                                                      std::size_t maxBars)
{
    if (maxBars < 2)
        throw std::invalid_argument("A distribution needs room for two bars at least.");
    if (original.rowCount != published.rowCount)
        throw std::invalid_argument("The published table must have the original's rows.");
    if (!suppressedCells.empty() && suppressedCells.size() != columns.size())
        throw std::invalid_argument("Give the suppressed cells of every profiled column, or none.");
    std::vector<bool> rowSuppressed(original.rowCount, false);
    for (const std::uint32_t row : suppressedRows)
        rowSuppressed.at(row) = true;
    std::vector<ColumnLossProfile> profiles;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const EncodedColumn& before = original.columns.at(static_cast<std::size_t>(columns[c]));
        const EncodedColumn& after = published.columns.at(static_cast<std::size_t>(columns[c]));
        std::vector<bool> suppressed = rowSuppressed;
        if (!suppressedCells.empty())
            for (const std::uint32_t row : suppressedCells[c])
                suppressed.at(row) = true;
        ColumnLossProfile profile;
        profile.column = before.name;
        profile.rows = original.rowCount;
        // A column of numbers: every value that is not missing reads as one (whatever type the
        // loader inferred; a table built in memory has none).
        std::vector<std::optional<double>> numberOfCode(before.distinctCount());
        bool numeric = false;
        bool allNumbers = true;
        for (std::uint32_t code = 0; code < before.distinctCount(); ++code) {
            if (before.missing[code])
                continue;
            numberOfCode[code] = parseNumber(before.text(code));
            numeric = numeric || numberOfCode[code].has_value();
            allNumbers = allNumbers && numberOfCode[code].has_value();
        }
        numeric = numeric && allNumbers;
        if (!numeric)
            std::fill(numberOfCode.begin(), numberOfCode.end(), std::nullopt);
        std::vector<double> valuesBefore;
        std::vector<LossCategory> beforeCategories(before.distinctCount());
        for (std::uint32_t code = 0; code < before.distinctCount(); ++code)
            beforeCategories[code] = {before.text(code), 0, numberOfCode[code], code};
        std::vector<LossCategory> afterCategories(after.distinctCount());
        for (std::uint32_t code = 0; code < after.distinctCount(); ++code)
            afterCategories[code] = {after.text(code), 0, std::nullopt, code};
        std::vector<double> valuesAfter;
        for (std::uint32_t row = 0; row < original.rowCount; ++row) {
            const std::uint32_t was = before.codes[row];
            const std::uint32_t is = after.codes[row];
            ++beforeCategories[was].rows;
            LossCategory& released = afterCategories[is];
            ++released.rows;
            if (numberOfCode[was]) {
                valuesBefore.push_back(*numberOfCode[was]);
                if (!released.order || *numberOfCode[was] < *released.order)
                    released.order = numberOfCode[was];
            }
            if (suppressed[row])
                ++profile.cellsSuppressed;
            else if (before.text(was) != after.text(is))
                ++profile.cellsChanged;
        }
        if (numeric) {
            std::vector<std::optional<double>> numberOfReleased(after.distinctCount());
            for (std::uint32_t code = 0; code < after.distinctCount(); ++code)
                numberOfReleased[code] = publishedNumber(after.text(code));
            for (std::uint32_t row = 0; row < original.rowCount; ++row)
                if (const std::optional<double> value = numberOfReleased[after.codes[row]])
                    valuesAfter.push_back(*value);
            if (!valuesBefore.empty())
                profile.numbersBefore = summaryOf(std::move(valuesBefore));
            if (!valuesAfter.empty())
                profile.numbersAfter = summaryOf(std::move(valuesAfter));
        }
        std::erase_if(beforeCategories, [](const LossCategory& category) { return category.rows == 0; });
        std::erase_if(afterCategories, [](const LossCategory& category) { return category.rows == 0; });
        profile.before = barsOf(std::move(beforeCategories), numeric, maxBars);
        profile.after = barsOf(std::move(afterCategories), numeric, maxBars);
        profiles.push_back(std::move(profile));
    }
    return profiles;
}

} // namespace qiscout::core
