// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/anonymization/privacy_model.h"
#include "qiscout/core/anonymization/utility_metric.h"

namespace qiscout::core {

/// A quasi-identifier to generalise and the hierarchy to do it with.
struct QuasiIdentifierSpec {
    int column = 0;
    Hierarchy hierarchy;
    /// Where the hierarchy came from, for messages and reports ("age.csv", "automatic").
    std::string hierarchySource;
};

/// Local suppression (#34): single key cells suppressed (written "*", matching any value when
/// classes are counted) so that every row's class has at least k rows. Only with k-anonymity
/// alone, no record suppression and a metric counted per cell (precision, loss, non-uniform
/// entropy), in which a suppressed cell costs what a cell of a suppressed row does.
struct LocalSuppressionSettings {
    /// Per quasi-identifier (parameter order): what suppressing one of its cells costs (> 0), so
    /// the columns weighted most are kept; empty = 1 for every column.
    std::vector<double> importance;
    /// Whether the lattice is searched too (the optimum over transformations, their suppressed
    /// cells counted in the metric); false keeps every column at level 0.
    bool generalise = true;
};

/// How the lattice of transformations is searched (#40).
enum class LatticeSearchStrategy {
    /// The exact search only: lattices beyond TransformationLattice::maxExactSize are refused.
    Exact,
    /// The exact search up to TransformationLattice::maxExactSize transformations, the heuristic
    /// one beyond (its answer is not proven optimal).
    ExactWhereItFits,
    /// The heuristic search whatever the lattice's size (tests compare it with the exact one).
    Heuristic,
};

/// What to anonymise and how. A transformation is acceptable when the rows of the classes that
/// fail some model number at most floor(suppressionLimit x rows) (those rows are then suppressed)
/// and every model's table-wide condition holds on the kept classes.
struct AnonymizationParameters {
    /// At least one; distinct columns.
    std::vector<QuasiIdentifierSpec> quasiIdentifiers;
    /// Every model must hold; typically a KAnonymity first. Shared, immutable, bound to the table.
    std::vector<std::shared_ptr<const PrivacyModel>> models;
    /// Per row of the table: whether it is in the research subset, the rows that are published
    /// (δ-presence, #40); the table is then the population the subset was drawn from. Classes,
    /// models, the suppression limit and the metric count the subset's rows, as ARX does;
    /// unset = every row is published.
    std::optional<std::vector<bool>> researchSubset;
    /// Fraction of the published rows that may be suppressed, in [0, 1].
    double suppressionLimit = 0.0;
    UtilityMetric metric = UtilityMetric::Loss;
    /// Worker threads, 1..hardware concurrency; unset = hardware concurrency.
    std::optional<int> threads;
    /// Also find every minimal acceptable transformation (AnonymizationResult::frontier). Without
    /// it the search skips every transformation whose metric bound cannot beat the best found, as
    /// ARX does, and checks fewer (k = 5, 2 % suppression on adult: see docs/performance.md).
    bool fullFrontier = false;
    /// Suppress cells instead of rows; unset = record suppression only.
    std::optional<LocalSuppressionSettings> localSuppression;
    /// The most detail one column's generalisation may lose, in [0, 1] (#34): each column is
    /// searched only up to its highest level whose metric value, nothing suppressed, is at most
    /// this, so the optimum spreads the loss where minimising the total alone would take most of
    /// one column. Suppressed cells come on top. Needs the loss or non-uniform-entropy metric
    /// (precision's value of a level depends on the hierarchy's height, which the cap lowers).
    std::optional<double> maxColumnLoss;
    /// Exact by default: the heuristic search draws no lattice, which the GUI needs.
    LatticeSearchStrategy strategy = LatticeSearchStrategy::Exact;
    /// The heuristic search's time budget in seconds (> 0): it returns the best it found by then.
    double heuristicSeconds = 30.0;
};

/// Parameters the search cannot accept (no quasi-identifier, a column twice, a limit out of range,
/// a lattice too large, ...). what() is a sentence a user understands.
class AnonymizationParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The suppression limit in rows: floor(limit x rows), robust to the rounding of decimal
/// fractions (0.29 x 100 is 29).
[[nodiscard]] std::uint64_t suppressionLimitRows(double suppressionLimit, std::uint64_t rows);

} // namespace qiscout::core
