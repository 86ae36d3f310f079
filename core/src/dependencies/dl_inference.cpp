// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/dependencies/dl_inference.h"

#include <algorithm>
#include <map>
#include <set>

namespace qiscout::core {
namespace {

std::vector<std::uint32_t> valuesOf(const SensitiveProfile& profile)
{
    std::vector<std::uint32_t> values;
    values.reserve(profile.counts.size());
    for (const auto& [value, count] : profile.counts)
        values.push_back(value);
    return values;
}

std::vector<std::uint32_t> intersection(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b)
{
    std::vector<std::uint32_t> result;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(result));
    return result;
}

class ViolationList {
public:
    ViolationList(DlInferenceCheck& check, std::size_t listed) : m_check(check), m_listed(listed) {}

    void add(DlViolation violation)
    {
        m_check.satisfied = false;
        ++m_check.violationCount;
        if (m_check.violations.size() < m_listed)
            m_check.violations.push_back(std::move(violation));
    }

private:
    DlInferenceCheck& m_check;
    std::size_t m_listed;
};

} // namespace

void SensitiveProfile::add(std::uint32_t value, std::uint64_t rows)
{
    const auto found = std::lower_bound(counts.begin(), counts.end(), value,
                                        [](const auto& entry, std::uint32_t wanted) { return entry.first < wanted; });
    if (found != counts.end() && found->first == value)
        found->second += rows;
    else
        counts.insert(found, {value, rows});
}

std::uint64_t SensitiveProfile::spread() const
{
    if (counts.size() < 2)
        return 0;
    const auto [smallest, largest] = std::minmax_element(
        counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return largest->second - smallest->second;
}

bool isDClose(const SensitiveProfile& profile, const DiversityRequirement& requirement)
{
    return !requirement.d || profile.spread() <= *requirement.d;
}

bool isDiverse(const SensitiveProfile& profile, const DiversityRequirement& requirement)
{
    return profile.distinctValues() >= requirement.l && isDClose(profile, requirement);
}

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(DlCondition condition)
{
    return nameIn(dlConditionNames, condition).data();
}

DlInferenceCheck checkDlInference(std::span<const SensitiveProfile> groups, const DiversityRequirement& requirement,
                                  std::size_t listedViolations)
{
    DlInferenceCheck check;
    ViolationList violations(check, listedViolations);

    for (std::size_t g = 0; g < groups.size(); ++g)
        if (!isDClose(groups[g], requirement))
            violations.add({DlCondition::DClose, {g}, valuesOf(groups[g])});

    // Groups with the same value set behave as one for conditions (2) and (3).
    std::map<std::vector<std::uint32_t>, std::vector<std::size_t>> groupsBySet;
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (!groups[g].counts.empty())
            groupsBySet[valuesOf(groups[g])].push_back(g);
    std::vector<const std::vector<std::uint32_t>*> sets;
    std::map<std::uint32_t, std::vector<std::size_t>> setsByValue;
    for (const auto& [values, members] : groupsBySet) {
        for (const std::uint32_t value : values)
            setsByValue[value].push_back(sets.size());
        sets.push_back(&values);
    }

    // (2): the smallest intersection containing v is that of every set holding v.
    std::set<std::vector<std::size_t>> reported;
    for (const auto& [value, holders] : setsByValue) {
        std::vector<std::uint32_t> common = *sets[holders.front()];
        for (std::size_t i = 1; i < holders.size() && common.size() >= requirement.l; ++i)
            common = intersection(common, *sets[holders[i]]);
        if (common.size() >= requirement.l || !reported.insert(holders).second)
            continue;
        // Recompute in full for the listing when the loop stopped early.
        for (const std::size_t holder : holders)
            common = intersection(common, *sets[holder]);
        std::vector<std::size_t> members;
        for (const std::size_t holder : holders) {
            const std::vector<std::size_t>& same = groupsBySet.at(*sets[holder]);
            members.insert(members.end(), same.begin(), same.end());
        }
        std::sort(members.begin(), members.end());
        violations.add({DlCondition::LOverlapping, std::move(members), std::move(common)});
    }

    // (3): ordered pairs of distinct value sets.
    for (std::size_t i = 0; i < sets.size(); ++i) {
        for (std::size_t j = 0; j < sets.size(); ++j) {
            if (i == j)
                continue;
            std::vector<std::uint32_t> difference;
            std::set_difference(sets[i]->begin(), sets[i]->end(), sets[j]->begin(), sets[j]->end(),
                                std::back_inserter(difference));
            if (!difference.empty() && difference.size() < requirement.l)
                violations.add({DlCondition::LNonOverlapping,
                                {groupsBySet.at(*sets[i]).front(), groupsBySet.at(*sets[j]).front()},
                                std::move(difference)});
        }
    }
    return check;
}

} // namespace qiscout::core
