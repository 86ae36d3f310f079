// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

#include "qiscout/core/anonymization/privacy_model.h"

namespace qiscout::core {

/// k-anonymity: every class has at least k rows. Monotone with and without suppression (a merged
/// class is at least as large as each of its parts).
class KAnonymity final : public PrivacyModel {
public:
    /// k >= 1 (throws std::invalid_argument otherwise).
    explicit KAnonymity(std::uint64_t k);

    [[nodiscard]] std::uint64_t k() const { return m_k; }
    [[nodiscard]] bool satisfiedBy(const ClassSummary& equivalenceClass) const override
    {
        return equivalenceClass.rows >= m_k;
    }
    [[nodiscard]] std::optional<std::uint64_t> minimumClassRows() const override { return m_k; }
    [[nodiscard]] ModelMonotonicity monotonicity() const override { return {true, true}; }
    [[nodiscard]] std::string describe(const std::vector<std::string>& columnNames) const override;

private:
    std::uint64_t m_k;
};

/// A minimum group size in the words every view and report uses for k (#33), the usual
/// k-anonymity number after it: "no group of 4 or fewer rows (5-anonymity)".
[[nodiscard]] std::string minimumGroupSizeText(std::uint64_t minGroupSize);

} // namespace qiscout::core
