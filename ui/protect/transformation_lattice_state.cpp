// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/transformation_lattice_state.h"

#include <algorithm>
#include <numeric>

#include "qiscout/core/lattice/lattice_layout.h"

namespace qiscout::ui {

namespace {

std::size_t at(std::uint64_t index)
{
    return static_cast<std::size_t>(index);
}

} // namespace

std::uint64_t TransformationCounts::total() const
{
    return std::accumulate(nodes.begin(), nodes.end(), std::uint64_t{0});
}

void TransformationLatticeState::reset(const core::TransformationLattice& lattice, std::uint64_t bucketsPerRow)
{
    m_layout = core::TransformationLayout(lattice);
    m_rows.assign(static_cast<std::size_t>(m_layout.rowCount()), Row{});
    for (int row = 0; row < m_layout.rowCount(); ++row) {
        Row& data = m_rows[static_cast<std::size_t>(row)];
        data.buckets = std::min(m_layout.rowSize(row), std::max<std::uint64_t>(bucketsPerRow, 1));
        data.counts.assign(at(data.buckets * searchStateCount), 0);
        // Everything starts unchecked.
        for (std::uint64_t bucket = 0; bucket < data.buckets; ++bucket) {
            const core::RankRange ranks = core::LatticeLayout::bucketRanks(bucket, m_layout.rowSize(row), data.buckets);
            data.counts[at(bucket * searchStateCount)] = static_cast<std::uint32_t>(ranks.size());
        }
    }
    m_states.assign(at(lattice.size()), static_cast<std::uint8_t>(TransformationState::NotChecked));
    m_totals = {};
    m_totals[0] = lattice.size();
    m_values.clear();
    m_choices.clear();
    m_best.reset();
    m_bestBucket = {-1, 0};
}

std::pair<int, std::uint64_t> TransformationLatticeState::bucketOf(std::uint64_t node) const
{
    const auto [row, rank] = m_layout.place(node);
    const Row& data = m_rows[static_cast<std::size_t>(row)];
    return {row, core::LatticeLayout::bucketOfRank(rank, m_layout.rowSize(row), data.buckets)};
}

void TransformationLatticeState::setState(std::uint64_t node, TransformationState state)
{
    auto& stored = m_states[at(node)];
    const auto previous = static_cast<std::size_t>(stored);
    const auto next = static_cast<std::size_t>(state);
    if (previous == next)
        return;
    const auto [row, bucket] = bucketOf(node);
    auto& counts = m_rows[static_cast<std::size_t>(row)].counts;
    --counts[at(bucket * searchStateCount) + previous];
    ++counts[at(bucket * searchStateCount) + next];
    --m_totals[previous];
    ++m_totals[next];
    stored = static_cast<std::uint8_t>(state);
}

void TransformationLatticeState::apply(std::span<const core::TransformationEvent> events)
{
    for (const core::TransformationEvent& event : events) {
        if (event.node >= m_states.size())
            continue;
        const auto current = static_cast<TransformationState>(m_states[at(event.node)]);
        switch (event.kind) {
        case core::TransformationEventKind::Checked:
            setState(event.node,
                     event.acceptable ? TransformationState::Acceptable : TransformationState::NotAcceptable);
            m_values[event.node] = {event.value, event.suppressedRows};
            break;
        case core::TransformationEventKind::TaggedAcceptable:
            if (current == TransformationState::NotChecked)
                setState(event.node, TransformationState::TaggedAcceptable);
            break;
        case core::TransformationEventKind::TaggedUnacceptable:
            if (current == TransformationState::NotChecked)
                setState(event.node, TransformationState::TaggedNotAcceptable);
            break;
        }
    }
}

void TransformationLatticeState::setBest(std::optional<std::uint64_t> node, std::optional<double> value)
{
    m_best = node && *node < m_states.size() ? node : std::nullopt;
    m_bestBucket = m_best ? bucketOf(*m_best) : std::pair<int, std::uint64_t>{-1, 0};
    if (m_best && value && !m_values.contains(*m_best))
        m_values[*m_best] = {*value, 0};
}

void TransformationLatticeState::applyResult(const core::AnonymizationResult& result)
{
    if (result.lattice.size() != m_states.size())
        return;
    m_choices.clear();
    for (const core::TransformationAssessment& assessment :
         result.frontier.value_or(std::vector<core::TransformationAssessment>{})) {
        const std::uint64_t node = result.lattice.nodeOf(assessment.transformation);
        m_choices.push_back(node);
        m_values[node] = {assessment.value, assessment.suppressedRows};
        if (stateOf(node) != TransformationState::Acceptable)
            setState(node, TransformationState::Acceptable);
    }
    std::sort(m_choices.begin(), m_choices.end());
    for (Row& row : m_rows)
        row.choiceBuckets.clear();
    for (const std::uint64_t node : m_choices) {
        const auto [row, bucket] = bucketOf(node);
        m_rows[static_cast<std::size_t>(row)].choiceBuckets.push_back(bucket);
    }
    for (Row& row : m_rows)
        std::sort(row.choiceBuckets.begin(), row.choiceBuckets.end());
    m_best.reset();
    m_bestBucket = {-1, 0};
    if (result.optimum) {
        const std::uint64_t node = result.lattice.nodeOf(result.optimum->transformation);
        m_values[node] = {result.optimum->value, result.optimum->suppressedRows};
        setState(node, TransformationState::Acceptable);
        m_best = node;
        m_bestBucket = bucketOf(node);
    }
}

TransformationState TransformationLatticeState::stateOf(std::uint64_t node) const
{
    if (node >= m_states.size())
        return TransformationState::NotChecked;
    if (m_best == node)
        return TransformationState::Best;
    if (std::binary_search(m_choices.begin(), m_choices.end(), node))
        return TransformationState::Choice;
    return static_cast<TransformationState>(m_states[at(node)]);
}

NodeKnowledge TransformationLatticeState::knowledgeOf(std::uint64_t node) const
{
    NodeKnowledge knowledge;
    knowledge.state = stateOf(node);
    if (const auto it = m_values.find(node); it != m_values.end()) {
        knowledge.value = it->second.first;
        knowledge.suppressedRows = it->second.second;
    }
    return knowledge;
}

TransformationCounts TransformationLatticeState::counts() const
{
    TransformationCounts counts;
    for (std::size_t state = 0; state < m_totals.size(); ++state)
        counts.nodes[state] = m_totals[state];
    const auto moveToMark = [&counts, this](std::uint64_t node, TransformationState mark) {
        --counts.nodes[m_states[at(node)]];
        ++counts.nodes[static_cast<std::size_t>(mark)];
    };
    for (const std::uint64_t node : m_choices)
        if (node != m_best)
            moveToMark(node, TransformationState::Choice);
    if (m_best)
        moveToMark(*m_best, TransformationState::Best);
    return counts;
}

std::uint64_t TransformationLatticeState::bucketCount(int row) const
{
    return row < 0 || row >= m_layout.rowCount() ? 0 : m_rows[static_cast<std::size_t>(row)].buckets;
}

TransformationState TransformationLatticeState::dominant(int row, std::uint64_t first, std::uint64_t last) const
{
    if (row < 0 || row >= m_layout.rowCount())
        return TransformationState::NotChecked;
    const Row& data = m_rows[static_cast<std::size_t>(row)];
    last = std::min(last, data.buckets);
    if (m_bestBucket.first == row && m_bestBucket.second >= first && m_bestBucket.second < last)
        return TransformationState::Best;
    const auto choice = std::lower_bound(data.choiceBuckets.begin(), data.choiceBuckets.end(), first);
    if (choice != data.choiceBuckets.end() && *choice < last)
        return TransformationState::Choice;
    std::array<std::uint64_t, searchStateCount> sums{};
    for (std::uint64_t bucket = first; bucket < last; ++bucket)
        for (std::size_t state = 0; state < sums.size(); ++state)
            sums[state] += data.counts[at(bucket * searchStateCount) + state];
    std::size_t best = 0;
    for (std::size_t state = 1; state < sums.size(); ++state)
        if (sums[state] >= sums[best] && sums[state] > 0)
            best = state;
    return static_cast<TransformationState>(best);
}

} // namespace qiscout::ui
