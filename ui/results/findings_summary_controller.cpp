// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/findings_summary_controller.h"

#include <exception>

namespace qiscout::ui {

FindingsSummaryController::FindingsSummaryController(QObject* parent)
    : QObject(parent)
    , m_run(this, nullptr, [this](const std::vector<std::string>& summary) {
        QStringList sentences;
        for (const std::string& sentence : summary)
            sentences << QString::fromStdString(sentence);
        Q_EMIT summaryReady(sentences);
    })
{}

FindingsSummaryController::~FindingsSummaryController() = default;

void FindingsSummaryController::request(core::ReportInput input)
{
    // The summary does not name the file's hash: reading a large file again only to hash it would
    // delay the advice.
    input.fileSha256 = std::string();
    m_run.start([input = std::move(input)](std::stop_token stop) -> std::vector<std::string> {
        try {
            return core::buildReport(input, {}, stop).summary;
        } catch (const std::exception&) {
            // Inconsistent input (a table replaced meanwhile): no advice rather than a crash.
            return {};
        }
    });
}

void FindingsSummaryController::cancel()
{
    m_run.discard();
}

} // namespace qiscout::ui
