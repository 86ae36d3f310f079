// SPDX-License-Identifier: GPL-3.0-or-later
#include "interrupt.h"

#include <csignal>

#include <pthread.h>
#include <unistd.h>

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

} // namespace

InterruptWatcher::InterruptWatcher()
{
    const sigset_t signals = interruptSignals();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    m_watcher = std::thread([this, signals] {
        while (true) {
            int received = 0;
            if (sigwait(&signals, &received) != 0 || m_shutdown.stop_requested())
                return;
            if (m_source.stop_requested())
                _exit(exitCancelled);
            m_source.request_stop();
        }
    });
}

InterruptWatcher::~InterruptWatcher()
{
    // Wakes the watcher with a signal only it is waiting for; the flag tells it to leave.
    m_shutdown.request_stop();
    pthread_kill(m_watcher.native_handle(), SIGTERM);
    m_watcher.join();
    const sigset_t signals = interruptSignals();
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
}

} // namespace qiscout::cli
