// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/dependencies/dl_inference.h"

using namespace qiscout::core;

namespace {

struct NaiveVerdict {
    bool dClose = true;
    bool lOverlapping = true;
    bool lNonOverlapping = true;
};

// Definition 8 read literally over every non-empty set of groups and every ordered pair.
NaiveVerdict naiveDlInference(const std::vector<SensitiveProfile>& groups, const DiversityRequirement& requirement)
{
    NaiveVerdict verdict;
    std::vector<std::set<std::uint32_t>> sets;
    for (const SensitiveProfile& group : groups) {
        std::set<std::uint32_t> values;
        std::uint64_t smallest = UINT64_MAX;
        std::uint64_t largest = 0;
        for (const auto& [value, count] : group.counts) {
            values.insert(value);
            smallest = std::min(smallest, count);
            largest = std::max(largest, count);
        }
        if (requirement.d && !values.empty() && largest - smallest > *requirement.d)
            verdict.dClose = false;
        sets.push_back(values);
    }
    for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << sets.size()); ++mask) {
        std::set<std::uint32_t> common;
        bool first = true;
        for (std::size_t g = 0; g < sets.size(); ++g) {
            if (((mask >> g) & 1U) == 0)
                continue;
            if (first) {
                common = sets[g];
                first = false;
                continue;
            }
            std::set<std::uint32_t> narrowed;
            std::set_intersection(common.begin(), common.end(), sets[g].begin(), sets[g].end(),
                                  std::inserter(narrowed, narrowed.end()));
            common = narrowed;
        }
        if (!common.empty() && common.size() < requirement.l)
            verdict.lOverlapping = false;
    }
    for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::size_t j = 0; j < sets.size(); ++j) {
            if (i == j)
                continue;
            std::set<std::uint32_t> difference;
            std::set_difference(sets[i].begin(), sets[i].end(), sets[j].begin(), sets[j].end(),
                                std::inserter(difference, difference.end()));
            if (!difference.empty() && difference.size() < requirement.l)
                verdict.lNonOverlapping = false;
        }
    return verdict;
}

bool violates(const DlInferenceCheck& check, DlCondition condition)
{
    return std::any_of(check.violations.begin(), check.violations.end(),
                       [condition](const DlViolation& violation) { return violation.condition == condition; });
}

SensitiveProfile profileOf(std::initializer_list<std::pair<std::uint32_t, std::uint64_t>> counts)
{
    SensitiveProfile profile;
    for (const auto& [value, count] : counts)
        profile.add(value, count);
    return profile;
}

} // namespace

TEST_CASE("The (d, l)-inference checker agrees with a brute force over all sets of groups", "[dl-inference]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{1}, std::uint64_t{401}));
    std::mt19937_64 random(seed);
    const auto groupCount = 1 + random() % 8U;
    const auto valueCount = 2 + random() % 7U;
    // Small value domains and frequent copies of one group's values make chains, nested sets and
    // equal sets common, which is where the conditions differ.
    std::vector<SensitiveProfile> groups;
    for (std::uint64_t g = 0; g < groupCount; ++g) {
        SensitiveProfile profile;
        if (!groups.empty() && random() % 4U == 0) {
            profile = groups[random() % groups.size()];
        } else {
            const auto size = 1 + random() % valueCount;
            for (std::uint64_t v = 0; v < size; ++v)
                profile.add(static_cast<std::uint32_t>(random() % valueCount), 1 + random() % 6U);
        }
        groups.push_back(profile);
    }
    DiversityRequirement requirement;
    requirement.l = 1 + random() % 4U;
    if (random() % 3U != 0)
        requirement.d = random() % 6U;
    INFO("seed " << seed << ", l " << requirement.l);

    const NaiveVerdict expected = naiveDlInference(groups, requirement);
    const DlInferenceCheck check = checkDlInference(groups, requirement, 1000);
    CHECK(violates(check, DlCondition::DClose) == !expected.dClose);
    CHECK(violates(check, DlCondition::LOverlapping) == !expected.lOverlapping);
    CHECK(violates(check, DlCondition::LNonOverlapping) == !expected.lNonOverlapping);
    CHECK(check.satisfied == (expected.dClose && expected.lOverlapping && expected.lNonOverlapping));
    CHECK(check.violationCount == check.violations.size());
    for (const DlViolation& violation : check.violations) {
        if (violation.condition == DlCondition::DClose) {
            REQUIRE(violation.groups.size() == 1);
            CHECK(groups[violation.groups.front()].spread() > requirement.d.value_or(0));
        } else {
            CHECK(!violation.values.empty());
            CHECK(violation.values.size() < requirement.l);
        }
    }
}

TEST_CASE("The paper's Example 1 groups satisfy (3, 2)-inference", "[dl-inference]")
{
    // s2..s9 as values 2..9 with the frequencies of the example's groups G1, G2 and G3.
    const std::vector<SensitiveProfile> groups{
        profileOf({{2, 7}, {3, 9}, {4, 10}, {5, 10}, {6, 10}}),
        profileOf({{5, 16}, {6, 19}, {7, 19}, {8, 19}, {9, 19}}),
        profileOf({{7, 21}, {8, 24}, {9, 24}}),
    };
    DiversityRequirement requirement;
    requirement.l = 2;
    requirement.d = 3;
    const DlInferenceCheck check = checkDlInference(groups, requirement);
    CHECK(check.satisfied);
    CHECK(check.violations.empty());

    // With d = 2 no group is d-close: each spans three rows (7..10, 16..19, 21..24).
    requirement.d = 2;
    const DlInferenceCheck tighter = checkDlInference(groups, requirement);
    REQUIRE_FALSE(tighter.satisfied);
    REQUIRE(tighter.violations.size() == 3);
    for (std::size_t g = 0; g < 3; ++g) {
        CHECK(tighter.violations[g].condition == DlCondition::DClose);
        CHECK(tighter.violations[g].groups == std::vector<std::size_t>{g});
    }

    // A group G4 = {s6, s7} meets G1 and G2 in one value each: {s6} and {s7} are too small.
    std::vector<SensitiveProfile> extended = groups;
    extended.push_back(profileOf({{6, 3}, {7, 3}}));
    requirement.d = 3;
    const DlInferenceCheck broken = checkDlInference(extended, requirement);
    CHECK_FALSE(broken.satisfied);
    CHECK(violates(broken, DlCondition::LOverlapping));
    CHECK(violates(broken, DlCondition::LNonOverlapping));
}
