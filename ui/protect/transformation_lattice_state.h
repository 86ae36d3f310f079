// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/transformation_layout.h"

namespace qiscout::ui {

/// How the transformation lattice draws one node. The first five are what the search learnt
/// about it; Choice and Best mark the result on top of that. Hue says acceptable (green) or not
/// (vermillion, purple), saturation whether it was checked or inferred.
enum class TransformationState : std::uint8_t {
    NotChecked,          ///< nothing known yet (or, once the search is done: not needed)
    TaggedNotAcceptable, ///< a generalisation was not acceptable, so neither is this
    TaggedAcceptable,    ///< a specialisation was acceptable, so this is too
    NotAcceptable,       ///< checked: more rows would have to be withheld than allowed
    Acceptable,          ///< checked: protects as asked
    Choice,              ///< a minimal acceptable transformation the user may pick instead
    Best,                ///< the optimum (during the search: the best found so far)
};
inline constexpr int transformationStateCount = 7;
/// States the search reports, as opposed to the marks of the result.
inline constexpr int searchStateCount = 5;

/// Nodes in each state; index with static_cast<int>(TransformationState).
struct TransformationCounts {
    std::array<std::uint64_t, transformationStateCount> nodes{};
    [[nodiscard]] std::uint64_t of(TransformationState state) const { return nodes[static_cast<std::size_t>(state)]; }
    [[nodiscard]] std::uint64_t total() const;
    friend bool operator==(const TransformationCounts&, const TransformationCounts&) = default;
};

/// What the search knows of a node: its verdict and, once checked, its metric value.
struct NodeKnowledge {
    TransformationState state = TransformationState::NotChecked;
    std::optional<double> value;
    std::optional<std::uint64_t> suppressedRows;
};

/// The state of every node of one transformation lattice, updated from the search's events, with
/// per-bucket counters for drawing density bands (the counterpart of LatticeState).
/// Memory: one byte per node plus the checked nodes' values. Thread: GUI thread only.
class TransformationLatticeState {
public:
    /// Buckets per row for density drawing; rows with fewer nodes get one bucket per node.
    static constexpr std::uint64_t defaultBucketsPerRow = 4096;

    void reset(const core::TransformationLattice& lattice, std::uint64_t bucketsPerRow = defaultBucketsPerRow);
    /// Applies one batch of events in order; O(quasi-identifiers) per event.
    void apply(std::span<const core::TransformationEvent> events);
    /// Marks the best node found so far (none: no mark).
    void setBest(std::optional<std::uint64_t> node, std::optional<double> value = std::nullopt);
    /// Settles the lattice from a finished (or cancelled) search's answer: the optimum is Best, the
    /// other frontier nodes Choice, with their values.
    void applyResult(const core::AnonymizationResult& result);

    [[nodiscard]] const core::TransformationLayout& layout() const { return m_layout; }
    [[nodiscard]] TransformationState stateOf(std::uint64_t node) const;
    [[nodiscard]] NodeKnowledge knowledgeOf(std::uint64_t node) const;
    /// Exact totals; Choice and Best nodes are counted there, not under their search state.
    [[nodiscard]] TransformationCounts counts() const;
    [[nodiscard]] std::optional<std::uint64_t> bestNode() const { return m_best; }

    [[nodiscard]] std::uint64_t bucketCount(int row) const;
    /// The state to draw for buckets [first, last) of a row: Best if the best node is there, else
    /// Choice if a choice is, else the most frequent search state (ties to the later state).
    [[nodiscard]] TransformationState dominant(int row, std::uint64_t first, std::uint64_t last) const;

private:
    struct Row {
        std::uint64_t buckets = 0;
        /// searchStateCount counters per bucket.
        std::vector<std::uint32_t> counts;
        /// Buckets holding a Choice node, ascending (with repeats).
        std::vector<std::uint64_t> choiceBuckets;
    };

    void setState(std::uint64_t node, TransformationState state);
    [[nodiscard]] std::pair<int, std::uint64_t> bucketOf(std::uint64_t node) const;

    core::TransformationLayout m_layout;
    std::vector<Row> m_rows;
    std::vector<std::uint8_t> m_states;
    std::array<std::uint64_t, searchStateCount> m_totals{};
    std::unordered_map<std::uint64_t, std::pair<std::optional<double>, std::uint64_t>> m_values;
    std::vector<std::uint64_t> m_choices;
    std::optional<std::uint64_t> m_best;
    /// Row and bucket of m_best, looked up once rather than per drawn pixel.
    std::pair<int, std::uint64_t> m_bestBucket{-1, 0};
};

} // namespace qiscout::ui
