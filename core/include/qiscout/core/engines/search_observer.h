// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>

#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// What happened to one column set during a search.
enum class NodeEventKind : std::uint8_t {
    Scheduled,  ///< evaluation of the set started
    Safe,       ///< every class on the set has more than k rows
    Vulnerable, ///< the set is a minimal quasi-identifier
    Pruned,     ///< supersets of `set` will not be evaluated; `prunedCount` says how many
};

struct NodeEvent {
    ColumnSet set;
    NodeEventKind kind = NodeEventKind::Scheduled;
    /// Vulnerable: the first k-isolated row found (0-based).
    std::uint32_t firstIsolatedRow = 0;
    /// Pruned: number of proper supersets of `set` within the searched columns and size limit
    /// (computed, never enumerated; supersets of several minimal sets are counted for each).
    std::uint64_t prunedCount = 0;
};

/// Running totals of a search.
struct SearchCounters {
    std::uint64_t setsScheduled = 0;
    std::uint64_t setsEvaluated = 0;
    std::uint64_t setsSafe = 0;
    std::uint64_t setsVulnerable = 0;
    std::uint64_t supersetsPruned = 0;
    std::uint64_t rowsScanned = 0;
    double elapsedSeconds = 0.0;
};

/// Receives a search's progress in batches.
/// Thread: called on an engine thread, never concurrently with itself; must return quickly
/// (copy the events into a queue) because the search waits for it.
class SearchObserver {
public:
    virtual ~SearchObserver() = default;
    /// Events in the order they happened; Vulnerable/Safe events of one set follow its Scheduled event.
    virtual void eventsReported(std::span<const NodeEvent> events, const SearchCounters& counters) = 0;
    /// False when eventsReported looks at the counters only: FPVI then reports no events, and
    /// spares building them (a ColumnSet each, with a heap block beyond 64 columns: two per set,
    /// a million for a wide table, under its lock).
    [[nodiscard]] virtual bool wantsEvents() const { return true; }
};

/// An observer that ignores everything.
class NullObserver final : public SearchObserver {
public:
    void eventsReported(std::span<const NodeEvent>, const SearchCounters&) override {}
    [[nodiscard]] bool wantsEvents() const override { return false; }
};

} // namespace qiscout::core
