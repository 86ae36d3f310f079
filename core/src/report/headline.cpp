// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/headline.h"

#include "qiscout/core/util/display_text.h"

#include "report/report_text.h"

namespace qiscout::core {
namespace {

/// The columns by name, all of them up to a dozen; a wider list names ten and counts the rest.
std::string columnList(const ColumnSet& columns, const std::vector<std::string>& columnNames)
{
    constexpr std::size_t whole = 12;
    constexpr std::size_t named = 10;
    const std::vector<std::string> labels = columnLabels(columns, columnNames);
    const std::size_t shown = labels.size() <= whole ? labels.size() : named;
    std::string text;
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0)
            text += ", ";
        text += displayText(labels[i]);
    }
    if (shown < labels.size())
        text += " and " + std::to_string(labels.size() - shown) + " more";
    return text;
}

} // namespace

std::string atRiskPhrase(std::uint64_t k)
{
    return k == 1 ? "unique" : "in a group of " + groupDigits(k) + " or fewer rows";
}

std::string allColumnsHeadline(const AllColumnsRisk& risk, std::uint64_t k, const std::vector<std::string>& columnNames)
{
    const auto count = static_cast<std::uint64_t>(risk.columns.size());
    std::string text = count == 1 ? "On the one column searched ("
                                  : "On the " + std::to_string(count) + " columns searched, together (";
    text += columnList(risk.columns, columnNames) + "), ";
    if (risk.rows == 0)
        return text + "the table has no rows.";
    if (risk.rowsAtRisk == 0) {
        text += "every one of the " + countedNoun(risk.rows, "row", "rows") + " is in a group of more than " +
                countedNoun(k, "row", "rows") + ": the smallest group has " +
                countedNoun(risk.smallestClass, "row", "rows") + ".";
        return text;
    }
    text +=
        groupDigits(risk.rowsAtRisk) + " of the " + countedNoun(risk.rows, "row", "rows") + " (" +
        percentOf(risk.rowsAtRisk, risk.rows) + ") " + (risk.rowsAtRisk == 1 ? "is " : "are ") + atRiskPhrase(k) +
        ": someone who knows these facts about a person " +
        (k == 1 ? std::string("finds their row") : "narrows them down to at most " + countedNoun(k, "row", "rows")) +
        ". The smallest group has " + countedNoun(risk.smallestClass, "row", "rows") + "; there are " +
        countedNoun(risk.classes, "group", "groups") + ".";
    return text;
}

} // namespace qiscout::core
