// SPDX-License-Identifier: GPL-3.0-or-later
// Collects the anonymisation search's events and hands them to the observer in batches.
#pragma once

#include <chrono>
#include <vector>

#include "qiscout/core/anonymization/anonymization_observer.h"

namespace qiscout::core {

/// Buffers events and delivers them about every flushInterval, so that the observer sees a few
/// dozen calls per second whatever the search's pace.
/// Thread: used by the search's coordinating thread only.
class TransformationEventBatcher {
public:
    static constexpr std::chrono::milliseconds flushInterval{20};

    explicit TransformationEventBatcher(AnonymizationObserver& observer)
        : m_observer(observer)
        , m_started(std::chrono::steady_clock::now())
        , m_lastFlush(m_started)
    {}

    void record(const TransformationEvent& event) { m_events.push_back(event); }
    [[nodiscard]] AnonymizationCounters& counters() { return m_counters; }
    [[nodiscard]] double elapsedSeconds() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
    }

    /// Delivers the buffer when flushInterval has passed since the last delivery.
    void flushIfDue()
    {
        if (std::chrono::steady_clock::now() - m_lastFlush >= flushInterval)
            flush();
    }
    /// Delivers whatever is buffered, with the current counters.
    void flush()
    {
        m_lastFlush = std::chrono::steady_clock::now();
        m_counters.elapsedSeconds = elapsedSeconds();
        m_observer.transformationsReported(m_events, m_counters);
        m_events.clear();
    }

private:
    AnonymizationObserver& m_observer;
    std::vector<TransformationEvent> m_events;
    AnonymizationCounters m_counters;
    std::chrono::steady_clock::time_point m_started;
    std::chrono::steady_clock::time_point m_lastFlush;
};

} // namespace qiscout::core
