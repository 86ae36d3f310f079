// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_planner.h"

#include <algorithm>
#include <cstdint>
#include <queue>
#include <unordered_map>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {
namespace {

// Moves sets between the prefixes already chosen (so no partition more to build) towards the
// prefix under which the most other sets add a column of the same group. A set moves only to a
// strictly larger company, which raises the sum of the groups' squared sizes, so the passes end.
template <typename Set>
void gatherGroups(std::vector<PlannedSet<Set>>& plan, std::span<const int> groupOfColumn)
{
    const std::size_t groups =
        static_cast<std::size_t>(std::max(0, *std::max_element(groupOfColumn.begin(), groupOfColumn.end()) + 1));
    if (groups == 0)
        return;
    const auto groupOf = [&](const Set& set, const Set& prefix) {
        return groupOfColumn[static_cast<std::size_t>(set.minus(prefix).first())];
    };
    std::unordered_map<Set, std::vector<std::uint32_t>, ColumnSetHash> sizes;
    for (const PlannedSet<Set>& planned : plan) {
        std::vector<std::uint32_t>& counts = sizes[planned.prefix];
        counts.resize(groups, 0);
        if (const int group = groupOf(planned.set, planned.prefix); group >= 0)
            ++counts[static_cast<std::size_t>(group)];
    }
    constexpr int passes = 4;
    for (int pass = 0; pass < passes; ++pass) {
        bool moved = false;
        for (PlannedSet<Set>& planned : plan) {
            const int group = groupOf(planned.set, planned.prefix);
            std::vector<std::uint32_t>& current = sizes[planned.prefix];
            std::uint32_t bestCompany = group >= 0 ? current[static_cast<std::size_t>(group)] - 1 : 0;
            Set best = planned.prefix;
            planned.set.forEach([&](int column) {
                const int otherGroup = groupOfColumn[static_cast<std::size_t>(column)];
                if (otherGroup < 0)
                    return;
                const auto other = sizes.find(planned.set.without(column));
                if (other == sizes.end())
                    return;
                const std::uint32_t company = other->second[static_cast<std::size_t>(otherGroup)];
                if (company > bestCompany) {
                    bestCompany = company;
                    best = other->first;
                }
            });
            if (best == planned.prefix)
                continue;
            if (group >= 0)
                --current[static_cast<std::size_t>(group)];
            ++sizes[best][static_cast<std::size_t>(groupOf(planned.set, best))];
            planned.prefix = best;
            moved = true;
        }
        if (!moved)
            break;
    }
}

} // namespace

template <typename Set>
std::vector<PlannedSet<Set>> planPrefixes(std::span<const Set> sets, std::span<const int> groupOfColumn)
{
    std::unordered_map<Set, std::vector<std::size_t>, ColumnSetHash> setsOfPrefix;
    for (std::size_t index = 0; index < sets.size(); ++index)
        sets[index].forEach([&](int column) { setsOfPrefix[sets[index].without(column)].push_back(index); });

    // Lazy greedy: a prefix's count only falls as sets get planned, so an entry whose count is
    // stale is recounted and pushed back; the top entry with a fresh count is the best prefix.
    struct Candidate {
        std::size_t unplanned;
        Set prefix;
    };
    const auto worse = [](const Candidate& a, const Candidate& b) {
        if (a.unplanned != b.unplanned)
            return a.unplanned < b.unplanned;
        return SameSizeLex{}(b.prefix, a.prefix);
    };
    std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> queue(worse);
    for (const auto& [prefix, members] : setsOfPrefix)
        queue.push(Candidate{members.size(), prefix});

    std::vector<bool> planned(sets.size(), false);
    // The sets are of one size, so their prefixes are too: the orders below need not count them.
    std::vector<PlannedSet<Set>> plan;
    plan.reserve(sets.size());
    while (plan.size() < sets.size()) {
        const Candidate top = queue.top();
        queue.pop();
        const std::vector<std::size_t>& members = setsOfPrefix[top.prefix];
        const auto unplanned = static_cast<std::size_t>(
            std::count_if(members.begin(), members.end(), [&](std::size_t index) { return !planned[index]; }));
        if (unplanned != top.unplanned) {
            if (unplanned > 0)
                queue.push(Candidate{unplanned, top.prefix});
            continue;
        }
        for (const std::size_t index : members) {
            if (!planned[index]) {
                planned[index] = true;
                plan.push_back(PlannedSet<Set>{sets[index], top.prefix});
            }
        }
    }
    const auto byPrefixThenSet = [](const PlannedSet<Set>& a, const PlannedSet<Set>& b) {
        if (a.prefix != b.prefix)
            return SameSizeLex{}(a.prefix, b.prefix);
        return SameSizeLex{}(a.set, b.set);
    };
    std::sort(plan.begin(), plan.end(), byPrefixThenSet);
    if (!groupOfColumn.empty()) {
        gatherGroups(plan, groupOfColumn);
        std::sort(plan.begin(), plan.end(), byPrefixThenSet);
    }
    return plan;
}

#define QISCOUT_INSTANTIATE(Set)                                                                                       \
    template std::vector<PlannedSet<Set>> planPrefixes(std::span<const Set> sets, std::span<const int> groupOfColumn);
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
