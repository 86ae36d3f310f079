// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include <QObject>
#include <QString>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/encoded_table.h"

#include "common/latest_run.h"

namespace qiscout::ui {

/// Assesses the record-level and population risk of the table (core::assessRisk) off the GUI
/// thread, reporting how far the SUDA search has come about 20 times a second. Cancellable;
/// starting again supersedes a running assessment.
/// Thread: lives on the GUI thread; the assessment runs on a pool thread.
class RiskController : public QObject {
    Q_OBJECT

public:
    explicit RiskController(QObject* parent = nullptr);
    ~RiskController() override;

    /// The table later assessments run on; drops a running one.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    [[nodiscard]] const std::shared_ptr<const core::EncodedTable>& table() const { return m_table; }

    /// Starts assessing with these parameters, superseding a running assessment.
    void start(const core::RiskParameters& parameters);
    /// Stops the running assessment; it ends in assessmentCancelled.
    void cancel();
    [[nodiscard]] bool isRunning() const { return m_run.isRunning(); }

Q_SIGNALS:
    /// SUDA's search has finished `done` of `total` items (total 0 until known).
    void progressChanged(quint64 done, quint64 total);
    void assessmentFinished(std::shared_ptr<const core::RiskAssessment> assessment);
    void assessmentCancelled();
    /// The parameters or the weight column cannot be used; the message says why.
    void assessmentFailed(const QString& message);
    void runningChanged(bool running);

private:
    struct Output {
        std::shared_ptr<const core::RiskAssessment> assessment;
        QString error;
    };

    void reportProgress();
    void ended(Output output);

    std::shared_ptr<const core::EncodedTable> m_table;
    std::shared_ptr<core::RiskProgress> m_progress;
    LatestRun<Output> m_run;
};

} // namespace qiscout::ui
