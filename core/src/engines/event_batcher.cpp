// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/event_batcher.h"

namespace qiscout::core {

EventBatcher::EventBatcher(SearchObserver& observer)
    : m_observer(observer)
    , m_started(std::chrono::steady_clock::now())
    , m_lastFlush(m_started)
{}

void EventBatcher::flushIfDue()
{
    if (std::chrono::steady_clock::now() - m_lastFlush >= flushInterval)
        flush();
}

void EventBatcher::flush()
{
    m_lastFlush = std::chrono::steady_clock::now();
    m_counters.elapsedSeconds = std::chrono::duration<double>(m_lastFlush - m_started).count();
    m_observer.eventsReported(m_events, m_counters);
    m_events.clear();
}

} // namespace qiscout::core
