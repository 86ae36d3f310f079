// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/privacy_model.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// The ground distance of the earth mover's distance (Li, Li, Venkatasubramanian 2007).
enum class ClosenessDistance {
    Equal,   ///< categorical: every two values at distance 1; EMD = half the L1 distance
    Ordered, ///< ordinal/numeric: values in order, distance |i - j| / (m - 1) between ranks i and j
    /// values in a hierarchy of height H: distance L / H between two values first merged at level L
    Hierarchical,
};

/// The distances' names in reports.
inline constexpr std::array<EnumName<ClosenessDistance>, 3> closenessDistanceNames{{
    {ClosenessDistance::Equal, "equal"},
    {ClosenessDistance::Ordered, "ordered"},
    {ClosenessDistance::Hierarchical, "hierarchical"},
}};

/// The distance that suits a column: Ordered for numbers and dates, Equal for text.
[[nodiscard]] ClosenessDistance defaultClosenessDistance(const EncodedColumn& column);

/// t-closeness on one sensitive column: in every class, the earth mover's distance between the
/// class's distribution of the column and the whole table's is at most t. For Ordered, values are
/// ranked by number (or date), values that are neither (missing values) after them by text; m is
/// the number of distinct values of the column. Monotone without suppression (the EMD to a fixed
/// distribution is convex, so a merged class is no farther than its farthest part); not monotone
/// with suppression (a violating class merged into a satisfying one can make it violate).
class TCloseness final : public PrivacyModel {
public:
    /// t in [0, 1] (throws std::invalid_argument otherwise); Equal or Ordered.
    TCloseness(const EncodedTable& table, int column, double t, ClosenessDistance distance);
    /// Hierarchical distance over `hierarchy`, bound to `column`. The EMD is Li et al.'s (as ARX's
    /// HierarchicalDistanceTCloseness computes it): per group N of level L >= 1, with pos and neg
    /// the sums of its children's positive and negative surpluses (class share minus table share),
    /// L / H * min(pos, neg), summed; its surplus pos - neg passes up. Throws std::invalid_argument
    /// unless the top level is one group (a tree).
    TCloseness(const EncodedTable& table, int column, double t, ColumnHierarchy hierarchy);

    [[nodiscard]] int column() const { return m_column; }
    [[nodiscard]] double t() const { return m_t; }
    [[nodiscard]] ClosenessDistance distance() const { return m_distance; }
    /// The earth mover's distance of a class to the table (for reports and tests).
    [[nodiscard]] double distanceOf(const ClassSummary& equivalenceClass) const;

    [[nodiscard]] std::optional<int> sensitiveColumn() const override { return m_column; }
    [[nodiscard]] bool satisfiedBy(const ClassSummary& equivalenceClass) const override;
    [[nodiscard]] ModelMonotonicity monotonicity() const override { return {true, false}; }
    [[nodiscard]] std::string describe(const std::vector<std::string>& columnNames) const override;

private:
    [[nodiscard]] double hierarchicalDistance(const ClassSummary& equivalenceClass) const;

    int m_column;
    double m_t;
    ClosenessDistance m_distance;
    /// Value code -> share of the table's rows.
    std::vector<double> m_tableShare;
    /// Value code -> rank in the Ordered order.
    std::vector<std::uint32_t> m_rank;
    /// Hierarchical: per level L >= 1, the group at L of each group at L - 1.
    std::vector<std::vector<std::uint32_t>> m_parentOf;
};

} // namespace qiscout::core
