// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/protection_report.h"

#include <algorithm>

#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/report/report.h"

#include "report/report_text.h"

namespace qiscout::core {

QuasiIdentifierCount countQuasiIdentifiers(const EncodedTable& table, const SearchResult& search)
{
    QuasiIdentifierCount count;
    count.quasiIdentifiers = search.minimalSets.size();
    count.rows = table.rowCount;
    // The headline's count (#33): every protected column together, as the Protect step counts it.
    const std::optional<AllColumnsRisk> risk = search.allColumns ? search.allColumns : allColumnsRisk(table, search);
    count.rowsAtRisk = risk ? risk->rowsAtRisk : 0;
    return count;
}

std::string unprovenReason(UnprovenBecause because)
{
    switch (because) {
    case UnprovenBecause::LatticeTooLarge:
        return "The generalisation lattice was too large for the exact search, so a heuristic search chose this "
               "transformation";
    case UnprovenBecause::TimeLimit:
        return "The time limit ended the search before every transformation that might do better was priced with "
               "local suppression, so this is the best transformation it priced";
    case UnprovenBecause::Stopped:
        break;
    }
    return "The search was stopped before it ended, so this is the best transformation it had found";
}

std::vector<std::string> ProtectionReport::summary() const
{
    std::vector<std::string> sentences;
    std::string models;
    for (std::size_t i = 0; i < privacyModels.size(); ++i)
        models += (i == 0 ? "" : i + 1 == privacyModels.size() ? " and " : ", ") + privacyModels[i];
    const std::string meets = (privacyModels.size() == 1 ? "The published table meets this target: "
                                                         : "The published table meets these targets: ") +
                              models + ". ";
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
        sentences.push_back(meets +
                            (generalised.empty() ? std::string("No column was generalised")
                                                 : "The columns " + generalised + " were generalised") +
                            ", and " + countedNoun(suppressedRows, "row was", "rows were") + " suppressed (at most " +
                            groupDigits(lattice->suppressionLimitRows) + " allowed).");
    else
        sentences.push_back(meets + "The columns " + generalised +
                            " were generalised group by group (numbers to the group's interval, other values to *), "
                            "and " +
                            countedNoun(suppressedRows, "row was", "rows were") + " left out (" +
                            groupDigits(dl->removedByGrouping) + " by the grouping of the sensitive values, " +
                            groupDigits(dl->removedByGroupSize) + " by group size or equal cells).");
    if (lattice && !lattice->globallyOptimal)
        sentences.push_back(
            unprovenReason(lattice->unprovenBecause.value_or(UnprovenBecause::Stopped)) + ": it is NOT proven optimal" +
            (lattice->lowerBound ? "; no acceptable transformation has " + metric + " below " +
                                       fixedDecimals(*lattice->lowerBound, 4) + " (the best bound it proved)."
                                 : std::string(".")));
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
                            "; each row shares the values it still shows with at least " + groupDigits(verificationK) +
                            " other rows that show them too, and the re-check counts a suppressed cell as matching "
                            "any value.");
    sentences.push_back("Among the " + std::to_string(columns.size()) + " protected columns, " +
                        countedNoun(after.quasiIdentifiers, "quasi-identifier remains", "quasi-identifiers remain") +
                        " at k = " + std::to_string(verificationK) + ", and " + groupDigits(after.rowsAtRisk) +
                        " kept rows are in a group of " + std::to_string(verificationK) +
                        " or fewer on all of them together, against " +
                        countedNoun(before.quasiIdentifiers, "quasi-identifier", "quasi-identifiers") + " and " +
                        groupDigits(before.rowsAtRisk) + " rows before.");
    if (lattice && suppressedRows > 0 && suppressedRowsLeftOut)
        sentences.push_back(*suppressedRowsLeftOut
                                ? "The " + countedNoun(suppressedRows, "suppressed row is", "suppressed rows are") +
                                      " left out of the published file."
                                : "The " + countedNoun(suppressedRows, "suppressed row stays", "suppressed rows stay") +
                                      " in the published file with * in every coarsened column; the other columns "
                                      "of " +
                                      (suppressedRows == 1 ? "that row" : "those rows") +
                                      " are published as they are.");
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

namespace {

/// Values of a published column among the rows not suppressed: the "*" of suppressed rows is not a
/// value of the column (#33), unless kept rows hold it too.
std::uint64_t distinctOnKeptRows(const EncodedColumn& column, const std::vector<std::uint32_t>& suppressedRows)
{
    std::vector<bool> seen(column.distinctCount(), false);
    std::size_t next = 0;
    for (std::uint32_t row = 0; row < column.codes.size(); ++row) {
        if (next < suppressedRows.size() && suppressedRows[next] == row) {
            ++next;
            continue;
        }
        seen[column.codes[row]] = true;
    }
    return static_cast<std::uint64_t>(std::count(seen.begin(), seen.end(), true));
}

} // namespace

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
    lattice.globallyOptimal = result.optimal;
    if (!result.optimal)
        lattice.unprovenBecause = !result.complete ? UnprovenBecause::Stopped
                                  : result.lattice.size() > TransformationLattice::maxExactSize
                                      ? UnprovenBecause::LatticeTooLarge
                                      : UnprovenBecause::TimeLimit;
    lattice.lowerBound = result.lowerBound;
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
        column.distinctAfter =
            distinctOnKeptRows(applied.table.columns[static_cast<std::size_t>(spec.column)], applied.suppressedRows);
        if (q < applied.assessment.columnValues.size())
            column.metricValue = applied.assessment.columnValues[q];
        if (!applied.suppressedCells.empty())
            column.suppressedCells = applied.suppressedCells[q].size();
        report.columns.push_back(std::move(column));
    }
    std::vector<int> profiled;
    for (const QuasiIdentifierSpec& spec : parameters.quasiIdentifiers)
        profiled.push_back(spec.column);
    std::vector<ColumnLossProfile> profiles =
        informationLossProfile(original, applied.table, profiled, applied.suppressedRows, applied.suppressedCells);
    for (std::size_t q = 0; q < profiles.size(); ++q)
        report.columns[q].lossProfile = std::move(profiles[q]);
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
        report.privacyModels.push_back(minimumGroupSizeText(parameters.minGroupSize));
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
             published.columns[column].distinctCount(), anonymization.columnLoss[q], std::nullopt, std::nullopt});
    }
    const EncodedTable rowForRow =
        publishDlAnonymization(original, parameters, anonymization, DlRemovedRows::Suppressed);
    std::vector<ColumnLossProfile> profiles =
        informationLossProfile(original, rowForRow, parameters.quasiIdentifiers, anonymization.removedRows, {});
    for (std::size_t q = 0; q < profiles.size(); ++q)
        report.columns[q].lossProfile = std::move(profiles[q]);
    report.verificationK = after.k;
    report.before = countQuasiIdentifiers(original, before);
    report.after = countQuasiIdentifiers(published, after);
    return report;
}

} // namespace qiscout::core
