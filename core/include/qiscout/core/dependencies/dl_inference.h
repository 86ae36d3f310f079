// SPDX-License-Identifier: GPL-3.0-or-later
// l-diversity with d-closeness (the paper's Definitions 2 and 3) and the (d, l)-inference model
// (Definition 8), which holds a published table safe against the FFD attack of every dependency.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// What a group of rows must show of its sensitive values.
struct DiversityRequirement {
    /// Distinct sensitive values a group needs, at least 1.
    std::uint64_t l = 2;
    /// Largest difference between the row counts of two values of a group (d-closeness); unset =
    /// counts are not compared.
    std::optional<std::uint64_t> d;
};

/// The sensitive values of a group of rows: each distinct value (a dictionary code) with the number
/// of the group's rows that hold it, ascending by value, counts at least 1.
struct SensitiveProfile {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> counts;

    /// Adds `rows` rows holding `value`, keeping the order.
    void add(std::uint32_t value, std::uint64_t rows = 1);
    [[nodiscard]] std::size_t distinctValues() const { return counts.size(); }
    /// Largest minus smallest count; 0 for fewer than two values.
    [[nodiscard]] std::uint64_t spread() const;
};

/// Definition 2 for one group: the counts of any two of its values differ by at most d (always
/// true without d).
[[nodiscard]] bool isDClose(const SensitiveProfile& profile, const DiversityRequirement& requirement);

/// Definition 3 for one group: at least l distinct values, and d-close.
[[nodiscard]] bool isDiverse(const SensitiveProfile& profile, const DiversityRequirement& requirement);

/// The three conditions of Definition 8.
enum class DlCondition {
    DClose,         ///< (1) every group is d-close
    LOverlapping,   ///< (2) values shared by any number of groups: none, or at least l
    LNonOverlapping ///< (3) S_i - S_j for any two groups: empty, or at least l values
};

/// The names of the conditions in JSON and reports.
inline constexpr std::array<EnumName<DlCondition>, 3> dlConditionNames{{
    {DlCondition::DClose, "d-close"},
    {DlCondition::LOverlapping, "l-overlapping"},
    {DlCondition::LNonOverlapping, "l-non-overlapping"},
}};

[[nodiscard]] const char* toString(DlCondition condition);

/// One way a set of groups breaks Definition 8.
struct DlViolation {
    DlCondition condition = DlCondition::DClose;
    /// DClose: the group; LOverlapping: every group holding the values (their intersection is
    /// too small); LNonOverlapping: the ordered pair i, j.
    std::vector<std::size_t> groups;
    /// DClose: the group's values; LOverlapping: the intersection; LNonOverlapping: S_i - S_j.
    std::vector<std::uint32_t> values;
};

/// The verdict of Definition 8 on a set of groups.
struct DlInferenceCheck {
    bool satisfied = true;
    /// Violations by condition, each found once (groups with equal value sets count once for
    /// condition 3); at most the requested number are listed.
    std::vector<DlViolation> violations;
    std::uint64_t violationCount = 0;
};

/// Definition 8, with two readings fixed (docs/dl-inference.md): condition (2) covers any
/// non-empty set of groups, a single group included (so every group holds at least l values), and
/// condition (3) asks a non-empty S_i - S_j to hold at least l values, as the paper's Example 1
/// does. Condition (2) is decided per value v from the groups holding v: any intersection that
/// contains v contains theirs, so it is the smallest one. Cost: O(values x groups x |S|) and
/// O(distinct value sets^2 x |S|). Condition (1) is skipped when requirement.d is unset.
[[nodiscard]] DlInferenceCheck checkDlInference(std::span<const SensitiveProfile> groups,
                                                const DiversityRequirement& requirement,
                                                std::size_t listedViolations = 50);

} // namespace qiscout::core
