// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <mutex>
#include <span>
#include <vector>

namespace qiscout::ui {

/// The events an engine reports from its worker thread, collected until the GUI thread takes them
/// in one batch (a LatestRun's poll, about 20 times a second), with the latest totals.
/// Thread: add() on the worker, take() on the GUI thread; both lock.
template <typename Event, typename Counters>
class EventBatch {
public:
    void add(std::span<const Event> events, const Counters& counters)
    {
        const std::lock_guard lock(m_mutex);
        m_events.insert(m_events.end(), events.begin(), events.end());
        m_counters = counters;
        m_fresh = true;
    }

    /// Moves out what arrived since the last call; false when nothing did.
    bool take(std::vector<Event>& events, Counters& counters)
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
    std::vector<Event> m_events;
    Counters m_counters;
    bool m_fresh = false;
};

} // namespace qiscout::ui
