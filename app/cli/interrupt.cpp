// SPDX-License-Identifier: GPL-3.0-or-later
#include "interrupt.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>

#include <pthread.h>
#include <unistd.h>

#include "qiscout/core/io/output/atomic_file_writer.h"

#include "command.h"

namespace qiscout::cli {
namespace {

sigset_t interruptSignals()
{
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    return signals;
}

/// Ends the process at once: nothing is left half-written, and the exit code says cancelled.
[[noreturn]] void endCancelled()
{
    core::discardOpenAtomicWrites();
    constexpr char message[] = "qiscout-cli: stopped.\n";
    static_cast<void>(::write(STDERR_FILENO, message, sizeof message - 1));
    _exit(exitCancelled);
}

} // namespace

void exitStopped()
{
    std::cout.flush();
    std::fflush(stdout);
    core::discardOpenAtomicWrites();
    _exit(exitCancelled);
}

InterruptWatcher::InterruptWatcher()
{
    const sigset_t signals = interruptSignals();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    m_watcher = std::thread([this, signals] {
        int received = 0;
        while (sigwait(&signals, &received) != 0) {
        }
        if (m_shutdown.stop_requested())
            return;
        m_source.request_stop();
        // The command now winds down by itself; it has stopGrace to do so.
        const auto deadline = std::chrono::steady_clock::now() + stopGrace;
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0)
                endCancelled();
            const timespec timeout{static_cast<time_t>(left.count() / 1'000'000'000),
                                   static_cast<long>(left.count() % 1'000'000'000)};
            const int signal = sigtimedwait(&signals, nullptr, &timeout);
            if (m_shutdown.stop_requested())
                return;
            if (signal > 0)
                endCancelled();
            if (errno == EAGAIN)
                endCancelled();
        }
    });
}

InterruptWatcher::~InterruptWatcher()
{
    // Wakes the watcher with a signal only it is waiting for; the flag tells it to leave.
    m_shutdown.request_stop();
    pthread_kill(m_watcher.native_handle(), SIGTERM);
    m_watcher.join();
    // SIGINT and SIGTERM stay blocked until the process exits: the command's work is done, and a
    // signal that came as the watcher left (or after) would otherwise be delivered on unblocking
    // and end the process by its default action, exit 143 after every file had been written.
}

} // namespace qiscout::cli
