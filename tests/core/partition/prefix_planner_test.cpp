// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "lattice/fixed_column_set.h"
#include "partition/prefix_planner.h"
#include "support/column_masks.h"

using qiscout::core::ColumnSet;
using qiscout::core::PlannedSet;
using qiscout::core::planPrefixes;
using qiscout::core::PlanScope;

namespace {

// The sets of `size` of the first `columns` columns, but those whose mask is a multiple of `gap`
// (0: none left out): pruning leaves gaps, so that prefixes serve uneven numbers of sets.
std::vector<ColumnSet> setsOfSize(int columns, int size, std::uint64_t gap = 0)
{
    std::vector<ColumnSet> sets;
    for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << columns); ++mask) {
        if (std::popcount(mask) == size && (gap == 0 || mask % gap != 0))
            sets.push_back(qiscout::core::testing::setOfMask(mask));
    }
    return sets;
}

// Checks that `plan` holds each of `sets` once, each from a subset one column smaller.
void checkEverySetPlannedOnce(const std::vector<ColumnSet>& sets, const std::vector<PlannedSet<ColumnSet>>& plan)
{
    REQUIRE(plan.size() == sets.size());
    std::set<std::uint64_t> planned;
    for (const PlannedSet<ColumnSet>& entry : plan) {
        CHECK(entry.prefix.isSubsetOf(entry.set));
        CHECK(entry.prefix.size() == entry.set.size() - 1);
        CHECK(planned.insert(qiscout::core::testing::maskOf(entry.set)).second);
    }
    for (const ColumnSet& set : sets)
        CHECK(planned.count(qiscout::core::testing::maskOf(set)) == 1);
}

std::size_t distinctPrefixes(const std::vector<PlannedSet<ColumnSet>>& plan)
{
    std::set<std::uint64_t> prefixes;
    for (const PlannedSet<ColumnSet>& planned : plan)
        prefixes.insert(qiscout::core::testing::maskOf(planned.prefix));
    return prefixes.size();
}

} // namespace

TEST_CASE("Every set is planned once, from a subset one column smaller, grouped by prefix", "[planner]")
{
    for (int size = 2; size <= 4; ++size) {
        const std::vector<ColumnSet> sets = setsOfSize(7, size, 3);
        const std::vector<PlannedSet<ColumnSet>> plan = planPrefixes<ColumnSet>(sets);
        checkEverySetPlannedOnce(sets, plan);
        // Grouped: once a prefix's group ends, that prefix never comes back.
        std::set<std::uint64_t> finished;
        for (std::size_t i = 1; i < plan.size(); ++i) {
            if (plan[i].prefix != plan[i - 1].prefix) {
                CHECK(finished.insert(qiscout::core::testing::maskOf(plan[i - 1].prefix)).second);
                CHECK(finished.count(qiscout::core::testing::maskOf(plan[i].prefix)) == 0);
            }
        }
        CHECK(planPrefixes<ColumnSet>(sets).size() == plan.size());
    }
}

TEST_CASE("The plan needs fewer prefixes than taking each set minus its highest column", "[planner]")
{
    // All 3-sets of 8 columns: by highest column, every 2-set not containing column 7 is a
    // prefix (21 of them); a cover needs far fewer.
    const std::vector<ColumnSet> sets = setsOfSize(8, 3);
    const std::vector<PlannedSet<ColumnSet>> plan = planPrefixes<ColumnSet>(sets);
    std::set<std::uint64_t> byHighest;
    for (const ColumnSet& set : sets)
        byHighest.insert(qiscout::core::testing::maskOf(set.without(set.last())));
    CHECK(distinctPrefixes(plan) < byHighest.size());
    // The same sets in another order give the same plan.
    std::vector<ColumnSet> reversed(sets.rbegin(), sets.rend());
    const std::vector<PlannedSet<ColumnSet>> again = planPrefixes<ColumnSet>(reversed);
    REQUIRE(again.size() == plan.size());
    for (std::size_t i = 0; i < plan.size(); ++i) {
        CHECK(again[i].set == plan[i].set);
        CHECK(again[i].prefix == plan[i].prefix);
    }
}

TEST_CASE("A prefix shared by many sets is chosen over the sets' own highest-column prefixes", "[planner]")
{
    // {c, 4, 5} for c = 0..3: minus the highest column they need four prefixes {c, 4}; {4, 5}
    // serves them all.
    std::vector<ColumnSet> sets;
    for (int column = 0; column <= 3; ++column)
        sets.push_back(ColumnSet::of({column, 4, 5}));
    const std::vector<PlannedSet<ColumnSet>> plan = planPrefixes<ColumnSet>(sets);
    CHECK(distinctPrefixes(plan) == 1);
    CHECK(plan.front().prefix == ColumnSet::of({4, 5}));
}

TEST_CASE("With groups of columns, each set adds its column of the first group, and its prefix serves whole groups",
          "[planner]")
{
    // Columns 0-3 in group 1, 4-6 in group 0, 7 and 8 in none.
    const std::vector<int> groupOfColumn = {1, 1, 1, 1, 0, 0, 0, -1, -1};
    const auto groupOf = [&](int column) { return groupOfColumn[static_cast<std::size_t>(column)]; };
    const auto rank = [&](int column) { return static_cast<unsigned>(groupOf(column)); };
    const auto addedOf = [](const PlannedSet<ColumnSet>& planned) { return planned.set.minus(planned.prefix).first(); };
    // (prefix, group) -> sets; the sum of its squares grows as the prefixes' groups fill.
    const auto company = [&](const std::vector<PlannedSet<ColumnSet>>& plan) {
        std::map<std::pair<std::uint64_t, int>, std::size_t> sizes;
        for (const PlannedSet<ColumnSet>& planned : plan) {
            if (const int group = groupOf(addedOf(planned)); group >= 0)
                ++sizes[{qiscout::core::testing::maskOf(planned.prefix), group}];
        }
        std::size_t squares = 0;
        for (const auto& [key, size] : sizes)
            squares += size * size;
        return squares;
    };
    for (const PlanScope scope : {PlanScope::Level, PlanScope::Stems}) {
        for (int size = 2; size <= 4; ++size) {
            const std::vector<ColumnSet> sets = setsOfSize(9, size, 5);
            const std::vector<PlannedSet<ColumnSet>> cover = planPrefixes<ColumnSet>(sets);
            const std::vector<PlannedSet<ColumnSet>> plan = planPrefixes<ColumnSet>(sets, groupOfColumn, scope);
            checkEverySetPlannedOnce(sets, plan);
            for (const PlannedSet<ColumnSet>& entry : plan) {
                // The added column: the best ranked (the highest on ties) among all of the set's
                // columns, or among its last two for stems, whose prefix keeps the rest.
                const int added = addedOf(entry);
                const std::vector<int> columns = entry.set.columns();
                const auto first = scope == PlanScope::Level ? columns.begin() : columns.end() - 2;
                if (groupOf(added) >= 0) {
                    for (auto column = first; column != columns.end(); ++column)
                        CHECK((rank(*column) > rank(added) || (rank(*column) == rank(added) && *column <= added)));
                } else {
                    // No grouped column to add: planned by the cover.
                    for (auto column = first; column != columns.end(); ++column)
                        CHECK(groupOf(*column) < 0);
                }
            }
            CHECK(std::is_sorted(plan.begin(), plan.end(), [](const auto& a, const auto& b) {
                if (a.prefix != b.prefix)
                    return qiscout::core::SameSizeLex{}(a.prefix, b.prefix);
                return qiscout::core::SameSizeLex{}(a.set, b.set);
            }));
            if (size > 2)
                CHECK(company(plan) > company(cover));
            // The same sets in another order give the same plan.
            std::vector<ColumnSet> reversed(sets.rbegin(), sets.rend());
            const std::vector<PlannedSet<ColumnSet>> again = planPrefixes<ColumnSet>(reversed, groupOfColumn, scope);
            REQUIRE(again.size() == plan.size());
            for (std::size_t i = 0; i < plan.size(); ++i) {
                CHECK(again[i].set == plan[i].set);
                CHECK(again[i].prefix == plan[i].prefix);
            }
        }
    }
}

TEST_CASE("A level planned whole serves every set adding a column of a group from one prefix", "[planner]")
{
    // {c, 3, 4} and {c, 3, 5} for c in group 0 (columns 0-2), columns 3-5 in group 1. Planned
    // whole, each set adds its c: two prefixes, {3, 4} and {3, 5}, with three sets each. From
    // their last two columns only (a stem being a single column), {c, 3} adds 4 or 5: three
    // prefixes with two sets each.
    const std::vector<int> groupOfColumn = {0, 0, 0, 1, 1, 1};
    std::vector<ColumnSet> sets;
    for (int column = 0; column <= 2; ++column) {
        sets.push_back(ColumnSet::of({column, 3, 4}));
        sets.push_back(ColumnSet::of({column, 3, 5}));
    }
    const std::vector<PlannedSet<ColumnSet>> level = planPrefixes<ColumnSet>(sets, groupOfColumn, PlanScope::Level);
    REQUIRE(level.size() == 6);
    CHECK(distinctPrefixes(level) == 2);
    for (std::size_t i = 0; i < 6; ++i)
        CHECK(level[i].prefix == (i < 3 ? ColumnSet::of({3, 4}) : ColumnSet::of({3, 5})));
    const std::vector<PlannedSet<ColumnSet>> stems = planPrefixes<ColumnSet>(sets, groupOfColumn, PlanScope::Stems);
    REQUIRE(stems.size() == 6);
    CHECK(distinctPrefixes(stems) == 3);
    for (std::size_t i = 0; i < 6; ++i)
        CHECK(stems[i].prefix == ColumnSet::of({static_cast<int>(i / 2), 3}));
}
