// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include "qiscout/core/report/report.h"

namespace qiscout::ui {

/// After a run, builds the report on a worker from Qt's thread pool to show its plain-language
/// summary and advice in the window, not only in the exported report. A new request or cancel()
/// drops the answer of the one running (building a report cannot be interrupted).
/// Thread: lives on the GUI thread; core::buildReport runs on a pool thread.
class FindingsSummaryController : public QObject {
    Q_OBJECT

public:
    explicit FindingsSummaryController(QObject* parent = nullptr);
    ~FindingsSummaryController() override;

    /// Starts summarising this run; summaryReady follows unless cancelled or superseded.
    void request(core::ReportInput input);
    /// Drops the answer of the running summary.
    void cancel();

Q_SIGNALS:
    /// The report's summary sentences, most important first.
    void summaryReady(const QStringList& sentences);

private:
    QFutureWatcher<std::vector<std::string>> m_watcher;
    bool m_wanted = false;
};

} // namespace qiscout::ui
