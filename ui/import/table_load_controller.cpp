// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/table_load_controller.h"

#include <QThread>

namespace qiscout::ui {
namespace {

constexpr int progressIntervalMs = 50;

} // namespace

TableLoadController::TableLoadController(QObject* parent) : QObject(parent)
{
    m_progressTimer.setInterval(progressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_progress)
            Q_EMIT progressChanged(m_progress->done.load(std::memory_order_relaxed),
                                   m_progress->total.load(std::memory_order_relaxed));
    });
}

TableLoadController::~TableLoadController()
{
    finishThread();
}

void TableLoadController::finishThread()
{
    if (!m_thread)
        return;
    m_stop.request_stop();
    m_thread->wait();
    m_thread.reset();
    m_progressTimer.stop();
}

void TableLoadController::load(const QString& path, const core::LoadOptions& options)
{
    finishThread();
    const auto generation = ++m_generation;
    m_stop = std::stop_source();
    m_progress = std::make_shared<Progress>();
    const auto progress = m_progress;
    const auto token = m_stop.get_token();
    m_thread.reset(QThread::create([this, generation, path, options, progress, token] {
        std::shared_ptr<const core::EncodedTable> table;
        LoadFailure failure;
        bool cancelled = false;
        try {
            table = std::make_shared<const core::EncodedTable>(core::loadTable(
                path.toStdString(), options, token, [&progress](std::uint64_t done, std::uint64_t total) {
                    progress->done.store(done, std::memory_order_relaxed);
                    progress->total.store(total, std::memory_order_relaxed);
                }));
        } catch (const core::LoadError& error) {
            cancelled = error.kind() == core::LoadErrorKind::Cancelled;
            failure = {QString::fromUtf8(error.what()), QString::fromStdString(error.file()), error.line(),
                       error.column()};
        } catch (const std::exception& error) {
            failure = {QString::fromUtf8(error.what()), path, 0, 0};
        }
        QMetaObject::invokeMethod(
            this,
            [this, generation, table, failure, cancelled, path, options] {
                if (generation != m_generation)
                    return;
                m_thread->wait();
                m_thread.reset();
                m_progressTimer.stop();
                if (table)
                    Q_EMIT tableLoaded(table, path, options);
                else if (cancelled)
                    Q_EMIT loadCancelled();
                else
                    Q_EMIT loadFailed(failure);
            },
            Qt::QueuedConnection);
    }));
    m_thread->setObjectName(QStringLiteral("TableLoad"));
    m_progressTimer.start();
    m_thread->start();
}

void TableLoadController::cancel()
{
    if (m_thread)
        m_stop.request_stop();
}

} // namespace qiscout::ui
