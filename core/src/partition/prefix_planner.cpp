// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_planner.h"

#include <algorithm>
#include <queue>
#include <unordered_map>

namespace qiscout::core {

std::vector<PlannedSet> planPrefixes(std::span<const ColumnSet> sets)
{
    std::unordered_map<ColumnSet, std::vector<std::size_t>, ColumnSetHash> setsOfPrefix;
    for (std::size_t index = 0; index < sets.size(); ++index) {
        for (const int column : sets[index].columns())
            setsOfPrefix[sets[index].without(column)].push_back(index);
    }

    // Lazy greedy: a prefix's count only falls as sets get planned, so an entry whose count is
    // stale is recounted and pushed back; the top entry with a fresh count is the best prefix.
    struct Candidate {
        std::size_t unplanned;
        ColumnSet prefix;
    };
    const auto worse = [](const Candidate& a, const Candidate& b) {
        if (a.unplanned != b.unplanned)
            return a.unplanned < b.unplanned;
        return sizeThenLexLess(b.prefix, a.prefix);
    };
    std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> queue(worse);
    for (const auto& [prefix, members] : setsOfPrefix)
        queue.push(Candidate{members.size(), prefix});

    std::vector<bool> planned(sets.size(), false);
    std::vector<PlannedSet> plan;
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
                plan.push_back(PlannedSet{sets[index], top.prefix});
            }
        }
    }
    std::sort(plan.begin(), plan.end(), [](const PlannedSet& a, const PlannedSet& b) {
        if (a.prefix != b.prefix)
            return sizeThenLexLess(a.prefix, b.prefix);
        return sizeThenLexLess(a.set, b.set);
    });
    return plan;
}

} // namespace qiscout::core
