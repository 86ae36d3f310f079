// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/search_controller.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <utility>

#include <QThread>

#include "qiscout/core/engines/search_engine.h"

namespace qiscout::ui {

/// Collects engine events until the GUI's drain timer takes them.
/// Thread: eventsReported runs on the engine thread, take() on the GUI thread; both lock.
class EventBuffer final : public core::SearchObserver {
public:
    void eventsReported(std::span<const core::NodeEvent> events, const core::SearchCounters& counters) override
    {
        const std::lock_guard lock(m_mutex);
        m_events.insert(m_events.end(), events.begin(), events.end());
        m_counters = counters;
        m_fresh = true;
    }

    /// Moves out what arrived since the last call; false when nothing did.
    bool take(std::vector<core::NodeEvent>& events, core::SearchCounters& counters)
    {
        const std::lock_guard lock(m_mutex);
        if (!m_fresh)
            return false;
        events.swap(m_events);
        counters = m_counters;
        m_fresh = false;
        return true;
    }

private:
    std::mutex m_mutex;
    std::vector<core::NodeEvent> m_events;
    core::SearchCounters m_counters;
    bool m_fresh = false;
};

struct SearchController::Run {
    quint64 generation = 0;
    std::stop_source stop;
    std::shared_ptr<EventBuffer> buffer = std::make_shared<EventBuffer>();
    std::unique_ptr<QThread> thread;
};

namespace {

constexpr int drainIntervalMs = 50;
constexpr int debounceMs = 150;

} // namespace

SearchController::SearchController(QObject* parent) : QObject(parent)
{
    m_drainTimer.setInterval(drainIntervalMs);
    connect(&m_drainTimer, &QTimer::timeout, this, &SearchController::drain);
    m_debounceTimer.setSingleShot(true);
    m_debounceTimer.setInterval(debounceMs);
    connect(&m_debounceTimer, &QTimer::timeout, this, [this] {
        if (m_debounced)
            start(*std::exchange(m_debounced, std::nullopt));
    });
}

SearchController::~SearchController()
{
    if (m_run) {
        m_run->stop.request_stop();
        m_run->thread->wait();
    }
}

void SearchController::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_debounceTimer.stop();
    m_debounced.reset();
    m_pending.reset();
    if (m_run)
        m_run->stop.request_stop();
    ++m_generation;
    m_drainTimer.stop();
    m_table = std::move(table);
    setActive(false);
}

void SearchController::start(const SearchRequest& request)
{
    m_debounceTimer.stop();
    m_debounced.reset();
    ++m_generation;
    m_cancelRequested = false;
    setActive(true);
    if (m_run) {
        // One engine at a time: the new search starts when the cancelled one has returned.
        m_run->stop.request_stop();
        m_pending = request;
        return;
    }
    launch(request);
}

void SearchController::restartDebounced(const SearchRequest& request)
{
    m_debounced = request;
    m_debounceTimer.start();
}

void SearchController::cancel()
{
    m_debounceTimer.stop();
    m_debounced.reset();
    m_pending.reset();
    if (m_run) {
        m_cancelRequested = true;
        m_run->stop.request_stop();
    }
}

void SearchController::launch(const SearchRequest& request)
{
    if (!m_table) {
        setActive(false);
        Q_EMIT searchFailed(tr("Open a table before running the analysis."));
        return;
    }
    m_run = std::make_unique<Run>();
    m_run->generation = m_generation;
    const auto table = m_table;
    const auto generation = m_generation;
    const auto token = m_run->stop.get_token();
    const auto buffer = m_run->buffer;
    m_run->thread.reset(QThread::create([this, table, request, generation, token, buffer] {
        std::shared_ptr<const core::SearchResult> result;
        QString error;
        try {
            result = std::make_shared<const core::SearchResult>(
                core::runSearch(*table, request.parameters, request.algorithm, token, *buffer));
        } catch (const std::exception& exception) {
            error = QString::fromUtf8(exception.what());
        }
        QMetaObject::invokeMethod(
            this, [this, generation, result, error] { runEnded(generation, result, error); }, Qt::QueuedConnection);
    }));
    m_run->thread->setObjectName(QStringLiteral("FpviSearch"));

    const auto columns =
        request.parameters.columns.value_or(core::ColumnSet::firstN(static_cast<int>(table->columnCount())));
    const int maxSetSize =
        std::clamp(request.parameters.maxSetSize.value_or(columns.size()), 1, std::max(columns.size(), 1));
    Q_EMIT searchStarted(columns, maxSetSize, request.parameters.k);
    m_drainTimer.start();
    m_run->thread->start();
}

void SearchController::drain()
{
    if (!m_run || m_run->generation != m_generation)
        return;
    auto events = std::make_shared<std::vector<core::NodeEvent>>();
    core::SearchCounters counters;
    if (m_run->buffer->take(*events, counters))
        Q_EMIT eventsReported(std::move(events), counters);
}

void SearchController::runEnded(quint64 generation, std::shared_ptr<const core::SearchResult> result,
                                const QString& error)
{
    const bool latest = generation == m_generation;
    if (latest)
        drain();
    if (m_run && m_run->generation == generation) {
        m_run->thread->wait();
        m_run.reset();
    }
    if (m_pending) {
        launch(*std::exchange(m_pending, std::nullopt));
        return;
    }
    if (!latest)
        return;
    m_drainTimer.stop();
    setActive(false);
    if (!error.isEmpty())
        Q_EMIT searchFailed(error);
    else if (result->complete || !m_cancelRequested)
        Q_EMIT searchFinished(std::move(result));
    else
        Q_EMIT searchCancelled(std::move(result));
}

void SearchController::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    Q_EMIT runningChanged(active);
}

} // namespace qiscout::ui
