// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/protection_report.h"

#include <algorithm>

#include "qiscout/core/report/report.h"

#include "report/report_text.h"

namespace qiscout::core {

QuasiIdentifierCount countQuasiIdentifiers(const EncodedTable& table, const SearchResult& search)
{
    QuasiIdentifierCount count;
    count.quasiIdentifiers = search.minimalSets.size();
    count.rows = table.rowCount;
    std::vector<ColumnSet> sets;
    for (const MinimalSet& set : search.minimalSets)
        sets.push_back(set.columns);
    for (const std::uint32_t isolating : isolatingSetCounts(table, sets, search.k))
        count.rowsAtRisk += isolating > 0 ? 1 : 0;
    return count;
}

std::vector<std::string> ProtectionReport::summary() const
{
    std::vector<std::string> sentences;
    std::string models;
    for (std::size_t i = 0; i < privacyModels.size(); ++i)
        models += (i == 0 ? "" : i + 1 == privacyModels.size() ? " and " : ", ") + privacyModels[i];
    std::string generalised;
    for (const ProtectedColumnReport& column : columns)
        if (column.level > 0)
            generalised += (generalised.empty() ? "" : ", ") + column.name + " (level " + std::to_string(column.level) +
                           " of " + std::to_string(column.height) + ")";
    sentences.push_back("The published table meets " + models + ": " +
                        (generalised.empty() ? std::string("no column was generalised")
                                             : "the columns " + generalised + " were generalised") +
                        ", and " + countedNoun(suppressedRows, "row was", "rows were") + " suppressed (at most " +
                        groupDigits(suppressionLimitRows) + " allowed).");
    sentences.push_back("Among the " + std::to_string(columns.size()) + " protected columns, " +
                        countedNoun(after.quasiIdentifiers, "quasi-identifier remains", "quasi-identifiers remain") +
                        " at k = " + std::to_string(verificationK) + " (" + groupDigits(after.rowsAtRisk) +
                        " kept rows at risk), against " +
                        countedNoun(before.quasiIdentifiers, "quasi-identifier", "quasi-identifiers") + " (" +
                        groupDigits(before.rowsAtRisk) + " rows at risk) before.");
    sentences.push_back(
        std::string(globallyOptimal ? "This is the globally optimal transformation"
                                    : "This is the best transformation found before the search "
                                      "was stopped") +
        " for the " + metric + " metric among " + groupDigits(latticeSize) + " (" +
        groupDigits(transformationsChecked) + " checked, " + groupDigits(transformationsTagged) +
        " settled without a check); " +
        countedNoun(minimalTransformations, "minimal transformation meets", "minimal transformations meet") +
        " the models.");
    return sentences;
}

ProtectionReport buildProtectionReport(const EncodedTable& original, const AnonymizationParameters& parameters,
                                       const AnonymizationResult& result, const ProtectedTable& applied,
                                       const SearchResult& before, const EncodedTable& keptTable,
                                       const SearchResult& after)
{
    return buildProtectionReport(original, parameters, result, applied, after.k,
                                 countQuasiIdentifiers(original, before), countQuasiIdentifiers(keptTable, after));
}

ProtectionReport buildProtectionReport(const EncodedTable& original, const AnonymizationParameters& parameters,
                                       const AnonymizationResult& result, const ProtectedTable& applied,
                                       std::uint64_t verificationK, const QuasiIdentifierCount& before,
                                       const QuasiIdentifierCount& after)
{
    ProtectionReport report;
    const std::vector<std::string> names = original.columnNames();
    for (const auto& model : parameters.models)
        report.privacyModels.push_back(model->describe(names));
    report.suppressionLimit = parameters.suppressionLimit;
    report.suppressionLimitRows = result.suppressionLimitRows;
    report.suppressedRows = applied.suppressedRows.size();
    report.rows = original.rowCount;
    report.metric = std::string(nameIn(utilityMetricNames, result.metric));
    report.metricValue = applied.assessment.value;
    report.classes = applied.assessment.classes;
    report.globallyOptimal = result.complete;
    report.latticeSize = result.lattice.size();
    report.transformationsChecked = result.stats.checked;
    report.transformationsTagged = result.stats.taggedAcceptable + result.stats.taggedUnacceptable;
    report.minimalTransformations = result.frontier.size();
    report.searchSeconds = result.stats.searchSeconds;
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
        const QuasiIdentifierSpec& spec = parameters.quasiIdentifiers[q];
        ProtectedColumnReport column;
        column.name = names[static_cast<std::size_t>(spec.column)];
        column.hierarchySource = spec.hierarchySource;
        column.height = result.lattice.heights()[q];
        column.level = applied.transformation.levels[q];
        column.distinctBefore = original.columns[static_cast<std::size_t>(spec.column)].distinctCount();
        column.distinctAfter = applied.table.columns[static_cast<std::size_t>(spec.column)].distinctCount();
        if (q < applied.assessment.columnValues.size())
            column.metricValue = applied.assessment.columnValues[q];
        report.columns.push_back(std::move(column));
    }
    report.verificationK = verificationK;
    report.before = before;
    report.after = after;
    return report;
}

} // namespace qiscout::core
