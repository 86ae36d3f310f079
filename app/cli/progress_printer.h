// SPDX-License-Identifier: GPL-3.0-or-later
// A one-line live progress display of a search on stderr.
#pragma once

#include <chrono>
#include <cstdint>

#include "qiscout/core/engines/search_observer.h"

namespace qiscout::cli {

/// Rewrites one stderr line with the search's counters, a few times per second.
/// Thread: called by the engine, never concurrently (SearchObserver's contract).
class ProgressPrinter final : public core::SearchObserver {
public:
    void eventsReported(std::span<const core::NodeEvent> events, const core::SearchCounters& counters) override;
    /// Clears the progress line so that the summary starts on a clean line.
    void finish();

private:
    std::chrono::steady_clock::time_point m_lastPrint;
    int m_largestSet = 0;
    bool m_printed = false;
};

} // namespace qiscout::cli
