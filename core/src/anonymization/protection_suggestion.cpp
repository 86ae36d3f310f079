// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/protection_suggestion.h"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>

#include "qiscout/core/anonymization/hierarchy_builders.h"

namespace qiscout::core {
namespace {

/// Whether levels a and b group the rows' values alike.
bool sameGrouping(const Hierarchy& hierarchy, std::size_t a, std::size_t b)
{
    std::map<std::string, std::string> aToB;
    std::map<std::string, std::string> bToA;
    for (const auto& row : hierarchy.rows) {
        const auto [forward, newForward] = aToB.emplace(row[a], row[b]);
        const auto [backward, newBackward] = bToA.emplace(row[b], row[a]);
        if ((!newForward && forward->second != row[b]) || (!newBackward && backward->second != row[a]))
            return false;
    }
    return true;
}

std::uint64_t latticeSize(const std::vector<ProtectedColumnSetting>& columns)
{
    std::uint64_t size = 1;
    for (const auto& column : columns) {
        const auto levels = static_cast<std::uint64_t>(column.hierarchy.height()) + 1;
        // Saturate: only the comparison with the limit matters.
        size = size > UINT64_MAX / levels ? UINT64_MAX : size * levels;
    }
    return size;
}

} // namespace

Hierarchy withoutLevel(const Hierarchy& hierarchy, int level)
{
    if (level < 1 || level >= hierarchy.height())
        throw std::invalid_argument("Only a level between the original values and the top can be removed.");
    Hierarchy result = hierarchy;
    for (auto& row : result.rows)
        row.erase(row.begin() + level);
    return result;
}

Hierarchy withoutRedundantLevels(const Hierarchy& hierarchy)
{
    Hierarchy result = hierarchy;
    for (int level = result.height() - 1; level >= 1; --level) {
        const auto index = static_cast<std::size_t>(level);
        if (sameGrouping(result, index, index + 1) || sameGrouping(result, index, index - 1))
            result = withoutLevel(result, level);
    }
    return result;
}

ProtectionSuggestion suggestProtection(const EncodedTable& table, const std::vector<ColumnRole>& roles,
                                       const SearchResult* findings, std::uint64_t searchK, std::uint64_t latticeLimit)
{
    ProtectionSuggestion suggestion;
    ProtectionSettings& settings = suggestion.settings;
    settings.k = std::max(suggestedMinimumK, searchK + 1);
    settings.suppressionLimit = suggestedSuppressionLimit;
    settings.metric = UtilityMetric::Loss;

    std::vector<int> candidates;
    for (std::size_t column = 0; column < table.columnCount() && column < roles.size(); ++column)
        if (roles[column] == ColumnRole::QuasiIdentifier)
            candidates.push_back(static_cast<int>(column));

    // Even two levels per column must fit: keep the columns most involved in quasi-identifiers.
    const auto fitting = static_cast<std::size_t>(std::bit_width(std::max<std::uint64_t>(latticeLimit, 1)) - 1);
    if (candidates.size() > fitting) {
        std::vector<std::uint64_t> involvement(table.columnCount(), 0);
        if (findings)
            for (const MinimalSet& set : findings->minimalSets)
                for (const int column : set.columns.columns())
                    if (static_cast<std::size_t>(column) < involvement.size())
                        ++involvement[static_cast<std::size_t>(column)];
        std::vector<int> ranked = candidates;
        std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
            const auto ia = involvement[static_cast<std::size_t>(a)];
            const auto ib = involvement[static_cast<std::size_t>(b)];
            if (ia != ib)
                return ia > ib;
            return table.columns[static_cast<std::size_t>(a)].distinctCount() >
                   table.columns[static_cast<std::size_t>(b)].distinctCount();
        });
        for (std::size_t index = fitting; index < ranked.size(); ++index)
            suggestion.leftOut.push_back(table.columns[static_cast<std::size_t>(ranked[index])].name);
        ranked.resize(fitting);
        std::sort(ranked.begin(), ranked.end());
        candidates = std::move(ranked);
    }

    for (const int column : candidates) {
        const EncodedColumn& encoded = table.columns[static_cast<std::size_t>(column)];
        settings.quasiIdentifiers.push_back(
            {encoded.name, withoutRedundantLevels(automaticHierarchy(encoded)), "automatic"});
    }
    while (latticeSize(settings.quasiIdentifiers) > latticeLimit) {
        auto tallest =
            std::max_element(settings.quasiIdentifiers.begin(), settings.quasiIdentifiers.end(),
                             [](const auto& a, const auto& b) { return a.hierarchy.height() < b.hierarchy.height(); });
        // Height 1 everywhere fits by the choice of columns above.
        tallest->hierarchy = withoutLevel(tallest->hierarchy, tallest->hierarchy.height() - 1);
    }
    return suggestion;
}

} // namespace qiscout::core
