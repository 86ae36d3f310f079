// SPDX-License-Identifier: GPL-3.0-or-later
#include "progress_printer.h"

#include <algorithm>
#include <cstdio>

#include <fmt/core.h>

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
    fmt::print(stderr, "\r\033[Ksets of size {}: {} evaluated, {} quasi-identifiers, {} safe, {:.1f} s", m_largestSet,
               counters.setsEvaluated, counters.setsVulnerable, counters.setsSafe, counters.elapsedSeconds);
    std::fflush(stderr);
}

void ProgressPrinter::finish()
{
    if (m_printed)
        fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
}

} // namespace qiscout::cli
