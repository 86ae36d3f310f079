// SPDX-License-Identifier: GPL-3.0-or-later
// The replaceable global allocation functions ([new.delete]): the standard library cannot tell
// how large the request was that threw std::bad_alloc, so these do what the library's own do
// (malloc, the new handler, bad_alloc) and remember the size of a refused request.
#include "failed_allocation.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <limits>
#include <new>
#include <utility>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "qiscout/core/util/out_of_memory.h"

namespace {

std::atomic<std::uint64_t> failedRequestBytes{0};
std::atomic<std::uint64_t> heldAtFailureBytes{0};

bool addressSpaceLimited()
{
    rlimit limit{};
    return ::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
}

/// What the process holds now, read from /proc/self/statm with system calls alone: the heap just
/// refused a request, so this must not allocate. The address space when ulimit -v bounds it (the
/// measure that ran out), else the resident set; 0 when it cannot be read.
std::uint64_t heldBytesWithoutHeap()
{
    const int file = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (file < 0)
        return 0;
    char text[128];
    const ssize_t length = ::read(file, text, sizeof text - 1);
    ::close(file);
    if (length <= 0)
        return 0;
    std::uint64_t fields[2] = {0, 0};
    std::size_t field = 0;
    for (ssize_t i = 0; i < length && field < 2; ++i) {
        if (text[i] >= '0' && text[i] <= '9')
            fields[field] = fields[field] * 10 + static_cast<std::uint64_t>(text[i] - '0');
        else
            ++field;
    }
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    return (addressSpaceLimited() ? fields[0] : fields[1]) * page;
}

void recordFailure(std::size_t bytes)
{
    heldAtFailureBytes.store(heldBytesWithoutHeap(), std::memory_order_relaxed);
    failedRequestBytes.store(bytes, std::memory_order_relaxed);
}

/// Set and read by the command's own thread only.
std::string& memoryPhase()
{
    static std::string phase;
    return phase;
}

void* allocateOrRecord(std::size_t size, std::size_t alignment)
{
    const std::size_t bytes = size == 0 ? 1 : size;
    for (;;) {
        void* memory = nullptr;
        if (alignment <= alignof(std::max_align_t))
            memory = std::malloc(bytes);
        else if (::posix_memalign(&memory, alignment, bytes) != 0)
            memory = nullptr;
        if (memory != nullptr)
            return memory;
        const std::new_handler handler = std::get_new_handler();
        if (handler == nullptr) {
            recordFailure(bytes);
            throw std::bad_alloc();
        }
        handler();
    }
}

void* allocateOrNull(std::size_t size, std::size_t alignment) noexcept
{
    try {
        return allocateOrRecord(size, alignment);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

constexpr std::size_t plainAlignment = alignof(std::max_align_t);

} // namespace

namespace qiscout::cli {

FailedAllocation lastFailedAllocation()
{
    return {failedRequestBytes.load(std::memory_order_relaxed), heldAtFailureBytes.load(std::memory_order_relaxed)};
}

void setMemoryPhase(std::string operation)
{
    memoryPhase() = std::move(operation);
}

std::string outOfMemoryMessage()
{
    const FailedAllocation failed = lastFailedAllocation();
    std::string text = "Not enough memory";
    if (!memoryPhase().empty())
        text += " for " + memoryPhase();
    if (failed.requestedBytes > 0) {
        text += ": it asked for " + core::describeBytes(failed.requestedBytes) + " more";
        if (failed.heldBytes > 0)
            text += " while holding " + core::describeBytes(failed.heldBytes) + ", so it needs at least " +
                    core::describeBytes(failed.heldBytes + failed.requestedBytes);
    }
    rlimit limit{};
    if (addressSpaceLimited() && ::getrlimit(RLIMIT_AS, &limit) == 0)
        text += ", and this process may use at most " + core::describeBytes(limit.rlim_cur) +
                " of address space (ulimit -v)";
    else if (const std::uint64_t available = core::memoryAvailableToProcess();
             available != std::numeric_limits<std::uint64_t>::max())
        text += ", and " + core::describeBytes(available) + " of memory is available now";
    return text + ".";
}

} // namespace qiscout::cli

void* operator new(std::size_t size)
{
    return allocateOrRecord(size, plainAlignment);
}
void* operator new[](std::size_t size)
{
    return allocateOrRecord(size, plainAlignment);
}
void* operator new(std::size_t size, std::align_val_t alignment)
{
    return allocateOrRecord(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment)
{
    return allocateOrRecord(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size, plainAlignment);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size, plainAlignment);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size, static_cast<std::size_t>(alignment));
}
void operator delete(void* memory) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, std::size_t) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, std::size_t) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, std::align_val_t) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, std::align_val_t) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, std::size_t, std::align_val_t) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, std::size_t, std::align_val_t) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, std::align_val_t, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, std::align_val_t, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
