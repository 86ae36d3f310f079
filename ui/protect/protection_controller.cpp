// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/protection_controller.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

#include <QLocale>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/report/protected_release.h"

#include "common/event_batch.h"
#include "results/set_classes.h"

namespace qiscout::ui {

/// Collects the search's events until the GUI's poll takes them.
class TransformationEventBuffer final : public core::AnonymizationObserver,
                                        public EventBatch<core::TransformationEvent, core::AnonymizationCounters> {
public:
    void transformationsReported(std::span<const core::TransformationEvent> events,
                                 const core::AnonymizationCounters& counters) override
    {
        add(events, counters);
    }
};

namespace {

/// The checks of one side of the comparison: groups on all protected columns, and the
/// quasi-identifier search among them with its k = protection k - 1 (groups of fewer than k rows).
ProtectionCheck checkColumns(const core::EncodedTable& table, core::ColumnSet columns, std::uint64_t k,
                             std::optional<int> threads, std::stop_token stop,
                             core::MissingSemantics semantics = core::MissingSemantics::Value)
{
    ProtectionCheck check;
    check.rows = table.rowCount;
    const std::uint64_t scanK = k > 0 ? k - 1 : 0;
    SetClasses classes = computeSetClasses(table, columns, scanK, stop, semantics);
    check.classSizes = std::move(classes.classSizes);
    check.rowsAtRisk = classes.isolatedRows.size();
    // Without a small group on all columns together no subset of them has one either.
    check.reported.rows = table.rowCount;
    if (scanK >= 1 && !columns.empty() && check.rowsAtRisk > 0) {
        core::SearchParameters parameters;
        parameters.k = scanK;
        parameters.columns = columns;
        parameters.threads = threads;
        parameters.missingSemantics = semantics;
        core::NullObserver observer;
        const core::SearchResult result =
            core::runSearch(table, parameters, core::Algorithm::Auto, std::move(stop), observer);
        check.quasiIdentifiers = result.minimalSets.size();
        check.reported = core::countQuasiIdentifiers(table, result);
    }
    return check;
}

/// The original table's quasi-identifier columns.
core::ColumnSet quasiIdentifierColumns(const core::AnonymizationParameters& parameters)
{
    core::ColumnSet columns;
    for (const auto& spec : parameters.quasiIdentifiers)
        columns = columns.with(spec.column);
    return columns;
}

std::shared_ptr<const ProtectionOutcome>
computeOutcome(const core::EncodedTable& table, const core::AnonymizationParameters& parameters,
               const core::AnonymizationResult* result, const core::Transformation& transformation, std::uint64_t k,
               std::shared_ptr<const ProtectionCheck> before, std::stop_token stop)
{
    auto outcome = std::make_shared<ProtectionOutcome>();
    outcome->transformation = transformation;
    outcome->k = k;
    core::ProtectedTable protectedTable = core::applyTransformation(table, parameters, transformation);
    outcome->assessment = protectedTable.assessment;
    if (parameters.metric == core::UtilityMetric::Loss) {
        outcome->columnLoss = protectedTable.assessment.columnValues;
    } else {
        core::AnonymizationParameters withLoss = parameters;
        withLoss.metric = core::UtilityMetric::Loss;
        outcome->columnLoss = core::assessTransformation(table, withLoss, transformation).columnValues;
    }
    if (stop.stop_requested())
        return nullptr;
    const core::EncodedTable kept = core::keptQuasiIdentifierTable(protectedTable, parameters);
    // A locally suppressed cell is counted as matching any value (sdcMicro's semantics), which every
    // answer of the search also meets: its own rule, each row protected by its own cells, is stricter (#34).
    outcome->after =
        checkColumns(kept, core::ColumnSet::firstN(static_cast<int>(kept.columnCount())), k, parameters.threads, stop,
                     parameters.localSuppression ? core::MissingSemantics::Wildcard : core::MissingSemantics::Value);
    if (before) {
        outcome->before = *before;
    } else {
        outcome->before = checkColumns(table, quasiIdentifierColumns(parameters), k, parameters.threads, stop);
    }
    if (stop.stop_requested())
        return nullptr;
    if (result)
        outcome->report = std::make_shared<const core::ProtectionReport>(core::buildProtectionReport(
            table, parameters, *result, protectedTable, std::max<std::uint64_t>(1, k > 0 ? k - 1 : 0),
            outcome->before.reported, outcome->after.reported));
    outcome->release = core::latticeRelease(protectedTable, parameters);
    std::vector<int> columns;
    for (const auto& spec : parameters.quasiIdentifiers)
        columns.push_back(spec.column);
    outcome->lossProfile = core::informationLossProfile(table, protectedTable.table, columns,
                                                        protectedTable.suppressedRows, protectedTable.suppressedCells);
    outcome->suppressedRows = std::move(protectedTable.suppressedRows);
    outcome->suppressedCells = std::move(protectedTable.suppressedCells);
    outcome->protectedTable = std::make_shared<const core::EncodedTable>(std::move(protectedTable.table));
    return outcome;
}

} // namespace

ProtectionController::ProtectionController(QObject* parent)
    : QObject(parent)
    , m_search(
          this, [this] { drain(); }, [this](const SearchOutput& output) { searchEnded(output); })
    , m_outcomeRun(this, nullptr, [this](const OutcomeOutput& output) { outcomeEnded(output); })
{}

ProtectionController::~ProtectionController() = default;

void ProtectionController::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    // What runs on the old table has nothing to say about the new one.
    m_search.discard();
    m_outcomeRun.discard();
    m_buffer.reset();
    m_table = std::move(table);
    m_result.reset();
    m_outcome.reset();
    m_before.reset();
}

void ProtectionController::start(const core::ProtectionSettings& settings)
{
    if (!m_table) {
        Q_EMIT searchFailed(tr("Open a table before protecting it."));
        return;
    }
    std::optional<core::TransformationLattice> lattice;
    QStringList names;
    try {
        core::AnonymizationParameters parameters = core::toAnonymizationParameters(*m_table, settings);
        if (parameters.quasiIdentifiers.empty())
            throw core::AnonymizationParameterError("Choose at least one column to generalise.");
        for (const auto& spec : parameters.quasiIdentifiers)
            names << QString::fromStdString(m_table->columns[static_cast<std::size_t>(spec.column)].name);
        // The cap on each column's loss cuts hierarchies, so the lattice is the search's, not theirs.
        lattice = core::searchedLattice(*m_table, parameters);
        const bool fits = lattice->size() <= core::TransformationLattice::maxExactSize;
        if (!fits && parameters.localSuppression)
            throw core::AnonymizationParameterError(
                tr("Coarsening these columns allows %1 ways, more than the %2 the exact search takes, and single "
                   "cells are suppressed only with the exact search. Tick fewer columns or use shorter hierarchies, "
                   "or suppress whole rows: then a search with a time limit answers.")
                    .arg(QLocale().toString(static_cast<qulonglong>(lattice->size())),
                         QLocale().toString(static_cast<qulonglong>(core::TransformationLattice::maxExactSize)))
                    .toStdString());
        // The choices list and the lattice view offer every minimal acceptable transformation; with
        // local suppression every transformation is acceptable, so there is no frontier, and beyond
        // the exact search's reach the heuristic search finds none (#40).
        parameters.fullFrontier = !parameters.localSuppression && fits;
        parameters.strategy = core::LatticeSearchStrategy::ExactWhereItFits;
        m_parameters = std::move(parameters);
    } catch (const std::exception& error) {
        Q_EMIT searchFailed(QString::fromUtf8(error.what()));
        return;
    }
    m_settings = settings;
    m_result.reset();
    m_outcome.reset();
    m_before.reset();
    // An outcome of the previous search's lattice is no answer to this one.
    m_outcomeRun.discard();
    // A fresh buffer: what a superseded search still reports goes to its own, which nobody reads.
    m_buffer = std::make_shared<TransformationEventBuffer>();
    Q_EMIT searchStarted(*lattice, names);
    // One search at a time: LatestRun starts this one once a cancelled one has returned.
    m_search.start([table = m_table, parameters = m_parameters, buffer = m_buffer](std::stop_token token) {
        SearchOutput output;
        try {
            output.result = std::make_shared<const core::AnonymizationResult>(
                core::runAnonymization(*table, parameters, token, *buffer));
        } catch (const std::exception& error) {
            output.error = QString::fromUtf8(error.what());
        }
        return output;
    });
}

void ProtectionController::cancel()
{
    m_search.cancel();
}

void ProtectionController::drain()
{
    if (!m_buffer)
        return;
    auto events = std::make_shared<std::vector<core::TransformationEvent>>();
    core::AnonymizationCounters counters;
    if (m_buffer->take(*events, counters))
        Q_EMIT eventsReported(std::move(events), counters);
}

void ProtectionController::searchEnded(const SearchOutput& output)
{
    m_buffer.reset();
    if (!output.error.isEmpty()) {
        Q_EMIT searchFailed(output.error);
        return;
    }
    m_result = output.result;
    Q_EMIT searchFinished(m_result);
    std::optional<core::Transformation> shown;
    if (m_settings.chosenLevels && m_settings.chosenLevels->size() == m_parameters.quasiIdentifiers.size()) {
        bool fits = true;
        for (std::size_t q = 0; q < m_settings.chosenLevels->size(); ++q)
            fits = fits && (*m_settings.chosenLevels)[q] >= 0 &&
                   (*m_settings.chosenLevels)[q] <= m_parameters.quasiIdentifiers[q].hierarchy.height();
        if (fits)
            shown = core::Transformation{*m_settings.chosenLevels};
    }
    if (!shown && m_result->optimum)
        shown = m_result->optimum->transformation;
    if (shown)
        choose(*shown);
}

void ProtectionController::choose(const core::Transformation& transformation)
{
    if (!m_table || transformation.levels.size() != m_parameters.quasiIdentifiers.size())
        return;
    m_outcomeRun.start([table = m_table, parameters = m_parameters, result = m_result, transformation, k = m_settings.k,
                        before = m_before](std::stop_token token) {
        OutcomeOutput output;
        try {
            output.outcome = computeOutcome(*table, parameters, result.get(), transformation, k, before, token);
        } catch (const std::exception& error) {
            output.error = QString::fromUtf8(error.what());
        }
        return output;
    });
}

void ProtectionController::outcomeEnded(const OutcomeOutput& output)
{
    if (!output.error.isEmpty()) {
        Q_EMIT outcomeFailed(output.error);
        return;
    }
    // Stopped on the way: computeOutcome has nothing to show.
    if (!output.outcome)
        return;
    m_outcome = output.outcome;
    if (!m_before)
        m_before = std::make_shared<const ProtectionCheck>(m_outcome->before);
    Q_EMIT outcomeReady(m_outcome);
}

} // namespace qiscout::ui
