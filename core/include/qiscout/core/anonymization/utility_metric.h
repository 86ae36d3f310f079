// SPDX-License-Identifier: GPL-3.0-or-later
// The utility (information loss) metrics the search minimises; definitions in docs/anonymization.md.
#pragma once

#include <array>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// Information loss of a transformation; lower is better. n rows, Q the quasi-identifiers, h_q
/// the height of q's hierarchy, l_q the level chosen for q, s the suppressed rows.
enum class UtilityMetric {
    /// (sum over kept rows and q of l_q / h_q, plus |Q| per suppressed row) / (n |Q|).
    Precision,
    /// ARX's non-monotonic discernibility DM: sum over kept classes of |E|^2, plus n per suppressed
    /// row.
    Discernibility,
    /// Mean over the n |Q| cells of 1 for a suppressed row, else (leaves - 1) / (D_q - 1): D_q the
    /// distinct values of q in the table, leaves those mapping to the cell's generalised value.
    Loss,
    /// Non-uniform entropy in bits: sum over cells of log2(rows sharing the generalised value /
    /// rows sharing the original value), a suppressed cell counting as generalised to everything.
    NonUniformEntropy,
    /// Average equivalence class size: n / classes, the suppressed rows counting as one class.
    Aecs,
    /// ARX's DM*: sum over all classes, suppressed ones included, of |E|^2 (monotonic).
    DmStar,
    /// ARX's monotonic non-uniform entropy: non-uniform entropy with every row counted as
    /// generalised, suppression ignored.
    EntropyMonotonic,
    /// ARX's non-monotonic non-uniform entropy: the monotonic one plus, per q, the entropy of the
    /// generalised values among the suppressed rows: S_q log2 S_q - sum over values g of c_g log2 c_g.
    EntropyNonMonotonic,
};

/// The metrics' names on the command line, in JSON and in reports.
inline constexpr std::array<EnumName<UtilityMetric>, 8> utilityMetricNames{{
    {UtilityMetric::Precision, "precision"},
    {UtilityMetric::Discernibility, "discernibility"},
    {UtilityMetric::Loss, "loss"},
    {UtilityMetric::NonUniformEntropy, "non-uniform-entropy"},
    {UtilityMetric::Aecs, "aecs"},
    {UtilityMetric::DmStar, "dm-star"},
    {UtilityMetric::EntropyMonotonic, "entropy-monotonic"},
    {UtilityMetric::EntropyNonMonotonic, "entropy-non-monotonic"},
}};

/// Whether the metric sums a cost per cell in which a suppressed cell costs what a cell of a
/// suppressed row does (precision, loss, non-uniform entropy): the metrics local suppression prices.
[[nodiscard]] constexpr bool isCountedPerCell(UtilityMetric metric)
{
    return metric == UtilityMetric::Precision || metric == UtilityMetric::Loss ||
           metric == UtilityMetric::NonUniformEntropy;
}

/// Whether a column's value, nothing suppressed, depends on its level alone (loss, non-uniform
/// entropy): the metrics a cap on each column's loss (AnonymizationParameters::maxColumnLoss) can use.
[[nodiscard]] constexpr bool isValuedByLevelAlone(UtilityMetric metric)
{
    return metric == UtilityMetric::Loss || metric == UtilityMetric::NonUniformEntropy;
}

} // namespace qiscout::core
