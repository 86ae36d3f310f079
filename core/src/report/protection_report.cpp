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
    for (const std::uint32_t isolating : isolatingSetCounts(table, sets, search.k, search.missingSemantics))
        count.rowsAtRisk += isolating > 0 ? 1 : 0;
    return count;
}

std::vector<std::string> ProtectionReport::summary() const
{
    std::vector<std::string> sentences;
    std::string models;
    for (std::size_t i = 0; i < privacyModels.size(); ++i)
        models += (i == 0 ? "" : i + 1 == privacyModels.size() ? " and " : ", ") + privacyModels[i];
    const auto* lattice = std::get_if<LatticeSearchFacts>(&method);
    const auto* dl = std::get_if<DlInferenceFacts>(&method);
    std::string generalised;
    for (const ProtectedColumnReport& column : columns) {
        if (lattice && column.level.value_or(0) > 0)
            generalised += (generalised.empty() ? "" : ", ") + column.name + " (level " +
                           std::to_string(*column.level) + " of " + std::to_string(column.height.value_or(0)) + ")";
        if (dl)
            generalised += (generalised.empty() ? "" : ", ") + column.name;
    }
    if (lattice)
        sentences.push_back("The published table meets " + models + ": " +
                            (generalised.empty() ? std::string("no column was generalised")
                                                 : "the columns " + generalised + " were generalised") +
                            ", and " + countedNoun(suppressedRows, "row was", "rows were") + " suppressed (at most " +
                            groupDigits(lattice->suppressionLimitRows) + " allowed).");
    else
        sentences.push_back("The published table meets " + models + ": the columns " + generalised +
                            " were generalised group by group (numbers to the group's interval, other values to *), "
                            "and " +
                            countedNoun(suppressedRows, "row was", "rows were") + " left out (" +
                            groupDigits(dl->removedByGrouping) + " by the grouping of the sensitive values, " +
                            groupDigits(dl->removedByGroupSize) + " by group size or equal cells).");
    std::uint64_t cells = 0;
    std::string cellsByColumn;
    for (const ProtectedColumnReport& column : columns) {
        if (column.suppressedCells.value_or(0) == 0)
            continue;
        cells += *column.suppressedCells;
        cellsByColumn += (cellsByColumn.empty() ? "" : ", ") + column.name + " " + groupDigits(*column.suppressedCells);
    }
    if (lattice && !columns.empty() && columns.front().suppressedCells)
        sentences.push_back("Local suppression replaced " + countedNoun(cells, "key cell", "key cells") + " by *" +
                            (cellsByColumn.empty() ? std::string() : " (" + cellsByColumn + ")") +
                            "; a suppressed cell matches any value when classes are counted, and the re-check "
                            "counts it so.");
    sentences.push_back("Among the " + std::to_string(columns.size()) + " protected columns, " +
                        countedNoun(after.quasiIdentifiers, "quasi-identifier remains", "quasi-identifiers remain") +
                        " at k = " + std::to_string(verificationK) + " (" + groupDigits(after.rowsAtRisk) +
                        " kept rows at risk), against " +
                        countedNoun(before.quasiIdentifiers, "quasi-identifier", "quasi-identifiers") + " (" +
                        groupDigits(before.rowsAtRisk) + " rows at risk) before.");
    if (lattice)
        sentences.push_back(std::string(lattice->globallyOptimal
                                            ? "This is the globally optimal transformation"
                                            : "This is the best transformation found before the search "
                                              "was stopped") +
                            " for the " + metric + " metric among " + groupDigits(lattice->latticeSize) + " (" +
                            groupDigits(lattice->transformationsChecked) + " checked, " +
                            groupDigits(lattice->transformationsTagged) + " settled without a check)" +
                            (lattice->minimalTransformations
                                 ? "; " +
                                       countedNoun(*lattice->minimalTransformations, "minimal transformation meets",
                                                   "minimal transformations meet") +
                                       " the models."
                                 : "; the others cannot beat it."));
    else
        sentences.push_back("The " + dl->heuristic + " grouping made " + countedNoun(classes, "QI-group", "QI-groups") +
                            ", with a generalised loss (the FFD paper's Definition 1) of " +
                            fixedDecimals(metricValue, 4) + ".");
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
    LatticeSearchFacts lattice;
    lattice.suppressionLimit = parameters.suppressionLimit;
    lattice.suppressionLimitRows = result.suppressionLimitRows;
    lattice.globallyOptimal = result.complete;
    lattice.latticeSize = result.lattice.size();
    lattice.transformationsChecked = result.stats.checked;
    lattice.transformationsTagged = result.stats.taggedAcceptable + result.stats.taggedUnacceptable;
    if (result.frontier)
        lattice.minimalTransformations = result.frontier->size();
    report.method = lattice;
    report.suppressedRows = applied.suppressedRows.size();
    report.rows = original.rowCount;
    report.metric = std::string(nameIn(utilityMetricNames, result.metric));
    report.metricValue = applied.assessment.value;
    report.classes = applied.assessment.classes;
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
        if (!applied.suppressedCells.empty())
            column.suppressedCells = applied.suppressedCells[q].size();
        report.columns.push_back(std::move(column));
    }
    report.verificationK = verificationK;
    report.before = before;
    report.after = after;
    return report;
}

ProtectionReport buildProtectionReport(const EncodedTable& original, const DlAnonymizationParameters& parameters,
                                       const DlAnonymization& anonymization, const EncodedTable& published,
                                       const SearchResult& before, const SearchResult& after)
{
    ProtectionReport report;
    const std::vector<std::string> names = original.columnNames();
    report.privacyModels.push_back("(d, l)-inference on " + names[static_cast<std::size_t>(parameters.sensitive)] +
                                   " (d = " + std::to_string(parameters.d) + ", l = " + std::to_string(parameters.l) +
                                   ")");
    if (parameters.minGroupSize > 1)
        report.privacyModels.push_back(std::to_string(parameters.minGroupSize) + "-anonymity");
    report.method = DlInferenceFacts{std::string(nameIn(partitionHeuristicNames, parameters.heuristic)),
                                     anonymization.stats.groupingRemovedRows, anonymization.stats.phase2RemovedRows};
    report.suppressedRows = anonymization.removedRows.size();
    report.rows = original.rowCount;
    report.metric = "generalised-loss";
    report.metricValue = anonymization.informationLoss;
    report.classes = anonymization.groups.size();
    report.searchSeconds = anonymization.stats.phase1Seconds + anonymization.stats.phase2Seconds;
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
        const auto column = static_cast<std::size_t>(parameters.quasiIdentifiers[q]);
        const ColumnType type = original.columns[column].type;
        report.columns.push_back(
            {names[column],
             type == ColumnType::Integer || type == ColumnType::Decimal ? "group intervals" : "group values or *",
             std::nullopt, std::nullopt, original.columns[column].distinctCount(),
             published.columns[column].distinctCount(), anonymization.columnLoss[q], std::nullopt});
    }
    report.verificationK = after.k;
    report.before = countQuasiIdentifiers(original, before);
    report.after = countQuasiIdentifiers(published, after);
    return report;
}

} // namespace qiscout::core
