// SPDX-License-Identifier: GPL-3.0-or-later
// Ctrl-C and SIGTERM as a stop request, without doing anything unsafe in a signal handler.
#pragma once

#include <stop_token>
#include <thread>

namespace qiscout::cli {

/// Blocks SIGINT and SIGTERM in the calling thread, so in every thread started afterwards (TBB's
/// workers included), and waits for them on its own thread with sigwait(): the first one requests
/// stop, a second one ends the process at once with exitCancelled. Construct it before any other
/// thread exists. Thread: owns one watcher thread, joined by the destructor.
class InterruptWatcher {
public:
    InterruptWatcher();
    ~InterruptWatcher();
    InterruptWatcher(const InterruptWatcher&) = delete;
    InterruptWatcher& operator=(const InterruptWatcher&) = delete;

    /// Requested when the user interrupts.
    [[nodiscard]] std::stop_token token() const { return m_source.get_token(); }
    [[nodiscard]] bool interrupted() const { return m_source.stop_requested(); }

private:
    std::stop_source m_source;
    std::stop_source m_shutdown;
    std::thread m_watcher;
};

} // namespace qiscout::cli
