// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

#include "qiscout/core/anonymization/privacy_model.h"

namespace qiscout::core {

/// δ-presence (Nergiz, Atzori, Clifton 2007; as ARX's DPresence checks it): the table is a
/// population and the published rows a research subset of it (AnonymizationParameters::
/// researchSubset). In every class of the generalised population, δ = subset rows / population
/// rows must lie in [δmin, δmax], so that nobody's presence in the subset can be told with a
/// probability outside them. Classes with no subset row are judged too (δ = 0): they cannot be
/// suppressed, so with δmin > 0 they make a transformation unacceptable. Monotone without
/// suppression (a merged class's δ, a mediant, lies between its parts'); not with suppression (a
/// violating class merged into a satisfying one can make it violate, with more rows).
class DeltaPresence final : public PrivacyModel {
public:
    /// 0 <= min <= max <= 1 (throws std::invalid_argument otherwise).
    DeltaPresence(double min, double max);

    [[nodiscard]] double min() const { return m_min; }
    [[nodiscard]] double max() const { return m_max; }
    /// The class's δ: its published rows over its population rows (0 for an empty class).
    [[nodiscard]] static double deltaOf(const ClassSummary& equivalenceClass);

    [[nodiscard]] bool satisfiedBy(const ClassSummary& equivalenceClass) const override;
    [[nodiscard]] ModelMonotonicity monotonicity() const override { return {true, false}; }
    /// A class with subset rows has at least 1 / δmax population rows: δ <= δmax needs it, and
    /// merging only adds population rows. (δmin gives no such part: merging with rows outside
    /// the subset lowers δ without bound.)
    [[nodiscard]] bool meetsMonotonePart(const ClassSummary& equivalenceClass) const override;
    [[nodiscard]] bool judgesEmptyClasses() const override { return true; }
    [[nodiscard]] std::string describe(const std::vector<std::string>& columnNames) const override;

private:
    double m_min;
    double m_max;
};

} // namespace qiscout::core
