// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/mapped_file.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>

#include <sys/mman.h>
#include <unistd.h>

#include "qiscout/core/io/reading/load_error.h"

namespace qiscout::core {
namespace {

[[noreturn]] void failUnreadable(const std::string& path, const std::string& message)
{
    throw LoadError(LoadErrorKind::Unreadable, path, 0, 0, message);
}

// The maps the SIGBUS handler may repair. A signal handler can only touch lock-free state, so
// this is a fixed table of atomics rather than a container; a map that finds no free slot is read
// into memory instead (see MappedFile's constructor).
constexpr int guardSlots = 64;

struct GuardSlot {
    std::atomic<bool> taken{false};
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> truncated{false};
};

std::array<GuardSlot, guardSlots> guards;
std::uintptr_t pageSize = 4096;
struct sigaction previousBusAction {};

void onBusError(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (GuardSlot& slot : guards) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
        if (address < begin || address >= end)
            continue;
        // The file ends before this page: read zeros from here on. Retrying the load then
        // succeeds, and the reader learns of the change through changed().
        const std::uintptr_t page = address & ~(pageSize - 1);
        void* zeros = ::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros != MAP_FAILED) {
            slot.truncated.store(true, std::memory_order_release);
            return;
        }
    }
    // Not one of our maps: behave as if this handler had never been installed.
    if ((previousBusAction.sa_flags & SA_SIGINFO) != 0 && previousBusAction.sa_sigaction != nullptr) {
        previousBusAction.sa_sigaction(signal, info, context);
        return;
    }
    if (previousBusAction.sa_handler != SIG_DFL && previousBusAction.sa_handler != SIG_IGN) {
        previousBusAction.sa_handler(signal);
        return;
    }
    // Returning re-executes the faulting access, which now meets the default action.
    ::signal(SIGBUS, SIG_DFL);
}

void installBusHandler()
{
    static std::once_flag installed;
    std::call_once(installed, [] {
        pageSize = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
        struct sigaction action {};
        action.sa_sigaction = onBusError;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &previousBusAction);
    });
}

int claimGuardSlot(void* map, std::size_t size)
{
    installBusHandler();
    for (int index = 0; index < guardSlots; ++index) {
        GuardSlot& slot = guards[static_cast<std::size_t>(index)];
        bool expected = false;
        if (!slot.taken.compare_exchange_strong(expected, true, std::memory_order_acq_rel))
            continue;
        const auto begin = reinterpret_cast<std::uintptr_t>(map);
        slot.truncated.store(false, std::memory_order_relaxed);
        slot.end.store(begin + size, std::memory_order_release);
        slot.begin.store(begin, std::memory_order_release);
        return index;
    }
    return -1;
}

void releaseGuardSlot(int index)
{
    GuardSlot& slot = guards[static_cast<std::size_t>(index)];
    slot.begin.store(0, std::memory_order_release);
    slot.end.store(0, std::memory_order_release);
    slot.taken.store(false, std::memory_order_release);
}

} // namespace

MappedFile::MappedFile(const std::string& path)
    : m_file([&path]() -> RegularFile {
        try {
            return RegularFile(path);
        } catch (const FileReadError& error) {
            failUnreadable(path, error.what());
        }
    }())
{
    m_size = static_cast<std::size_t>(m_file.size());
    if (m_size == 0)
        return;
    void* map = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, m_file.descriptor(), 0);
    // No address space for the map is memory running out, reported with the load's estimate.
    if (map == MAP_FAILED && errno == ENOMEM)
        throw std::bad_alloc();
    if (map == MAP_FAILED)
        failUnreadable(path, "Cannot read '" + path + "': " + std::strerror(errno) + ".");
    m_guardSlot = claimGuardSlot(map, m_size);
    if (m_guardSlot < 0) {
        // Every slot is taken by another open map: read this file into memory instead.
        ::munmap(map, m_size);
        readCopy(path);
        return;
    }
    ::madvise(map, m_size, MADV_SEQUENTIAL);
    m_map = map;
}

void MappedFile::readCopy(const std::string& path)
{
    m_copy.resize(m_size);
    std::size_t done = 0;
    while (done < m_size) {
        const ssize_t count =
            ::pread(m_file.descriptor(), m_copy.data() + done, m_size - done, static_cast<off_t>(done));
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            failUnreadable(path, "Cannot read '" + path + "': " + std::strerror(errno) + ".");
        if (count == 0)
            break;
        done += static_cast<std::size_t>(count);
    }
    // A file that shrank since fstat: its lost end reads as zeros, like a repaired map.
    m_copyTruncated = done < m_size;
}

MappedFile::~MappedFile()
{
    if (m_guardSlot >= 0)
        releaseGuardSlot(m_guardSlot);
    if (m_map != nullptr)
        ::munmap(m_map, m_size);
}

void MappedFile::release(std::size_t prefix)
{
    const auto page = static_cast<std::size_t>(pageSize);
    const std::size_t end = (std::min(prefix, m_size) / page) * page;
    if (m_map == nullptr || end <= m_released)
        return;
    ::madvise(static_cast<char*>(m_map) + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
}

bool MappedFile::changed() const
{
    if (m_copyTruncated)
        return true;
    if (m_guardSlot >= 0 && guards[static_cast<std::size_t>(m_guardSlot)].truncated.load(std::memory_order_acquire))
        return true;
    return m_file.changedSinceOpened();
}

} // namespace qiscout::core
