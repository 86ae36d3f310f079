// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <optional>
#include <stop_token>
#include <utility>

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace qiscout::ui {

/// The controllers' common set-up for long work off the GUI thread: one computation at a time on
/// a thread of its own (so that one controller's long search never waits behind another's in a
/// shared pool), stopped through a std::stop_token it polls; while it runs, `poll` is called
/// about 20 times a second on the GUI thread (for progress the work leaves in shared counters, so
/// the GUI gets batched updates, not one queued signal per step); its answer reaches `ended` on
/// the GUI thread. Starting again stops the running computation and starts the new one when the
/// stopped one has returned; only the latest computation's answer reaches `ended`.
/// Thread: lives on the GUI thread; the work runs on the thread of its one-thread pool.
template <typename Output>
class LatestRun {
public:
    using Work = std::function<Output(std::stop_token)>;

    /// `context` owns the timer and watcher connections; `poll` (may be empty: no progress to
    /// report) and `ended` run on its thread.
    LatestRun(QObject* context, std::function<void()> poll, std::function<void(Output)> ended)
        : m_poll(std::move(poll))
        , m_ended(std::move(ended))
    {
        m_pool.setMaxThreadCount(1);
        m_pollTimer.setInterval(pollIntervalMs);
        QObject::connect(&m_pollTimer, &QTimer::timeout, context, [this] { reportProgress(); });
        QObject::connect(&m_watcher, &QFutureWatcher<Output>::finished, context, [this] { finished(); });
    }
    LatestRun(const LatestRun&) = delete;
    LatestRun& operator=(const LatestRun&) = delete;

    ~LatestRun()
    {
        m_stop.request_stop();
        m_watcher.waitForFinished();
    }

    /// Runs `work`, first stopping (and superseding) a running computation.
    void start(Work work)
    {
        m_active = true;
        // A discarded computation that still runs is waited for, like a stopped one.
        if (m_watcher.isRunning()) {
            m_stop.request_stop();
            m_next = std::move(work);
            return;
        }
        launch(std::move(work));
    }

    /// Asks the running computation to stop; its answer still reaches `ended` (the work says what
    /// a stopped run returns). Drops a start() that waits for a stopped run.
    void cancel()
    {
        m_next.reset();
        m_stop.request_stop();
    }

    /// Stops the running computation and drops its answer (the input it works on is gone); from
    /// now on nothing runs as far as the caller is concerned.
    void discard()
    {
        cancel();
        m_discarded = true;
        m_active = false;
    }

    /// True from start() until the latest computation has returned (and its answer, unless
    /// discarded, has reached `ended`).
    [[nodiscard]] bool isRunning() const { return m_active; }

private:
    static constexpr int pollIntervalMs = 50;

    void launch(Work work)
    {
        m_stop = std::stop_source();
        m_discarded = false;
        m_watcher.setFuture(
            QtConcurrent::run(&m_pool, [work = std::move(work), token = m_stop.get_token()] { return work(token); }));
        if (m_poll)
            m_pollTimer.start();
    }

    void reportProgress()
    {
        if (m_poll)
            m_poll();
    }

    void finished()
    {
        if (m_next) {
            Work next = std::move(*m_next);
            m_next.reset();
            launch(std::move(next));
            return;
        }
        m_pollTimer.stop();
        m_active = false;
        if (m_discarded)
            return;
        reportProgress();
        m_ended(m_watcher.result());
    }

    std::function<void()> m_poll;
    std::function<void(Output)> m_ended;
    /// Declared before the watcher: its thread is joined after the last computation has returned.
    QThreadPool m_pool;
    QFutureWatcher<Output> m_watcher;
    QTimer m_pollTimer;
    std::stop_source m_stop;
    std::optional<Work> m_next;
    bool m_discarded = false;
    bool m_active = false;
};

} // namespace qiscout::ui
