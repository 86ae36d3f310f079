// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/prefix_planner.h"

#include <algorithm>
#include <queue>
#include <unordered_map>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {
namespace {

// The column a set adds to its prefix by the header's rule; -1 when none of the columns looked
// at has a group.
template <typename Set>
int groupedColumnToAdd(const Set& set, std::span<const int> groupOfColumn, PlanScope scope)
{
    // Ungrouped columns (-1) rank after every group; columns come ascending, so ties go to the highest.
    int added = -1;
    auto best = static_cast<unsigned>(-1);
    const auto consider = [&](int column) {
        if (const auto rank = static_cast<unsigned>(groupOfColumn[static_cast<std::size_t>(column)]); rank <= best) {
            best = rank;
            added = column;
        }
    };
    if (scope == PlanScope::Level) {
        set.forEach(consider);
    } else {
        const int last = set.last();
        consider(set.without(last).last());
        consider(last);
    }
    return groupOfColumn[static_cast<std::size_t>(added)] >= 0 ? added : -1;
}

// Appends the sets to the plan, each from a prefix of a small cover of them (see the header).
template <typename Set>
void planByCover(std::span<const Set> sets, std::vector<PlannedSet<Set>>& plan)
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
    for (std::size_t left = sets.size(); left > 0;) {
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
                --left;
                plan.push_back(PlannedSet<Set>{sets[index], top.prefix});
            }
        }
    }
}

} // namespace

template <typename Set>
std::vector<PlannedSet<Set>> planPrefixes(std::span<const Set> sets, std::span<const int> groupOfColumn,
                                          PlanScope scope)
{
    std::vector<PlannedSet<Set>> plan;
    plan.reserve(sets.size());
    if (groupOfColumn.empty()) {
        planByCover(sets, plan);
    } else {
        std::vector<Set> ungrouped;
        for (const Set& set : sets) {
            if (const int added = groupedColumnToAdd(set, groupOfColumn, scope); added >= 0)
                plan.push_back(PlannedSet<Set>{set, set.without(added)});
            else
                ungrouped.push_back(set);
        }
        planByCover(std::span<const Set>(ungrouped), plan);
    }
    // The sets are of one size, so their prefixes are too: the order need not count them.
    std::sort(plan.begin(), plan.end(), [](const PlannedSet<Set>& a, const PlannedSet<Set>& b) {
        if (a.prefix != b.prefix)
            return SameSizeLex{}(a.prefix, b.prefix);
        return SameSizeLex{}(a.set, b.set);
    });
    return plan;
}

#define QISCOUT_INSTANTIATE(Set)                                                                                       \
    template std::vector<PlannedSet<Set>> planPrefixes(std::span<const Set> sets, std::span<const int> groupOfColumn,  \
                                                       PlanScope scope);
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
