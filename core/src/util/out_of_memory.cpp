// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/util/out_of_memory.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <limits>
#include <new>
#include <sstream>
#include <string_view>
#include <system_error>

#include <sys/resource.h>
#include <unistd.h>

namespace qiscout::core {
namespace {

std::string message(const std::string& operation, std::uint64_t neededBytes)
{
    std::string text = "Not enough memory for " + operation + ": it needs about " + describeBytes(neededBytes);
    const std::string available = memoryAvailableClause();
    if (!available.empty())
        text += ", and " + available;
    return text + ".";
}

/// This process's virtual size (the measure ulimit -v limits) and resident set, in bytes, from
/// /proc/self/statm; zeros when it cannot be read.
struct ProcessMemory {
    std::uint64_t virtualBytes = 0;
    std::uint64_t residentBytes = 0;
};

ProcessMemory processMemory()
{
    std::ifstream statm("/proc/self/statm");
    std::uint64_t virtualPages = 0;
    std::uint64_t residentPages = 0;
    if (!(statm >> virtualPages >> residentPages))
        return {};
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    return {virtualPages * page, residentPages * page};
}

} // namespace

OutOfMemoryError::OutOfMemoryError(const std::string& operation, std::uint64_t neededBytes)
    : std::runtime_error(message(operation, neededBytes))
    , m_neededBytes(neededBytes)
{}

bool isOutOfMemory(const std::exception_ptr& error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        return true;
    } catch (const std::system_error& failure) {
        return failure.code() == std::errc::resource_unavailable_try_again ||
               failure.code() == std::errc::not_enough_memory;
    } catch (const std::runtime_error& failure) {
        // oneTBB reports a worker it cannot start with a plain runtime_error carrying this text.
        return std::string_view(failure.what()).starts_with("pthread_create has failed");
    } catch (...) {
        return false;
    }
}

std::string describeBytes(std::uint64_t bytes)
{
    static constexpr std::array<const char*, 5> units{"KB", "MB", "GB", "TB", "PB"};
    if (bytes < 1000)
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    auto value = static_cast<double>(bytes);
    std::size_t unit = 0;
    for (value /= 1000; value >= 1000 && unit + 1 < units.size(); value /= 1000)
        ++unit;
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), value < 10 ? "%.1f %s" : "%.0f %s", value, units[unit]);
    return text.data();
}

std::uint64_t memoryAvailableToProcess()
{
    std::uint64_t available = std::numeric_limits<std::uint64_t>::max();
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        available = limit.rlim_cur;
    if (const std::uint64_t free = systemAvailableMemory(); free > 0)
        available = std::min(available, free);
    return available;
}

std::string memoryAvailableClause()
{
    const ProcessMemory used = processMemory();
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        return "this process may use at most " + describeBytes(limit.rlim_cur) +
               " of address space (ulimit -v) and already uses " + describeBytes(used.virtualBytes);
    if (const std::uint64_t available = systemAvailableMemory(); available > 0)
        return describeBytes(available) + " of memory is available beside the " + describeBytes(used.residentBytes) +
               " this process holds";
    return {};
}

std::uint64_t systemAvailableMemory()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string line;
    while (std::getline(meminfo, line)) {
        std::istringstream fields(line);
        std::string key;
        std::uint64_t kilobytes = 0;
        if (fields >> key >> kilobytes && key == "MemAvailable:")
            return kilobytes * 1024;
    }
    return 0;
}

} // namespace qiscout::core
