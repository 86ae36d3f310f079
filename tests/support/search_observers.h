// SPDX-License-Identifier: GPL-3.0-or-later
// Observers the engine tests hand to a search, and the column sets of its answer.
#pragma once

#include <atomic>
#include <cstddef>
#include <span>
#include <stop_token>
#include <vector>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_result.h"

namespace qiscout::core::testing {

/// Remembers everything a search reported, and whether the delivery contract held: calls never
/// overlap and counters never go back. It runs on engine threads, where Catch must not assert (it
/// is not thread-safe), so the test checks the flags afterwards.
class RecordingObserver final : public SearchObserver {
public:
    void eventsReported(std::span<const NodeEvent> reported, const SearchCounters& counters) override
    {
        if (m_inside.exchange(true))
            overlapped = true;
        if (counters.setsEvaluated < last.setsEvaluated || counters.rowsScanned < last.rowsScanned)
            countersWentBack = true;
        events.insert(events.end(), reported.begin(), reported.end());
        last = counters;
        ++calls;
        m_inside = false;
    }

    std::vector<NodeEvent> events;
    SearchCounters last;
    int calls = 0;
    bool overlapped = false;
    bool countersWentBack = false;

private:
    std::atomic<bool> m_inside{false};
};

/// Requests stop from inside the search once it has been told of `eventsBeforeStop` events (0:
/// at the first report).
class StoppingObserver final : public SearchObserver {
public:
    explicit StoppingObserver(std::stop_source& source, std::size_t eventsBeforeStop = 0)
        : m_source(source)
        , m_eventsBeforeStop(eventsBeforeStop)
    {}
    void eventsReported(std::span<const NodeEvent> events, const SearchCounters&) override
    {
        m_seen += events.size();
        if (m_seen >= m_eventsBeforeStop)
            m_source.request_stop();
    }

private:
    std::stop_source& m_source;
    std::size_t m_eventsBeforeStop;
    std::size_t m_seen = 0;
};

/// The column sets of a search's quasi-identifiers, in the order found.
[[nodiscard]] inline std::vector<ColumnSet> columnsOf(const std::vector<MinimalSet>& sets)
{
    std::vector<ColumnSet> columns;
    columns.reserve(sets.size());
    for (const MinimalSet& set : sets)
        columns.push_back(set.columns);
    return columns;
}

} // namespace qiscout::core::testing
