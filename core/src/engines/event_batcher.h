// SPDX-License-Identifier: GPL-3.0-or-later
// Collects a search's node events and counters and hands them to the observer in batches.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "qiscout/core/engines/search_observer.h"

namespace qiscout::core {

/// Buffers events and delivers them about every flushInterval, so that the observer sees a few
/// dozen calls per second whatever the search's pace.
/// Thread: every call is made under the engine's coordinator lock (or after the workers have
/// finished), which is what keeps observer calls from ever running concurrently.
class EventBatcher {
public:
    static constexpr std::chrono::milliseconds flushInterval{20};

    explicit EventBatcher(SearchObserver& observer);

    void record(const NodeEvent& event) { m_events.push_back(event); }
    [[nodiscard]] SearchCounters& counters() { return m_counters; }

    /// Delivers the buffer when flushInterval has passed since the last delivery.
    void flushIfDue();
    /// Delivers whatever is buffered, with the final counters.
    void flush();

private:
    SearchObserver& m_observer;
    std::vector<NodeEvent> m_events;
    SearchCounters m_counters;
    std::chrono::steady_clock::time_point m_started;
    std::chrono::steady_clock::time_point m_lastFlush;
};

} // namespace qiscout::core
