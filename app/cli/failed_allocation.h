// SPDX-License-Identifier: GPL-3.0-or-later
// The size of the last allocation the system refused (#39): qiscout-cli replaces the global
// operator new so that an out-of-memory message can say what the work really asked for, not an
// estimate made before it started.
#pragma once

#include <cstdint>
#include <string>

namespace qiscout::cli {

/// The last operator new that found no memory, on any thread: what it asked for, and what the
/// process held then (its address space under ulimit -v, else its resident memory).
struct FailedAllocation {
    std::uint64_t requestedBytes = 0;
    std::uint64_t heldBytes = 0;
};

/// The last refused request; requestedBytes is 0 when none was refused.
[[nodiscard]] FailedAllocation lastFailedAllocation();

/// What the command is doing, for the message if memory runs out: "measuring record risk on
/// 3000 rows x 8 key columns". It stays until the next call (a scope would end while the
/// exception unwinds, before the message is written).
void setMemoryPhase(std::string operation);

/// The sentence for an exit on std::bad_alloc: the phase, what the refused request asked for on
/// top of what the process held, and what it may use. Written without the heap where it can be.
[[nodiscard]] std::string outOfMemoryMessage();

} // namespace qiscout::cli
