// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/lattice_state.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace qiscout::ui {

namespace {

/// Above this many sets, safe sets are remembered in a hash set instead of one bit per set.
constexpr std::uint64_t maxBitmapSets = std::uint64_t{1} << 28;

std::size_t at(std::uint64_t index)
{
    return static_cast<std::size_t>(index);
}

} // namespace

std::uint64_t LatticeCounts::total() const
{
    return std::accumulate(sets.begin(), sets.end(), std::uint64_t{0});
}

SetState BucketSummary::dominant() const
{
    if (counts.of(SetState::Vulnerable) > 0)
        return SetState::Vulnerable;
    if (counts.of(SetState::InProgress) > 0)
        return SetState::InProgress;
    SetState best = SetState::Unreached;
    for (const SetState state : {SetState::Safe, SetState::Pruned})
        if (counts.of(state) > counts.of(best))
            best = state;
    return best;
}

void LatticeState::reset(core::ColumnSet searchedColumns, int maxSetSize, std::uint64_t bucketsPerLevel)
{
    m_layout = core::LatticeLayout(searchedColumns, maxSetSize);
    m_levels.assign(static_cast<std::size_t>(m_layout.levelCount()), Level{});
    m_levelOffsets.assign(static_cast<std::size_t>(m_layout.levelCount()) + 1, 0);
    for (int size = 1; size <= m_layout.levelCount(); ++size) {
        Level& level = m_levels[static_cast<std::size_t>(size - 1)];
        level.buckets = std::min(m_layout.levelSize(size), std::max<std::uint64_t>(bucketsPerLevel, 1));
        level.inProgress.assign(at(level.buckets), 0);
        level.safe.assign(at(level.buckets), 0);
        level.vulnerable.assign(at(level.buckets), 0);
        level.samples.clear();
        level.sampleCount.clear();
        level.prunedSamples.clear();
        m_levelOffsets[static_cast<std::size_t>(size)] =
            m_levelOffsets[static_cast<std::size_t>(size - 1)] + m_layout.levelSize(size);
    }
    const std::uint64_t total = m_layout.totalSize();
    m_safeBits.assign(total <= maxBitmapSets ? at((total + 63) / 64) : 0, 0);
    m_safeOverflow.clear();
    m_inProgress.clear();
    m_vulnerableSets.clear();
    m_vulnerable.clear();
    m_roots.clear();
    m_pendingRoots.clear();
    m_safeCount = 0;
    m_complete = false;
    m_prunedTotalValid = true;
    m_prunedTotal = 0;
}

std::uint64_t LatticeState::bucketIndex(const core::ColumnSet& set) const
{
    return m_layout.bucketOf(set, m_levels[static_cast<std::size_t>(set.size() - 1)].buckets);
}

std::uint64_t LatticeState::globalIndex(const core::ColumnSet& set) const
{
    return m_levelOffsets[static_cast<std::size_t>(set.size() - 1)] + m_layout.rank(set);
}

bool LatticeState::isMarkedSafe(const core::ColumnSet& set) const
{
    if (m_safeBits.empty())
        return m_safeOverflow.contains(set);
    const std::uint64_t index = globalIndex(set);
    return (m_safeBits[at(index / 64)] >> (index % 64)) & 1U;
}

void LatticeState::markSafe(const core::ColumnSet& set)
{
    if (m_safeBits.empty()) {
        m_safeOverflow.insert(set);
        return;
    }
    const std::uint64_t index = globalIndex(set);
    m_safeBits[at(index / 64)] |= std::uint64_t{1} << (index % 64);
}

bool LatticeState::properlyContainsRoot(const core::ColumnSet& set) const
{
    return std::any_of(m_roots.begin(), m_roots.end(),
                       [&set](const core::ColumnSet& root) { return root != set && root.isSubsetOf(set); });
}

void LatticeState::addRoot(const core::ColumnSet& root)
{
    if (std::any_of(m_roots.begin(), m_roots.end(),
                    [&root](const core::ColumnSet& known) { return known.isSubsetOf(root); }))
        return;
    std::erase_if(m_roots, [&root](const core::ColumnSet& known) { return root.isSubsetOf(known); });
    m_roots.push_back(root);
    m_pendingRoots.push_back(root);
    m_prunedTotalValid = false;
    // Only the few sets being evaluated right now can turn from in progress to pruned.
    for (auto it = m_inProgress.begin(); it != m_inProgress.end();) {
        const core::ColumnSet& set = *it;
        if (set != root && root.isSubsetOf(set)) {
            --levelOf(set).inProgress[at(bucketIndex(set))];
            it = m_inProgress.erase(it);
        } else {
            ++it;
        }
    }
}

void LatticeState::apply(std::span<const core::NodeEvent> events)
{
    for (const core::NodeEvent& event : events) {
        const core::ColumnSet& set = event.set;
        if (!m_layout.contains(set))
            continue;
        switch (event.kind) {
        case core::NodeEventKind::Scheduled:
            if (m_vulnerableSets.contains(set) || m_inProgress.contains(set) || isMarkedSafe(set) ||
                properlyContainsRoot(set))
                break;
            m_inProgress.insert(set);
            ++levelOf(set).inProgress[at(bucketIndex(set))];
            break;
        case core::NodeEventKind::Safe:
            if (isMarkedSafe(set) || m_vulnerableSets.contains(set))
                break;
            if (m_inProgress.erase(set) > 0)
                --levelOf(set).inProgress[at(bucketIndex(set))];
            markSafe(set);
            ++levelOf(set).safe[at(bucketIndex(set))];
            ++m_safeCount;
            break;
        case core::NodeEventKind::Vulnerable:
            if (m_vulnerableSets.contains(set))
                break;
            if (m_inProgress.erase(set) > 0)
                --levelOf(set).inProgress[at(bucketIndex(set))];
            m_vulnerableSets.insert(set);
            m_vulnerable.push_back(set);
            ++levelOf(set).vulnerable[at(bucketIndex(set))];
            m_prunedTotalValid = false;
            addRoot(set);
            break;
        case core::NodeEventKind::Pruned:
            addRoot(set);
            break;
        }
    }
}

void LatticeState::applyResult(const core::SearchResult& result)
{
    std::vector<core::NodeEvent> minimal;
    minimal.reserve(result.minimalSets.size());
    for (const core::MinimalSet& set : result.minimalSets)
        minimal.push_back(core::NodeEvent{set.columns, core::NodeEventKind::Vulnerable, 0, 0});
    apply(minimal);
    // Whatever was still being evaluated is either settled by a complete answer or abandoned.
    for (const core::ColumnSet& set : m_inProgress)
        --levelOf(set).inProgress[at(bucketIndex(set))];
    m_inProgress.clear();
    m_complete = result.complete;
}

SetState LatticeState::stateOf(const core::ColumnSet& set) const
{
    if (!m_layout.contains(set))
        return SetState::Unreached;
    if (m_vulnerableSets.contains(set))
        return SetState::Vulnerable;
    if (properlyContainsRoot(set))
        return SetState::Pruned;
    if (isMarkedSafe(set))
        return SetState::Safe;
    if (m_inProgress.contains(set))
        return SetState::InProgress;
    return m_complete ? SetState::Safe : SetState::Unreached;
}

std::uint64_t LatticeState::prunedTotal() const
{
    if (m_prunedTotalValid)
        return m_prunedTotal;
    const std::vector<std::uint64_t> containing = m_layout.countContainingAny(m_roots);
    std::uint64_t total = std::accumulate(containing.begin(), containing.end(), std::uint64_t{0});
    // The roots themselves contain a root but not properly; vulnerable sets win over pruned.
    total -= static_cast<std::uint64_t>(std::count_if(
        m_roots.begin(), m_roots.end(), [this](const core::ColumnSet& root) { return m_layout.contains(root); }));
    total -= static_cast<std::uint64_t>(
        std::count_if(m_vulnerable.begin(), m_vulnerable.end(),
                      [this](const core::ColumnSet& set) { return properlyContainsRoot(set); }));
    m_prunedTotal = total;
    m_prunedTotalValid = true;
    return total;
}

LatticeCounts LatticeState::counts() const
{
    LatticeCounts counts;
    auto& sets = counts.sets;
    const std::uint64_t total = m_layout.totalSize();
    sets[static_cast<std::size_t>(SetState::Vulnerable)] = m_vulnerable.size();
    sets[static_cast<std::size_t>(SetState::Pruned)] = prunedTotal();
    sets[static_cast<std::size_t>(SetState::InProgress)] = m_inProgress.size();
    const std::uint64_t settled = m_vulnerable.size() + prunedTotal() + m_inProgress.size();
    const std::uint64_t safe = m_complete ? total - settled : m_safeCount;
    sets[static_cast<std::size_t>(SetState::Safe)] = safe;
    sets[static_cast<std::size_t>(SetState::Unreached)] = total - settled - safe;
    return counts;
}

std::uint64_t LatticeState::bucketCount(int level) const
{
    return level < 1 || level > m_layout.levelCount() ? 0 : m_levels[static_cast<std::size_t>(level - 1)].buckets;
}

void LatticeState::refreshPrunedSamples() const
{
    if (m_pendingRoots.empty())
        return;
    int smallestRoot = m_layout.levelCount();
    for (const core::ColumnSet& root : m_pendingRoots)
        smallestRoot = std::min(smallestRoot, root.size());
    for (int size = smallestRoot + 1; size <= m_layout.levelCount(); ++size) {
        const Level& level = m_levels[static_cast<std::size_t>(size - 1)];
        const bool fresh = level.sampleCount.empty();
        if (fresh) {
            // Samples are drawn on first need: a lattice without quasi-identifiers never pays for them.
            level.samples.assign(at(level.buckets) * samplesPerBucket, core::ColumnSet{});
            level.sampleCount.assign(at(level.buckets), 0);
            level.prunedSamples.assign(at(level.buckets), 0);
            const std::uint64_t levelSize = m_layout.levelSize(size);
            for (std::uint64_t bucket = 0; bucket < level.buckets; ++bucket) {
                const core::RankRange ranks = core::LatticeLayout::bucketRanks(bucket, levelSize, level.buckets);
                const std::uint64_t count = std::min<std::uint64_t>(ranks.size(), samplesPerBucket);
                level.sampleCount[at(bucket)] = static_cast<std::uint8_t>(count);
                for (std::uint64_t sample = 0; sample < count; ++sample)
                    level.samples[at(bucket * samplesPerBucket + sample)] =
                        m_layout.unrank(size, ranks.first + sample * ranks.size() / count);
            }
        }
        const std::vector<core::ColumnSet>& roots = fresh ? m_roots : m_pendingRoots;
        for (std::uint64_t bucket = 0; bucket < level.buckets; ++bucket) {
            const int count = level.sampleCount[at(bucket)];
            std::uint8_t pruned = level.prunedSamples[at(bucket)];
            for (int sample = 0; sample < count; ++sample) {
                if ((static_cast<unsigned>(pruned) >> sample) & 1U)
                    continue;
                const core::ColumnSet& set =
                    level.samples[at(bucket) * samplesPerBucket + static_cast<std::size_t>(sample)];
                for (const core::ColumnSet& root : roots) {
                    if (root != set && root.isSubsetOf(set)) {
                        pruned = static_cast<std::uint8_t>(pruned | (1U << sample));
                        break;
                    }
                }
            }
            level.prunedSamples[at(bucket)] = pruned;
        }
    }
    m_pendingRoots.clear();
}

BucketSummary LatticeState::summarize(int level, std::uint64_t firstBucket, std::uint64_t lastBucket) const
{
    BucketSummary summary;
    if (level < 1 || level > m_layout.levelCount())
        return summary;
    refreshPrunedSamples();
    const Level& data = m_levels[static_cast<std::size_t>(level - 1)];
    lastBucket = std::min(lastBucket, data.buckets);
    if (firstBucket >= lastBucket)
        return summary;
    const std::uint64_t levelSize = m_layout.levelSize(level);
    auto& sets = summary.counts.sets;
    std::uint64_t inProgress = 0;
    std::uint64_t safe = 0;
    std::uint64_t vulnerable = 0;
    std::uint64_t pruned = 0;
    for (std::uint64_t bucket = firstBucket; bucket < lastBucket; ++bucket) {
        inProgress += data.inProgress[at(bucket)];
        safe += data.safe[at(bucket)];
        vulnerable += data.vulnerable[at(bucket)];
        if (!data.sampleCount.empty() && data.prunedSamples[at(bucket)] != 0) {
            const std::uint64_t bucketSize = core::LatticeLayout::bucketRanks(bucket, levelSize, data.buckets).size();
            const auto prunedSamples = static_cast<std::uint64_t>(std::popcount(data.prunedSamples[at(bucket)]));
            pruned += bucketSize * prunedSamples / data.sampleCount[at(bucket)];
        }
    }
    summary.sets = core::LatticeLayout::bucketRanks(lastBucket - 1, levelSize, data.buckets).last -
                   core::LatticeLayout::bucketRanks(firstBucket, levelSize, data.buckets).first;
    pruned = std::min(pruned, summary.sets - inProgress - vulnerable);
    const std::uint64_t remaining = summary.sets - inProgress - vulnerable - pruned;
    sets[static_cast<std::size_t>(SetState::InProgress)] = inProgress;
    sets[static_cast<std::size_t>(SetState::Vulnerable)] = vulnerable;
    sets[static_cast<std::size_t>(SetState::Pruned)] = pruned;
    sets[static_cast<std::size_t>(SetState::Safe)] = m_complete ? remaining : std::min(safe, remaining);
    sets[static_cast<std::size_t>(SetState::Unreached)] = remaining - sets[static_cast<std::size_t>(SetState::Safe)];
    return summary;
}

} // namespace qiscout::ui
