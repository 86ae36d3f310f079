// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <optional>

#include "qiscout/core/anonymization/privacy_model.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// The l-diversity variants (Machanavajjhala et al.; as ARX defines them).
enum class DiversityVariant {
    Distinct,  ///< at least l distinct sensitive values
    Entropy,   ///< entropy of the sensitive values at least log(l)
    Recursive, ///< recursive-(c,l): r1 < c (rl + r(l+1) + ... + rm), r the value counts descending
};

/// The variants' names on the command line and in reports.
inline constexpr std::array<EnumName<DiversityVariant>, 3> diversityVariantNames{{
    {DiversityVariant::Distinct, "distinct"},
    {DiversityVariant::Entropy, "entropy"},
    {DiversityVariant::Recursive, "recursive"},
}};

/// l-diversity on one sensitive column. Every variant is monotone without suppression (a merged
/// class is at least as diverse as its least diverse part; for entropy and recursive see
/// Machanavajjhala et al. 2007, the entropy of a mixture is at least the smallest entropy mixed).
/// With suppression only distinct-l is monotone: merging a violating class with a satisfying one
/// always satisfies distinct-l, but can violate entropy-l and recursive-(c,l), so their violating
/// rows can grow under generalisation. Both still imply a distinct-diversity, their monotone part.
class LDiversity final : public PrivacyModel {
public:
    /// l >= 1 (a whole number for Distinct and Recursive), c > 0 for Recursive; throws
    /// std::invalid_argument otherwise. `column` must be a column of `table`.
    LDiversity(const EncodedTable& table, int column, DiversityVariant variant, double l, double c = 0.0);

    [[nodiscard]] int column() const { return m_column; }
    [[nodiscard]] DiversityVariant variant() const { return m_variant; }
    [[nodiscard]] double l() const { return m_l; }
    [[nodiscard]] double c() const { return m_c; }

    [[nodiscard]] std::optional<int> sensitiveColumn() const override { return m_column; }
    [[nodiscard]] bool satisfiedBy(const ClassSummary& equivalenceClass) const override;
    [[nodiscard]] ModelMonotonicity monotonicity() const override;
    /// At least minDistinct() distinct sensitive values.
    [[nodiscard]] bool meetsMonotonePart(const ClassSummary& equivalenceClass) const override;
    /// The fewest distinct values a satisfying class can have: l for distinct; for entropy the
    /// least d with log2(d) reaching log2(l), within the rounding allowance; for recursive-(c,l)
    /// the least m >= l with c (m - l + 1) > 1.
    [[nodiscard]] std::size_t minDistinct() const { return m_minDistinct; }
    [[nodiscard]] std::string describe(const std::vector<std::string>& columnNames) const override;

private:
    int m_column;
    DiversityVariant m_variant;
    double m_l;
    double m_c;
    std::size_t m_minDistinct = 1;
};

} // namespace qiscout::core
