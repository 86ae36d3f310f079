// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace qiscout::core {

/// What the search learnt about one node of the TransformationLattice.
enum class TransformationEventKind : std::uint8_t {
    Checked,            ///< its classes were built and the models evaluated
    TaggedAcceptable,   ///< known acceptable without a check (a specialisation was acceptable)
    TaggedUnacceptable, ///< known unacceptable without a check (a generalisation was not)
};

struct TransformationEvent {
    std::uint64_t node = 0;
    TransformationEventKind kind = TransformationEventKind::Checked;
    /// Checked: the verdict; tagged: implied by the kind.
    bool acceptable = false;
    /// Checked: the metric value and suppressed rows (with the violating classes suppressed). The
    /// optimal search does not price the transformations it finds not acceptable: no value then.
    std::optional<double> value;
    std::uint64_t suppressedRows = 0;
};

/// Running totals of a search.
struct AnonymizationCounters {
    std::uint64_t latticeSize = 0;
    std::uint64_t checked = 0;
    std::uint64_t taggedAcceptable = 0;
    std::uint64_t taggedUnacceptable = 0;
    /// The best acceptable node so far and its value.
    std::optional<std::uint64_t> bestNode;
    double bestValue = 0.0;
    double elapsedSeconds = 0.0;
};

/// Receives a search's progress in batches (a few dozen calls per second at most).
/// Thread: called on a search thread, never concurrently with itself; must return quickly (copy
/// the events into a queue) because the search waits for it.
class AnonymizationObserver {
public:
    virtual ~AnonymizationObserver() = default;
    /// Events in the order they happened. A node is tagged at most once and checked at most once; a
    /// tagged acceptable node may be checked later (for its metric value), a checked node is never
    /// tagged afterwards.
    virtual void transformationsReported(std::span<const TransformationEvent> events,
                                         const AnonymizationCounters& counters) = 0;
};

/// An observer that ignores everything.
class NullAnonymizationObserver final : public AnonymizationObserver {
public:
    void transformationsReported(std::span<const TransformationEvent>, const AnonymizationCounters&) override {}
};

} // namespace qiscout::core
