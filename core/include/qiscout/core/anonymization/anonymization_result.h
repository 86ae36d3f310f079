// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/anonymization/utility_metric.h"

namespace qiscout::core {

/// One transformation evaluated on the table, with the classes that fail a model suppressed.
struct TransformationAssessment {
    Transformation transformation;
    /// Suppressed rows within the limit and every table-wide condition met.
    bool acceptable = false;
    /// The metric's value (lower is better).
    double value = 0.0;
    /// The metric per quasi-identifier (same order), for the metrics defined per column
    /// (precision, loss, non-uniform entropy); empty for the others.
    std::vector<double> columnValues;
    /// Rows of the classes that fail some model.
    std::uint64_t suppressedRows = 0;
    /// Equivalence classes among the kept rows; with local suppression, the distinct keys
    /// (suppressed cells as "*"), whose wildcard classes overlap.
    std::uint64_t classes = 0;
    /// Local suppression: the cells suppressed per quasi-identifier (same order); empty without.
    std::vector<std::uint64_t> suppressedCells;
    /// Local suppression: whether no cheaper choice of cells exists at this transformation
    /// (LocalSuppression::minimal).
    bool suppressedCellsMinimal = false;
};

struct AnonymizationStatistics {
    /// Nodes whose classes were built.
    std::uint64_t checked = 0;
    /// Nodes whose verdict was implied by monotonicity instead (predictive tagging).
    std::uint64_t taggedAcceptable = 0;
    std::uint64_t taggedUnacceptable = 0;
    /// Classes built over all checks (a measure of the work done).
    std::uint64_t classesBuilt = 0;
    double searchSeconds = 0.0;
};

/// The answer of one search.
struct AnonymizationResult {
    TransformationLattice lattice;
    UtilityMetric metric = UtilityMetric::Loss;
    std::uint64_t rows = 0;
    /// floor(suppression limit x rows).
    std::uint64_t suppressionLimitRows = 0;
    int threads = 1;
    /// The acceptable transformation of least metric value (ties: fewest total levels, then the
    /// lowest node); unset when no transformation is acceptable.
    std::optional<TransformationAssessment> optimum;
    /// Every minimal acceptable transformation (no acceptable transformation specialises it), by
    /// node number: the choices a user may prefer to the optimum. Unset unless the parameters
    /// asked for it (fullFrontier).
    std::optional<std::vector<TransformationAssessment>> frontier;
    AnonymizationStatistics stats;
    /// False when the search was cancelled: optimum and frontier are then only what was found.
    bool complete = true;
    /// Whether the optimum is proven optimal: the exact search's complete answer, or a heuristic
    /// answer that reached lowerBound. False for the heuristic search's usual answer.
    bool optimal = true;
    /// A lower bound on the metric of every acceptable transformation: the optimum's value when
    /// proven optimal, otherwise the best bound the heuristic search proved (docs/anonymization.md).
    /// Unset when nothing is known (cancelled exact search, or no acceptable transformation).
    std::optional<double> lowerBound;
};

} // namespace qiscout::core
