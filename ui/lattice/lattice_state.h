// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <unordered_set>
#include <vector>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/lattice_layout.h"

namespace qiscout::ui {

/// How the lattice view draws one column set, most severe last.
enum class SetState : std::uint8_t {
    Unreached,  ///< not evaluated yet
    InProgress, ///< scheduled, no verdict yet
    Safe,       ///< every group on the set has more than k rows
    Pruned,     ///< properly contains a quasi-identifier, so it is never evaluated
    Vulnerable, ///< a minimal quasi-identifier
};
inline constexpr int setStateCount = 5;

/// Number of sets in each state; index with static_cast<int>(SetState).
struct LatticeCounts {
    std::array<std::uint64_t, setStateCount> sets{};
    [[nodiscard]] std::uint64_t of(SetState state) const { return sets[static_cast<std::size_t>(state)]; }
    [[nodiscard]] std::uint64_t total() const;
    friend bool operator==(const LatticeCounts&, const LatticeCounts&) = default;
};

/// Counts of one bucket (a rank range of a level) or of several adjacent buckets. Pruned counts
/// are estimated from up to samplesPerBucket sets per bucket (exact when a bucket holds no more).
struct BucketSummary {
    LatticeCounts counts;
    std::uint64_t sets = 0;
    /// The state to draw: Vulnerable if any set is, else InProgress if any, else the most frequent.
    [[nodiscard]] SetState dominant() const;
};

/// The states of every set of one search lattice, derived incrementally from engine events.
/// Event-driven states are exact per bucket; Pruned is computed from the list of pruning roots
/// (the sets of Vulnerable and Pruned events), never by enumerating supersets per event.
/// A set's state: Vulnerable if reported so; else Pruned if it properly contains a root; else
/// Safe or InProgress as reported; else Unreached. After a complete result, Unreached means Safe.
/// Thread: GUI thread only.
class LatticeState {
public:
    /// Buckets per level for density drawing; levels with fewer sets get one bucket per set.
    static constexpr std::uint64_t defaultBucketsPerLevel = 4096;
    /// Sets tested per bucket for the Pruned estimate.
    static constexpr int samplesPerBucket = 8;

    void reset(core::ColumnSet searchedColumns, int maxSetSize, std::uint64_t bucketsPerLevel = defaultBucketsPerLevel);
    /// Applies one batch of events in order; O(1) per event except new roots (O(in-progress sets)).
    void apply(std::span<const core::NodeEvent> events);
    /// Settles the lattice from a search's answer (complete: every other set becomes Safe;
    /// cancelled: unfinished sets go back to Unreached).
    void applyResult(const core::SearchResult& result);

    [[nodiscard]] const core::LatticeLayout& layout() const { return m_layout; }
    [[nodiscard]] SetState stateOf(const core::ColumnSet& set) const;
    /// Exact totals over the whole lattice.
    [[nodiscard]] LatticeCounts counts() const;
    /// Minimal quasi-identifiers reported so far, in report order.
    [[nodiscard]] const std::vector<core::ColumnSet>& vulnerableSets() const { return m_vulnerable; }
    [[nodiscard]] bool isComplete() const { return m_complete; }

    [[nodiscard]] std::uint64_t bucketCount(int level) const;
    /// Summary of buckets [firstBucket, lastBucket) of a level.
    [[nodiscard]] BucketSummary summarize(int level, std::uint64_t firstBucket, std::uint64_t lastBucket) const;

private:
    struct Level {
        std::uint64_t buckets = 0;
        std::vector<std::uint64_t> inProgress;
        std::vector<std::uint64_t> safe;
        std::vector<std::uint64_t> vulnerable;
        /// Per bucket: sample sets and a bit per sample known to be pruned; a cache filled lazily
        /// while drawing, hence mutable.
        mutable std::vector<core::ColumnSet> samples;
        mutable std::vector<std::uint8_t> sampleCount;
        mutable std::vector<std::uint8_t> prunedSamples;
    };

    [[nodiscard]] bool properlyContainsRoot(const core::ColumnSet& set) const;
    [[nodiscard]] Level& levelOf(const core::ColumnSet& set)
    {
        return m_levels[static_cast<std::size_t>(set.size() - 1)];
    }
    [[nodiscard]] std::uint64_t bucketIndex(const core::ColumnSet& set) const;
    [[nodiscard]] std::uint64_t globalIndex(const core::ColumnSet& set) const;
    [[nodiscard]] bool isMarkedSafe(const core::ColumnSet& set) const;
    void markSafe(const core::ColumnSet& set);
    void addRoot(const core::ColumnSet& root);
    void refreshPrunedSamples() const;
    [[nodiscard]] std::uint64_t prunedTotal() const;

    core::LatticeLayout m_layout;
    std::vector<Level> m_levels;
    std::vector<std::uint64_t> m_levelOffsets;
    /// One bit per set while the lattice is small enough; beyond that, a hash set of safe sets.
    std::vector<std::uint64_t> m_safeBits;
    std::unordered_set<core::ColumnSet, core::ColumnSetHash> m_safeOverflow;
    std::unordered_set<core::ColumnSet, core::ColumnSetHash> m_inProgress;
    std::unordered_set<core::ColumnSet, core::ColumnSetHash> m_vulnerableSets;
    std::vector<core::ColumnSet> m_vulnerable;
    /// Minimal elements of all pruning roots (an antichain).
    std::vector<core::ColumnSet> m_roots;
    std::uint64_t m_safeCount = 0;
    bool m_complete = false;

    /// Roots not yet tested against the bucket samples (tested lazily, when drawing needs them).
    mutable std::vector<core::ColumnSet> m_pendingRoots;
    mutable bool m_prunedTotalValid = true;
    mutable std::uint64_t m_prunedTotal = 0;
};

} // namespace qiscout::ui
