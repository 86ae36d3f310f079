// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include <QObject>
#include <QStringList>

#include "qiscout/core/report/report.h"

#include "common/latest_run.h"

namespace qiscout::ui {

/// After a run, builds the report on a worker from Qt's thread pool to show its plain-language
/// summary and advice in the window, not only in the exported report. A new request, cancel() or
/// the destructor stops the one running: on a table of hundreds of columns its dependency
/// analysis takes long, and closing the window must not wait for it.
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
    LatestRun<std::vector<std::string>> m_run;
};

} // namespace qiscout::ui
