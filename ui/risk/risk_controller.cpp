// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/risk_controller.h"

#include <exception>
#include <utility>

namespace qiscout::ui {

RiskController::RiskController(QObject* parent)
    : QObject(parent)
    , m_run(
          this, [this] { reportProgress(); }, [this](Output output) { ended(std::move(output)); })
{}

RiskController::~RiskController() = default;

void RiskController::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    const bool wasRunning = m_run.isRunning();
    m_run.discard();
    m_table = std::move(table);
    if (wasRunning)
        Q_EMIT runningChanged(false);
}

void RiskController::start(const core::RiskParameters& parameters)
{
    if (!m_table) {
        Q_EMIT assessmentFailed(tr("Open a table before assessing its risk."));
        return;
    }
    const bool wasRunning = m_run.isRunning();
    m_progress = std::make_shared<core::RiskProgress>();
    m_run.start([table = m_table, parameters, progress = m_progress](std::stop_token stop) {
        Output output;
        try {
            output.assessment = std::make_shared<const core::RiskAssessment>(
                core::assessRisk(*table, parameters, stop, progress.get()));
        } catch (const std::exception& error) {
            output.error = QString::fromUtf8(error.what());
        }
        return output;
    });
    if (!wasRunning)
        Q_EMIT runningChanged(true);
}

void RiskController::cancel()
{
    m_run.cancel();
}

void RiskController::reportProgress()
{
    if (m_progress)
        Q_EMIT progressChanged(m_progress->done.load(), m_progress->total.load());
}

void RiskController::ended(Output output)
{
    Q_EMIT runningChanged(false);
    if (!output.error.isEmpty())
        Q_EMIT assessmentFailed(output.error);
    else if (!output.assessment->complete)
        Q_EMIT assessmentCancelled();
    else
        Q_EMIT assessmentFinished(std::move(output.assessment));
}

} // namespace qiscout::ui
