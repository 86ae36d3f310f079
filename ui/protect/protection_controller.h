// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QStringList>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/report/dependency_analysis.h"
#include "qiscout/core/report/protection_report.h"
#include "qiscout/core/table/encoded_table.h"

#include "common/latest_run.h"

namespace qiscout::ui {

class TransformationEventBuffer;

/// One side of the before/after comparison: the quasi-identifier columns of the original table,
/// or the kept rows of the protected one, checked at the protection's k.
/// Under local suppression the protected side counts a suppressed cell as matching any value
/// (MissingSemantics::Wildcard), as sdcMicro does; the original side, as the report's search does,
/// by value.
struct ProtectionCheck {
    /// Rows looked at (the protected side leaves the withheld rows out).
    std::uint64_t rows = 0;
    /// Minimal quasi-identifiers among the protected columns: sets on which some group has fewer
    /// than k rows (the quasi-identifier search re-run with its k = k - 1).
    std::uint64_t quasiIdentifiers = 0;
    /// Rows in groups of fewer than k rows on all protected columns together.
    std::uint64_t rowsAtRisk = 0;
    /// Row count of every group on all protected columns together.
    std::vector<std::uint32_t> classSizes;
    /// As a report counts them: the quasi-identifiers, and the rows some of them isolate.
    core::QuasiIdentifierCount reported;
};

/// Everything the result view shows for one chosen transformation.
struct ProtectionOutcome {
    core::Transformation transformation;
    /// With the metric the search minimised.
    core::TransformationAssessment assessment;
    /// Information lost per quasi-identifier (the loss metric, 0..1), whatever the chosen metric.
    std::vector<double> columnLoss;
    /// The published table: generalised values, withheld rows as "*".
    std::shared_ptr<const core::EncodedTable> protectedTable;
    /// Ascending rows withheld.
    std::vector<std::uint32_t> suppressedRows;
    /// Local suppression (#34): per quasi-identifier (parameter order), the ascending rows whose
    /// cell is "*"; empty without.
    std::vector<std::vector<std::uint32_t>> suppressedCells;
    /// What each quasi-identifier lost, as data (#34), in parameter order.
    std::vector<core::ColumnLossProfile> lossProfile;
    ProtectionCheck before;
    ProtectionCheck after;
    std::uint64_t k = 0;
    /// The report's "Protection applied" section on this outcome (outputPath left empty); unset for
    /// a transformation picked while the search still ran.
    std::shared_ptr<const core::ProtectionReport> report;
    /// The published table as the report's dependencies section checks it against the FFD attack;
    /// unset without an l-diversity model.
    std::optional<core::ProtectedRelease> release;
};

/// Runs the anonymisation search off the GUI thread and reports its progress in batches at about
/// 20 Hz; then works out the outcome of the optimum, or of any transformation the user picks: the
/// protected table and the before/after check. Starting again, or picking again, stops what runs
/// and drops its late answer (a LatestRun each for the search and the outcome).
/// Thread: lives on the GUI thread; the search and the outcomes run on their LatestRuns' threads.
class ProtectionController : public QObject {
    Q_OBJECT

public:
    explicit ProtectionController(QObject* parent = nullptr);
    ~ProtectionController() override;

    /// The table later runs protect; stops what runs.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    [[nodiscard]] const std::shared_ptr<const core::EncodedTable>& table() const { return m_table; }

    /// Starts a search with these settings (cancelling a running one). A valid chosenLevels is
    /// worked out instead of the optimum once the search ends.
    void start(const core::ProtectionSettings& settings);
    /// Stops the search; it reports searchFinished with what it settled (complete = false).
    void cancel();
    /// Works out the outcome of a transformation of the latest search's lattice.
    void choose(const core::Transformation& transformation);

    [[nodiscard]] bool isRunning() const { return m_search.isRunning(); }
    [[nodiscard]] bool isChoosing() const { return m_outcomeRun.isRunning(); }
    /// The latest search's answer, if it has ended.
    [[nodiscard]] const std::shared_ptr<const core::AnonymizationResult>& result() const { return m_result; }
    /// The latest outcome, if any.
    [[nodiscard]] const std::shared_ptr<const ProtectionOutcome>& outcome() const { return m_outcome; }
    /// The settings of the latest search.
    [[nodiscard]] const core::ProtectionSettings& settings() const { return m_settings; }
    /// The parameters of the latest search, resolved against the table.
    [[nodiscard]] const core::AnonymizationParameters& parameters() const { return m_parameters; }

Q_SIGNALS:
    /// A search began over this lattice; names are the quasi-identifiers' columns.
    void searchStarted(const core::TransformationLattice& lattice, const QStringList& quasiIdentifierNames);
    /// Events since the last report, in order, with the latest totals.
    void eventsReported(std::shared_ptr<const std::vector<core::TransformationEvent>> events,
                        core::AnonymizationCounters counters);
    /// The latest search ended (complete, or cancelled with what it found).
    void searchFinished(std::shared_ptr<const core::AnonymizationResult> result);
    /// The latest search could not run (a hierarchy that does not fit, a lattice too large, ...).
    void searchFailed(const QString& message);
    /// The outcome of the latest chosen transformation.
    void outcomeReady(std::shared_ptr<const ProtectionOutcome> outcome);
    void outcomeFailed(const QString& message);

private:
    struct SearchOutput {
        std::shared_ptr<const core::AnonymizationResult> result;
        QString error;
    };
    struct OutcomeOutput {
        std::shared_ptr<const ProtectionOutcome> outcome;
        QString error;
    };

    void drain();
    void searchEnded(const SearchOutput& output);
    void outcomeEnded(const OutcomeOutput& output);

    std::shared_ptr<const core::EncodedTable> m_table;
    core::ProtectionSettings m_settings;
    core::AnonymizationParameters m_parameters;
    std::shared_ptr<const core::AnonymizationResult> m_result;
    std::shared_ptr<const ProtectionOutcome> m_outcome;
    /// The original side of the comparison, worked out once per search.
    std::shared_ptr<const ProtectionCheck> m_before;
    /// The latest search's events, until drain() takes them.
    std::shared_ptr<TransformationEventBuffer> m_buffer;
    LatestRun<SearchOutput> m_search;
    LatestRun<OutcomeOutput> m_outcomeRun;
};

} // namespace qiscout::ui
