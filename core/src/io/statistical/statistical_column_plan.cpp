// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/statistical_column_plan.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <unordered_map>

#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/io/table_loader.h"

#include "io/reading/value_text.h"

namespace qiscout::core {
namespace {

constexpr std::size_t spssMaxStringBytes = 32767;
constexpr std::size_t stataMaxStringBytes = 2045;
constexpr std::size_t sasMaxStringBytes = 32767;
constexpr std::size_t spssMaxMissingStringBytes = 8;
constexpr std::size_t spssMaxDiscreteMissing = 3;
/// Stata's largest int32 that is not a missing code.
constexpr double stataMaxInt32 = 2'147'483'620.0;

bool isDefaultMissingToken(const std::string& text)
{
    static const std::vector<std::string> tokens = LoadOptions{}.missingTokens;
    return std::find(tokens.begin(), tokens.end(), text) != tokens.end();
}

/// A missing code's letter when `text` is ".a" (Stata) or ".A"/"._" (SAS).
char missingTag(const std::string& text, StatisticalFamily family)
{
    if (text.size() != 2 || text[0] != '.')
        return 0;
    const char tag = text[1];
    if (family == StatisticalFamily::Stata && tag >= 'a' && tag <= 'z')
        return tag;
    if (family == StatisticalFamily::Sas && ((tag >= 'A' && tag <= 'Z') || tag == '_'))
        return tag;
    return 0;
}

/// The text each code stands for in the file: the labelled value when the dictionary shows a label.
std::vector<std::string> storedValues(const EncodedColumn& column)
{
    std::vector<std::string> values = column.dictionary;
    if (!column.labelsShown)
        return values;
    std::unordered_map<std::string_view, std::string_view> valueOf;
    for (const auto& [value, label] : column.valueLabels)
        valueOf.emplace(label, value);
    for (auto& text : values)
        if (const auto it = valueOf.find(text); it != valueOf.end())
            text = std::string(it->second);
    return values;
}

int decimalsOf(const std::string& text)
{
    const std::size_t point = text.find('.');
    if (point == std::string::npos || text.find('e') != std::string::npos)
        return 0;
    return static_cast<int>(text.size() - point - 1);
}

void planMissingNumbers(const EncodedColumn& column, const std::vector<std::string>& values, StatisticalFamily family,
                        ColumnPlan& plan, std::vector<std::string>& warnings)
{
    const std::size_t codes = column.dictionary.size();
    std::set<char> usedTags;
    for (std::size_t code = 0; code < codes; ++code)
        if (column.missing[code])
            if (const char tag = missingTag(values[code], family); tag != 0)
                usedTags.insert(tag);
    char nextTag = family == StatisticalFamily::Stata ? 'a' : 'A';
    const char lastTag = family == StatisticalFamily::Stata ? 'z' : 'Z';
    std::set<double> userMissing;
    std::optional<std::string> lostText;
    for (std::size_t code = 0; code < codes; ++code) {
        if (!column.missing[code])
            continue;
        const std::string& value = values[code];
        const std::string& shown = column.dictionary[code];
        plan.systemMissing[code] = true;
        if (value.empty())
            continue;
        if (family == StatisticalFamily::Spss) {
            if (const auto number = canonicalNumber(value)) {
                plan.systemMissing[code] = false;
                plan.numbers[code] = *number;
                userMissing.insert(*number);
            } else if (!lostText) {
                lostText = shown;
            }
            continue;
        }
        char tag = missingTag(value, family);
        if (tag == 0) {
            while (nextTag <= lastTag && usedTags.count(nextTag) != 0)
                ++nextTag;
            if (nextTag > lastTag || family == StatisticalFamily::Sas) {
                if (!lostText)
                    lostText = shown;
                continue;
            }
            tag = nextTag;
            usedTags.insert(tag);
        }
        plan.systemMissing[code] = false;
        plan.tags[code] = tag;
        if (family == StatisticalFamily::Stata && shown != "." + std::string(1, tag))
            plan.tagLabels.emplace_back(tag, shown);
    }
    if (lostText)
        warnings.push_back("Column \"" + column.name + "\": some missing cells are written as system-missing, " +
                           "their text (such as \"" + *lostText + "\") is not kept.");
    if (userMissing.size() <= spssMaxDiscreteMissing) {
        plan.missingValues.assign(userMissing.begin(), userMissing.end());
        return;
    }
    const double low = *userMissing.begin();
    const double high = *userMissing.rbegin();
    bool rangeHoldsValues = false;
    for (std::size_t code = 0; code < codes; ++code)
        if (!column.missing[code] && plan.numbers[code] >= low && plan.numbers[code] <= high)
            rangeHoldsValues = true;
    if (!rangeHoldsValues) {
        plan.missingRange = std::make_pair(low, high);
        return;
    }
    for (std::size_t code = 0; code < codes; ++code)
        if (column.missing[code] && !values[code].empty())
            plan.systemMissing[code] = true;
    warnings.push_back("Column \"" + column.name + "\" has " + std::to_string(userMissing.size()) +
                       " missing values, more than SPSS can declare; they are written as system-missing.");
}

void planLabels(const EncodedColumn& column, StatisticalFamily family, ColumnPlan& plan,
                std::vector<std::string>& warnings)
{
    bool dropped = false;
    for (const auto& [value, label] : column.valueLabels) {
        const auto number = canonicalNumber(value);
        if (!number) {
            if (family == StatisticalFamily::Stata && missingTag(value, family) != 0)
                plan.tagLabels.emplace_back(value[1], label);
            else
                dropped = true;
            continue;
        }
        if (family == StatisticalFamily::Stata &&
            (std::trunc(*number) != *number || std::fabs(*number) > stataMaxInt32)) {
            dropped = true;
            continue;
        }
        plan.valueLabels.emplace_back(*number, label);
    }
    std::sort(plan.tagLabels.begin(), plan.tagLabels.end());
    plan.tagLabels.erase(std::unique(plan.tagLabels.begin(), plan.tagLabels.end(),
                                     [](const auto& a, const auto& b) { return a.first == b.first; }),
                         plan.tagLabels.end());
    if (dropped)
        warnings.push_back("Column \"" + column.name + "\": value labels on values the format cannot label " +
                           "(Stata labels integers only) are left out.");
}

std::size_t maxStringBytes(StatisticalFamily family)
{
    switch (family) {
    case StatisticalFamily::Spss:
        return spssMaxStringBytes;
    case StatisticalFamily::Stata:
        return stataMaxStringBytes;
    case StatisticalFamily::Sas:
        break;
    }
    return sasMaxStringBytes;
}

} // namespace

ColumnPlan planColumn(const EncodedColumn& column, std::string name, StatisticalFamily family,
                      const std::filesystem::path& target, std::vector<std::string>& warnings)
{
    ColumnPlan plan;
    plan.label = column.description.empty() && name != column.name ? column.name : column.description;
    plan.name = std::move(name);
    const std::vector<std::string> values = storedValues(column);
    const std::size_t codes = column.dictionary.size();
    plan.numbers.assign(codes, 0.0);
    plan.systemMissing.assign(codes, false);
    plan.tags.assign(codes, 0);
    plan.numeric = true;
    for (std::size_t code = 0; code < codes && plan.numeric; ++code) {
        if (column.missing[code])
            continue;
        const auto number = canonicalNumber(values[code]);
        if (!number) {
            plan.numeric = false;
            break;
        }
        plan.numbers[code] = *number;
        plan.integral = plan.integral && std::trunc(*number) == *number && std::fabs(*number) <= stataMaxInt32;
        plan.decimals = std::max(plan.decimals, decimalsOf(values[code]));
        plan.numberWidth = std::max(plan.numberWidth, values[code].size());
    }
    if (plan.numeric) {
        planMissingNumbers(column, values, family, plan, warnings);
        if (family != StatisticalFamily::Sas)
            planLabels(column, family, plan, warnings);
        return plan;
    }
    for (const auto& text : column.dictionary)
        plan.width = std::max(plan.width, text.size());
    if (plan.width > maxStringBytes(family)) {
        if (family != StatisticalFamily::Stata)
            throw FileWriteError(target, "column \"" + column.name + "\" holds a text of " +
                                             std::to_string(plan.width) + " bytes, more than the format's " +
                                             std::to_string(maxStringBytes(family)));
        plan.longText = true;
    }
    bool lostMissing = false;
    for (std::size_t code = 0; code < codes; ++code) {
        const std::string& text = column.dictionary[code];
        if (!column.missing[code] || isDefaultMissingToken(text))
            continue;
        if (family == StatisticalFamily::Spss && text.size() <= spssMaxMissingStringBytes &&
            plan.missingStrings.size() < spssMaxDiscreteMissing)
            plan.missingStrings.push_back(text);
        else
            lostMissing = true;
    }
    if (lostMissing)
        warnings.push_back("Column \"" + column.name + "\" is written as text; some of its missing values are " +
                           "written as ordinary text, which the format cannot mark missing.");
    if (!column.valueLabels.empty() && !column.labelsShown)
        warnings.push_back("Column \"" + column.name + "\" is written as text; its value labels are left out.");
    return plan;
}

} // namespace qiscout::core
