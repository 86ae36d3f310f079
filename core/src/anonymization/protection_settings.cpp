// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/protection_settings.h"

#include <algorithm>
#include <memory>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/k_anonymity.h"

namespace qiscout::core {
namespace {

int columnNamed(const EncodedTable& table, const std::string& name, const char* role)
{
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        if (table.columns[column].name == name)
            return static_cast<int>(column);
    throw AnonymizationParameterError(std::string("The table has no column \"") + name + "\" to use as " + role + ".");
}

} // namespace

bool sameProtection(const ProtectionSettings& a, const ProtectionSettings& b)
{
    const auto sameColumns =
        std::equal(a.quasiIdentifiers.begin(), a.quasiIdentifiers.end(), b.quasiIdentifiers.begin(),
                   b.quasiIdentifiers.end(), [](const ProtectedColumnSetting& x, const ProtectedColumnSetting& y) {
                       return x.column == y.column && x.hierarchy.rows == y.hierarchy.rows &&
                              x.hierarchySource == y.hierarchySource;
                   });
    const auto sameDiversity = [](const std::optional<DiversitySetting>& x, const std::optional<DiversitySetting>& y) {
        return x.has_value() == y.has_value() &&
               (!x || (x->column == y->column && x->variant == y->variant && x->l == y->l && x->c == y->c));
    };
    const auto sameCloseness = [](const std::optional<ClosenessSetting>& x, const std::optional<ClosenessSetting>& y) {
        return x.has_value() == y.has_value() &&
               (!x || (x->column == y->column && x->t == y->t && x->distance == y->distance &&
                       x->hierarchy.rows == y->hierarchy.rows && x->hierarchySource == y->hierarchySource));
    };
    return sameColumns && a.k == b.k && sameDiversity(a.diversity, b.diversity) &&
           sameCloseness(a.closeness, b.closeness) && a.suppressionLimit == b.suppressionLimit &&
           a.metric == b.metric && a.threads == b.threads && a.chosenLevels == b.chosenLevels &&
           a.dlInference == b.dlInference && a.localSuppression == b.localSuppression &&
           a.maxColumnLoss == b.maxColumnLoss && a.heuristicSeconds == b.heuristicSeconds;
}

std::vector<double> keepOrderImportance(const std::vector<ProtectedColumnSetting>& quasiIdentifiers,
                                        const std::vector<std::string>& keepOrder)
{
    std::vector<std::size_t> ranked;
    for (const std::string& name : keepOrder)
        for (std::size_t q = 0; q < quasiIdentifiers.size(); ++q)
            if (quasiIdentifiers[q].column == name && std::find(ranked.begin(), ranked.end(), q) == ranked.end())
                ranked.push_back(q);
    for (std::size_t q = 0; q < quasiIdentifiers.size(); ++q)
        if (std::find(ranked.begin(), ranked.end(), q) == ranked.end())
            ranked.push_back(q);
    std::vector<double> importance(quasiIdentifiers.size(), 0.0);
    for (std::size_t rank = 0; rank < ranked.size(); ++rank)
        importance[ranked[rank]] = static_cast<double>(ranked.size() - rank);
    return importance;
}

AnonymizationParameters toAnonymizationParameters(const EncodedTable& table, const ProtectionSettings& settings)
{
    AnonymizationParameters parameters;
    for (const ProtectedColumnSetting& setting : settings.quasiIdentifiers)
        parameters.quasiIdentifiers.push_back(
            {columnNamed(table, setting.column, "a quasi-identifier"), setting.hierarchy, setting.hierarchySource});
    parameters.models.push_back(std::make_shared<KAnonymity>(settings.k));
    if (settings.diversity) {
        const DiversitySetting& diversity = *settings.diversity;
        parameters.models.push_back(
            std::make_shared<LDiversity>(table, columnNamed(table, diversity.column, "the sensitive column"),
                                         diversity.variant, diversity.l, diversity.c));
    }
    if (settings.closeness) {
        const ClosenessSetting& closeness = *settings.closeness;
        const int column = columnNamed(table, closeness.column, "the sensitive column");
        const ClosenessDistance distance =
            closeness.distance.value_or(defaultClosenessDistance(table.columns[static_cast<std::size_t>(column)]));
        if (distance == ClosenessDistance::Hierarchical)
            parameters.models.push_back(std::make_shared<TCloseness>(
                table, column, closeness.t,
                bindHierarchy(closeness.hierarchy, table, column, closeness.hierarchySource)));
        else
            parameters.models.push_back(std::make_shared<TCloseness>(table, column, closeness.t, distance));
    }
    parameters.suppressionLimit = settings.suppressionLimit;
    parameters.metric = settings.metric;
    parameters.threads = settings.threads;
    if (settings.localSuppression)
        parameters.localSuppression = LocalSuppressionSettings{
            keepOrderImportance(settings.quasiIdentifiers, settings.localSuppression->keepOrder),
            settings.localSuppression->generalise};
    parameters.maxColumnLoss = settings.maxColumnLoss;
    parameters.heuristicSeconds = settings.heuristicSeconds;
    return parameters;
}

} // namespace qiscout::core
