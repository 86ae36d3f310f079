// SPDX-License-Identifier: GPL-3.0-or-later
// Ctrl-C and SIGTERM as a stop request, without doing anything unsafe in a signal handler.
#pragma once

#include <chrono>
#include <stop_token>
#include <thread>

namespace qiscout::cli {

/// Blocks SIGINT and SIGTERM in the calling thread, so in every thread started afterwards (TBB's
/// workers included), and waits for them on its own thread with sigtimedwait(). The first one
/// requests stop, which every phase polls (loading, searching, building and writing reports), so
/// the command returns exitCancelled with every output file as it was. Should the command not
/// have ended within stopGrace (a phase that cannot look at the token, such as Qt laying out a
/// PDF), or on a second signal, the watcher removes the temporary files of unfinished atomic
/// writes and ends the process itself with exitCancelled: a stop never takes more than a second
/// (#19). Construct it before any other thread exists; the signals stay blocked after it is gone,
/// so one that comes once the command is done is ignored. Thread: owns one watcher thread, joined
/// by the destructor.
class InterruptWatcher {
public:
    /// How long the command has to end by itself after the first signal.
    static constexpr std::chrono::milliseconds stopGrace{800};

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

/// Ends the process with exitCancelled once a command has seen its stop (#39): standard output
/// flushed, the temporary files of unfinished atomic writes removed, and nothing else undone.
/// Returning would free what the command built, one allocation at a time: seconds for a table of
/// millions of rows, after the user asked it to stop.
[[noreturn]] void exitStopped();

} // namespace qiscout::cli
