// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/dl_grouping.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <utility>

namespace qiscout::core {
namespace {

/// Buckets of one segment and what they cost.
struct Buckets {
    std::vector<std::vector<ValueRows>> buckets;
    std::vector<ValueRows> removed;
    std::uint64_t removedRows = 0;
};

void removeRows(Buckets& result, std::uint32_t value, std::uint64_t rows)
{
    if (rows == 0)
        return;
    result.removed.push_back({value, rows});
    result.removedRows += rows;
}

// Greedy bucket construction: a bucket starts at the smallest value left, its frequency the base;
// it takes the next values until it holds l of them, each cut down to base + d, then every further
// value already within base + d. A tail of fewer than l values joins the last bucket (cut down to
// its base + d) or is removed whole, whichever removes fewer rows.
Buckets buildBuckets(std::span<const ValueRows> sorted, std::uint64_t d, std::uint64_t l)
{
    Buckets result;
    std::size_t i = 0;
    const std::size_t n = sorted.size();
    while (i < n) {
        if (n - i < l) {
            std::uint64_t dropCost = 0;
            std::uint64_t appendCost = 0;
            const std::uint64_t ceiling = result.buckets.empty() ? 0 : result.buckets.back().front().rows + d;
            for (std::size_t t = i; t < n; ++t) {
                dropCost += sorted[t].rows;
                appendCost += sorted[t].rows > ceiling ? sorted[t].rows - ceiling : 0;
            }
            if (!result.buckets.empty() && appendCost <= dropCost) {
                for (std::size_t t = i; t < n; ++t) {
                    const std::uint64_t kept = std::min(sorted[t].rows, ceiling);
                    result.buckets.back().push_back({sorted[t].value, kept});
                    removeRows(result, sorted[t].value, sorted[t].rows - kept);
                }
            } else {
                for (std::size_t t = i; t < n; ++t)
                    removeRows(result, sorted[t].value, sorted[t].rows);
            }
            break;
        }
        const std::uint64_t ceiling = sorted[i].rows + d;
        std::vector<ValueRows> bucket;
        std::size_t j = i;
        while (j < n && (j - i < l || sorted[j].rows <= ceiling)) {
            const std::uint64_t kept = std::min(sorted[j].rows, ceiling);
            bucket.push_back({sorted[j].value, kept});
            removeRows(result, sorted[j].value, sorted[j].rows - kept);
            ++j;
        }
        result.buckets.push_back(std::move(bucket));
        i = j;
    }
    return result;
}

std::uint64_t segmentCost(std::span<const ValueRows> sorted, std::uint64_t d, std::uint64_t l)
{
    return buildBuckets(sorted, d, l).removedRows;
}

// Groups that intersect in a chain: group j holds what is left of bucket j and a share c of every
// value of bucket j + 1, the same share for each so that the rest of that bucket stays d-close.
// c is the largest share that keeps group j d-close and leaves at least one row of each value; when
// there is none the chain ends and the next bucket starts a new one.
std::vector<std::vector<ValueRows>> chainGroups(const std::vector<std::vector<ValueRows>>& buckets, std::uint64_t d)
{
    std::vector<std::vector<ValueRows>> groups;
    if (buckets.empty())
        return groups;
    std::vector<ValueRows> current = buckets.front();
    for (std::size_t j = 1; j < buckets.size(); ++j) {
        const std::vector<ValueRows>& next = buckets[j];
        std::uint64_t restLow = std::numeric_limits<std::uint64_t>::max();
        std::uint64_t restHigh = 0;
        for (const ValueRows& rest : current) {
            restLow = std::min(restLow, rest.rows);
            restHigh = std::max(restHigh, rest.rows);
        }
        std::uint64_t nextLow = std::numeric_limits<std::uint64_t>::max();
        for (const ValueRows& value : next)
            nextLow = std::min(nextLow, value.rows);
        const std::uint64_t lower = std::max<std::uint64_t>(1, restHigh > d ? restHigh - d : 0);
        const std::uint64_t upper = std::min(restLow + d, nextLow - 1);
        if (nextLow < 2 || lower > upper) {
            groups.push_back(std::move(current));
            current = next;
            continue;
        }
        std::vector<ValueRows> rest;
        for (const ValueRows& value : next) {
            current.push_back({value.value, upper});
            rest.push_back({value.value, value.rows - upper});
        }
        groups.push_back(std::move(current));
        current = std::move(rest);
    }
    groups.push_back(std::move(current));
    return groups;
}

/// Segment costs, remembered by their bounds in the sorted values: bottom-up asks for the same
/// neighbouring pairs round after round.
class SegmentCosts {
public:
    SegmentCosts(std::span<const ValueRows> sorted, std::uint64_t d, std::uint64_t l) : m_sorted(sorted), m_d(d), m_l(l)
    {}

    std::uint64_t operator()(std::size_t begin, std::size_t end)
    {
        const auto [found, inserted] = m_costs.try_emplace({begin, end}, 0);
        if (inserted)
            found->second = segmentCost(m_sorted.subspan(begin, end - begin), m_d, m_l);
        return found->second;
    }

private:
    std::span<const ValueRows> m_sorted;
    std::uint64_t m_d;
    std::uint64_t m_l;
    std::map<std::pair<std::size_t, std::size_t>, std::uint64_t> m_costs;
};

// Top-down: one segment first; then, as long as some cut of some segment removes fewer rows than
// the segment whole, make the cut that saves the most (ties: the first segment, the earliest cut).
std::vector<std::size_t> cutTopDown(std::span<const ValueRows> sorted, std::uint64_t d, std::uint64_t l)
{
    const auto cost = [&](std::size_t begin, std::size_t end) {
        return segmentCost(sorted.subspan(begin, end - begin), d, l);
    };
    std::vector<std::size_t> starts{0, sorted.size()};
    if (sorted.empty())
        return starts;
    // Per segment start: the best cut and what it saves, computed once per segment.
    std::map<std::size_t, std::pair<std::size_t, std::uint64_t>> bestCut;
    const auto evaluate = [&](std::size_t begin, std::size_t end) {
        std::pair<std::size_t, std::uint64_t> best{0, 0};
        const std::uint64_t whole = cost(begin, end);
        for (std::size_t cut = begin + 1; cut < end; ++cut) {
            const std::uint64_t parts = cost(begin, cut) + cost(cut, end);
            if (parts < whole && whole - parts > best.second)
                best = {cut, whole - parts};
        }
        bestCut[begin] = best;
    };
    evaluate(0, sorted.size());
    while (true) {
        std::size_t chosen = starts.size();
        for (std::size_t s = 0; s + 1 < starts.size(); ++s) {
            const auto& candidate = bestCut.at(starts[s]);
            if (candidate.second > 0 &&
                (chosen == starts.size() || candidate.second > bestCut.at(starts[chosen]).second))
                chosen = s;
        }
        if (chosen == starts.size())
            break;
        const std::size_t begin = starts[chosen];
        const std::size_t end = starts[chosen + 1];
        const std::size_t cut = bestCut.at(begin).first;
        starts.insert(starts.begin() + static_cast<std::ptrdiff_t>(chosen) + 1, cut);
        evaluate(begin, cut);
        evaluate(cut, end);
    }
    return starts;
}

// Bottom-up: one segment per value first; then, as long as merging two neighbouring segments
// removes no more rows than keeping them apart, make the merge whose segment removes the fewest
// rows (ties: the earliest). Merging at equal cost lengthens the chains, as the paper's grouping
// intends.
std::vector<std::size_t> mergeBottomUp(std::span<const ValueRows> sorted, std::uint64_t d, std::uint64_t l)
{
    SegmentCosts cost(sorted, d, l);
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i <= sorted.size(); ++i)
        starts.push_back(i);
    while (starts.size() > 2) {
        std::size_t chosen = starts.size();
        std::uint64_t chosenCost = 0;
        for (std::size_t s = 0; s + 2 < starts.size(); ++s) {
            const std::uint64_t merged = cost(starts[s], starts[s + 2]);
            const std::uint64_t apart = cost(starts[s], starts[s + 1]) + cost(starts[s + 1], starts[s + 2]);
            if (merged <= apart && (chosen == starts.size() || merged < chosenCost)) {
                chosen = s;
                chosenCost = merged;
            }
        }
        if (chosen == starts.size())
            break;
        starts.erase(starts.begin() + static_cast<std::ptrdiff_t>(chosen) + 1);
    }
    return starts;
}

} // namespace

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(PartitionHeuristic heuristic)
{
    return nameIn(partitionHeuristicNames, heuristic).data();
}

std::optional<PartitionHeuristic> parsePartitionHeuristic(std::string_view name)
{
    return valueIn(partitionHeuristicNames, name);
}

DlGroupingPlan groupSegment(std::span<const ValueRows> sortedSegment, std::uint64_t d, std::uint64_t l)
{
    DlGroupingPlan plan;
    plan.sortedValues.assign(sortedSegment.begin(), sortedSegment.end());
    plan.segmentStarts = {0, sortedSegment.size()};
    Buckets buckets = buildBuckets(sortedSegment, d, l);
    for (std::vector<ValueRows>& group : chainGroups(buckets.buckets, d))
        plan.groups.push_back({std::move(group), 0});
    plan.buckets = std::move(buckets.buckets);
    plan.removed = std::move(buckets.removed);
    std::sort(plan.removed.begin(), plan.removed.end(),
              [](const ValueRows& a, const ValueRows& b) { return a.value < b.value; });
    plan.removedRows = buckets.removedRows;
    return plan;
}

DlGroupingPlan planDlGrouping(std::span<const ValueRows> frequencies, std::uint64_t d, std::uint64_t l,
                              PartitionHeuristic heuristic)
{
    std::vector<ValueRows> sorted(frequencies.begin(), frequencies.end());
    std::sort(sorted.begin(), sorted.end(), [](const ValueRows& a, const ValueRows& b) {
        return a.rows != b.rows ? a.rows < b.rows : a.value < b.value;
    });
    const std::uint64_t atLeastOne = std::max<std::uint64_t>(l, 1);
    DlGroupingPlan plan;
    plan.segmentStarts = heuristic == PartitionHeuristic::TopDown ? cutTopDown(sorted, d, atLeastOne)
                                                                  : mergeBottomUp(sorted, d, atLeastOne);
    for (std::size_t s = 0; s + 1 < plan.segmentStarts.size(); ++s) {
        const std::span<const ValueRows> segment(sorted.data() + plan.segmentStarts[s],
                                                 plan.segmentStarts[s + 1] - plan.segmentStarts[s]);
        DlGroupingPlan part = groupSegment(segment, d, atLeastOne);
        for (DlGroup& group : part.groups) {
            group.segment = s;
            plan.groups.push_back(std::move(group));
        }
        for (std::vector<ValueRows>& bucket : part.buckets)
            plan.buckets.push_back(std::move(bucket));
        plan.removed.insert(plan.removed.end(), part.removed.begin(), part.removed.end());
        plan.removedRows += part.removedRows;
    }
    std::sort(plan.removed.begin(), plan.removed.end(),
              [](const ValueRows& a, const ValueRows& b) { return a.value < b.value; });
    plan.sortedValues = std::move(sorted);
    return plan;
}

} // namespace qiscout::core
