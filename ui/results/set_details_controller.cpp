// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/set_details_controller.h"

#include <QtConcurrent/QtConcurrentRun>

namespace qiscout::ui {

SetDetailsController::SetDetailsController(QObject* parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<SetClasses>::finished, this, [this] {
        // A computation that ended just as it was cancelled still reports; its answer is not wanted.
        if (m_stop.stop_requested() || m_watcher.future().resultCount() == 0)
            return;
        const SetClasses classes = m_watcher.result();
        if (classes.complete)
            Q_EMIT classesReady(classes);
    });
}

SetDetailsController::~SetDetailsController()
{
    m_stop.request_stop();
    m_watcher.waitForFinished();
}

void SetDetailsController::request(std::shared_ptr<const core::EncodedTable> table, core::ColumnSet set,
                                   std::uint64_t k)
{
    cancel();
    m_stop = std::stop_source();
    m_watcher.setFuture(QtConcurrent::run([table = std::move(table), set, k, token = m_stop.get_token()] {
        return computeSetClasses(*table, set, k, token);
    }));
}

void SetDetailsController::cancel()
{
    m_stop.request_stop();
}

} // namespace qiscout::ui
