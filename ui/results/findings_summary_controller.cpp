// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/findings_summary_controller.h"

#include <exception>

#include <QtConcurrent/QtConcurrentRun>

namespace qiscout::ui {

FindingsSummaryController::FindingsSummaryController(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::vector<std::string>>::finished, this, [this] {
        if (!m_wanted || m_watcher.future().resultCount() == 0)
            return;
        m_wanted = false;
        QStringList sentences;
        for (const std::string& sentence : m_watcher.result())
            sentences << QString::fromStdString(sentence);
        Q_EMIT summaryReady(sentences);
    });
}

FindingsSummaryController::~FindingsSummaryController()
{
    m_stop.request_stop();
    m_watcher.waitForFinished();
}

void FindingsSummaryController::request(core::ReportInput input)
{
    m_wanted = true;
    // The summary does not name the file's hash: reading a large file again only to hash it would
    // delay the advice.
    input.fileSha256 = std::string();
    m_stop.request_stop();
    m_stop = std::stop_source();
    m_watcher.setFuture(
        QtConcurrent::run([input = std::move(input), stop = m_stop.get_token()]() -> std::vector<std::string> {
            try {
                return core::buildReport(input, {}, stop).summary;
            } catch (const std::exception&) {
                // Inconsistent input (a table replaced meanwhile): no advice rather than a crash.
                return {};
            }
        }));
}

void FindingsSummaryController::cancel()
{
    m_wanted = false;
    m_stop.request_stop();
}

} // namespace qiscout::ui
