// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/dl_grouping.h"
#include "qiscout/core/dependencies/dl_inference.h"

using namespace qiscout::core;

namespace {

// The paper's Example 1: s1..s9 (as values 1..9) with frequencies 1, 7, 9, 10, 26, 30, 40, 45, 50.
std::vector<ValueRows> exampleOne()
{
    return {{1, 1}, {2, 7}, {3, 9}, {4, 10}, {5, 26}, {6, 30}, {7, 40}, {8, 45}, {9, 50}};
}

std::vector<SensitiveProfile> profilesOf(const DlGroupingPlan& plan)
{
    std::vector<SensitiveProfile> profiles;
    for (const DlGroup& group : plan.groups) {
        SensitiveProfile profile;
        for (const ValueRows& value : group.values)
            profile.add(value.value, value.rows);
        profiles.push_back(profile);
    }
    return profiles;
}

// Every row of every value is in exactly one group or removed, and the plan's totals add up.
void checkConservation(const DlGroupingPlan& plan, const std::vector<ValueRows>& frequencies)
{
    std::map<std::uint32_t, std::uint64_t> accounted;
    for (const DlGroup& group : plan.groups)
        for (const ValueRows& value : group.values) {
            CHECK(value.rows >= 1);
            accounted[value.value] += value.rows;
        }
    std::uint64_t removed = 0;
    for (const ValueRows& value : plan.removed) {
        accounted[value.value] += value.rows;
        removed += value.rows;
    }
    CHECK(removed == plan.removedRows);
    for (const ValueRows& value : frequencies)
        CHECK(accounted[value.value] == value.rows);
    CHECK(accounted.size() == frequencies.size());
}

} // namespace

TEST_CASE("Phase 1 reproduces the paper's Example 1 with both heuristics", "[dl-inference][anonymization]")
{
    const PartitionHeuristic heuristic = GENERATE(PartitionHeuristic::TopDown, PartitionHeuristic::BottomUp);
    INFO(toString(heuristic));
    const std::vector<ValueRows> frequencies = exampleOne();
    const DlGroupingPlan plan = planDlGrouping(frequencies, 3, 2, heuristic);

    // s1 is a segment alone and is removed; the other eight values are one segment.
    CHECK(plan.segmentStarts == std::vector<std::size_t>{0, 1, 9});
    using Bucket = std::vector<ValueRows>;
    CHECK(plan.buckets == std::vector<Bucket>{
                              {{2, 7}, {3, 9}, {4, 10}},
                              {{5, 26}, {6, 29}},
                              {{7, 40}, {8, 43}, {9, 43}},
                          });
    CHECK(plan.removed == std::vector<ValueRows>{{1, 1}, {6, 1}, {8, 2}, {9, 7}});
    CHECK(plan.removedRows == 11);
    REQUIRE(plan.groups.size() == 3);
    CHECK(plan.groups[0].values == Bucket{{2, 7}, {3, 9}, {4, 10}, {5, 10}, {6, 10}});
    CHECK(plan.groups[1].values == Bucket{{5, 16}, {6, 19}, {7, 19}, {8, 19}, {9, 19}});
    CHECK(plan.groups[2].values == Bucket{{7, 21}, {8, 24}, {9, 24}});
    checkConservation(plan, frequencies);

    DiversityRequirement requirement;
    requirement.l = 2;
    requirement.d = 3;
    CHECK(checkDlInference(profilesOf(plan), requirement).satisfied);
}

TEST_CASE("Without phase 1 the greedy grouping of Example 1 removes more rows", "[dl-inference][anonymization]")
{
    const std::vector<ValueRows> frequencies = exampleOne();
    // s1 then starts the first bucket and s2 is cut from 7 rows to 4.
    const DlGroupingPlan whole = groupSegment(frequencies, 3, 2);
    CHECK(whole.removedRows == 13);
    checkConservation(whole, frequencies);
}

TEST_CASE("Every phase-1 plan satisfies (d, l)-inference and accounts for every row", "[dl-inference][anonymization]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{1}, std::uint64_t{301}));
    std::mt19937_64 random(seed);
    const auto valueCount = 1 + random() % 40U;
    const bool skewed = random() % 2U == 0;
    std::vector<ValueRows> frequencies;
    for (std::uint32_t v = 0; v < valueCount; ++v) {
        const std::uint64_t rows = skewed ? 1 + (random() % 1000U) * (random() % 1000U) / 1000U : 20 + random() % 10U;
        frequencies.push_back({v * 3 + 1, rows});
    }
    const std::uint64_t d = random() % 8U;
    const std::uint64_t l = 1 + random() % 5U;
    const PartitionHeuristic heuristic = GENERATE(PartitionHeuristic::TopDown, PartitionHeuristic::BottomUp);
    INFO("seed " << seed << ", d " << d << ", l " << l << ", " << toString(heuristic));

    const DlGroupingPlan plan = planDlGrouping(frequencies, d, l, heuristic);
    checkConservation(plan, frequencies);
    DiversityRequirement requirement;
    requirement.l = l;
    requirement.d = d;
    const DlInferenceCheck check = checkDlInference(profilesOf(plan), requirement);
    CHECK(check.satisfied);
    for (const DlGroup& group : plan.groups)
        CHECK(group.values.size() >= l);

    // The plan removes what its segments' groupings remove, and top-down never does worse than
    // grouping all values as one segment, where it starts.
    std::uint64_t segmentsCost = 0;
    for (std::size_t s = 0; s + 1 < plan.segmentStarts.size(); ++s) {
        const std::span<const ValueRows> segment(plan.sortedValues.data() + plan.segmentStarts[s],
                                                 plan.segmentStarts[s + 1] - plan.segmentStarts[s]);
        segmentsCost += groupSegment(segment, d, l).removedRows;
    }
    CHECK(segmentsCost == plan.removedRows);
    if (heuristic == PartitionHeuristic::TopDown)
        CHECK(plan.removedRows <= groupSegment(plan.sortedValues, d, l).removedRows);
}
