// SPDX-License-Identifier: GPL-3.0-or-later
// Collects a search's events and counters and hands them to its observer in batches.
#pragma once

#include <chrono>
#include <span>
#include <vector>

namespace qiscout::core {

/// Buffers events and delivers them through `Deliver` about every flushInterval, so that the
/// observer sees a few dozen calls per second whatever the search's pace. One template serves
/// the quasi-identifier searches and the anonymisation search, whose observers differ only in
/// their event and counter types.
/// Thread: not thread-safe; the owner calls it under its coordinator lock or from one thread,
/// which is what keeps observer calls from ever running concurrently.
template <typename Observer, typename Event, typename Counters,
          void (Observer::*Deliver)(std::span<const Event>, const Counters&)>
class EventBatcher {
public:
    static constexpr std::chrono::milliseconds flushInterval{20};

    explicit EventBatcher(Observer& observer)
        : m_observer(observer)
        , m_started(std::chrono::steady_clock::now())
        , m_lastFlush(m_started)
    {}

    void record(const Event& event) { m_events.push_back(event); }
    [[nodiscard]] Counters& counters() { return m_counters; }

    /// Delivers the buffer when flushInterval has passed since the last delivery.
    void flushIfDue()
    {
        if (std::chrono::steady_clock::now() - m_lastFlush >= flushInterval)
            flush();
    }
    /// Delivers whatever is buffered, with the current counters and the time since construction.
    void flush()
    {
        m_lastFlush = std::chrono::steady_clock::now();
        m_counters.elapsedSeconds = std::chrono::duration<double>(m_lastFlush - m_started).count();
        (m_observer.*Deliver)(m_events, m_counters);
        m_events.clear();
    }

private:
    Observer& m_observer;
    std::vector<Event> m_events;
    Counters m_counters;
    std::chrono::steady_clock::time_point m_started;
    std::chrono::steady_clock::time_point m_lastFlush;
};

} // namespace qiscout::core
