// SPDX-License-Identifier: GPL-3.0-or-later
// Running out of memory as a message a user can act on (#19): what ran out, about how much the
// operation needs, and how much this process may use.
#pragma once

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

namespace qiscout::core {

/// Memory ran out (std::bad_alloc) during an operation. what() is a sentence naming the
/// operation, an estimate of what it needs and the memory the process may use.
class OutOfMemoryError : public std::runtime_error {
public:
    /// `operation` completes "Not enough memory for ...", e.g. "loading 'big.csv'".
    OutOfMemoryError(const std::string& operation, std::uint64_t neededBytes);

    [[nodiscard]] std::uint64_t neededBytes() const { return m_neededBytes; }

private:
    std::uint64_t m_neededBytes;
};

/// Whether `error` is the system refusing memory: std::bad_alloc, or a thread that cannot start
/// because its stack finds no room (std::system_error, or TBB's "pthread_create has failed").
[[nodiscard]] bool isOutOfMemory(const std::exception_ptr& error);

/// "1.5 GB", "300 MB", "12 KB", "17 bytes": a byte count for messages (decimal units, two
/// significant digits at most).
[[nodiscard]] std::string describeBytes(std::uint64_t bytes);

/// The memory the system has available (MemAvailable of /proc/meminfo) in bytes; 0 when it cannot
/// be read.
[[nodiscard]] std::uint64_t systemAvailableMemory();

/// The memory this process may still take: the smaller of its address-space limit (ulimit -v) and
/// the memory the system has available; UINT64_MAX when neither is known.
[[nodiscard]] std::uint64_t memoryAvailableToProcess();

/// The memory this process may use, as a clause for messages: "this process may use at most
/// 700 MB of address space (ulimit -v) and already uses 610 MB" or "1.2 GB of memory is
/// available beside the 300 MB this process holds"; empty when neither is known.
[[nodiscard]] std::string memoryAvailableClause();

} // namespace qiscout::core
