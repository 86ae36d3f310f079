// SPDX-License-Identifier: GPL-3.0-or-later
#include "progress_printer.h"

#include <algorithm>
#include <cstdio>

namespace qiscout::cli {

void ProgressPrinter::eventsReported(std::span<const core::NodeEvent> events, const core::SearchCounters& counters)
{
    for (const core::NodeEvent& event : events)
        m_largestSet = std::max(m_largestSet, event.set.size());
    const auto now = std::chrono::steady_clock::now();
    if (m_printed && now - m_lastPrint < std::chrono::milliseconds(200))
        return;
    m_lastPrint = now;
    m_printed = true;
    std::fprintf(stderr, "\r\033[Ksets of size %d: %llu evaluated, %llu quasi-identifiers, %llu safe, %.1f s",
                 m_largestSet, static_cast<unsigned long long>(counters.setsEvaluated),
                 static_cast<unsigned long long>(counters.setsVulnerable),
                 static_cast<unsigned long long>(counters.setsSafe), counters.elapsedSeconds);
    std::fflush(stderr);
}

void ProgressPrinter::finish()
{
    if (m_printed)
        std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
}

} // namespace qiscout::cli
