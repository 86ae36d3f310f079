// SPDX-License-Identifier: GPL-3.0-or-later
// What a user set up to protect a table (#15), by column name: the form the Protect view edits and
// the project file stores, resolved into AnonymizationParameters against a loaded table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/dl_grouping.h"
#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/anonymization/l_diversity.h"
#include "qiscout/core/anonymization/t_closeness.h"
#include "qiscout/core/anonymization/utility_metric.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// A quasi-identifier to generalise, named by column, with its hierarchy.
struct ProtectedColumnSetting {
    std::string column;
    Hierarchy hierarchy;
    /// Where the hierarchy came from ("automatic", a file name, "edited"), for messages and reports.
    std::string hierarchySource;
};

/// l-diversity on a sensitive column: every group must hold at least l different values of it.
struct DiversitySetting {
    std::string column;
    DiversityVariant variant = DiversityVariant::Distinct;
    double l = 2.0;
    /// Only for DiversityVariant::Recursive.
    double c = 1.0;
};

/// t-closeness on a sensitive column with the ground distance of the earth mover's distance.
struct ClosenessSetting {
    std::string column;
    double t = 0.2;
    /// Unset = the distance that suits the column's type (defaultClosenessDistance).
    std::optional<ClosenessDistance> distance;
    /// The column's hierarchy, for ClosenessDistance::Hierarchical only (its top level one group).
    Hierarchy hierarchy;
    /// Where the hierarchy came from ("automatic", a file name, "edited"), for messages.
    std::string hierarchySource;
};

/// The (d, l)-inference defence against a dependency attack (#18) as the user set it up; the
/// quasi-identifiers and the smallest group are the lattice set-up's columns and k.
struct DlInferenceSetting {
    /// The sensitive column whose values must not be narrowed down.
    std::string sensitive;
    std::uint64_t d = 10;
    std::uint64_t l = 2;
    PartitionHeuristic heuristic = PartitionHeuristic::TopDown;

    friend bool operator==(const DlInferenceSetting&, const DlInferenceSetting&) = default;
};

/// Local suppression (#34) as the Protect step sets it up: single key cells suppressed instead of
/// whole rows, the columns to keep ranked.
struct LocalSuppressionSetting {
    /// Whether the columns are coarsened too (the lattice searched) or all kept at level 0.
    bool generalise = true;
    /// Quasi-identifier columns by name, the one to keep most first; columns not named follow in
    /// their set-up order. See keepOrderImportance for the weights this gives.
    std::vector<std::string> keepOrder;

    friend bool operator==(const LocalSuppressionSetting&, const LocalSuppressionSetting&) = default;
};

/// The protection of one table as the user set it up. Value type.
struct ProtectionSettings {
    std::vector<ProtectedColumnSetting> quasiIdentifiers;
    /// k-anonymity: every group of rows sharing their generalised values holds at least k rows (>= 1).
    std::uint64_t k = 5;
    std::optional<DiversitySetting> diversity;
    std::optional<ClosenessSetting> closeness;
    /// Fraction of rows that may be withheld, in [0, 1].
    double suppressionLimit = 0.0;
    UtilityMetric metric = UtilityMetric::Loss;
    /// Worker threads; unset = all cores.
    std::optional<int> threads;
    /// The transformation the user chose (one level per quasi-identifier, in their order); unset
    /// = the optimum.
    std::optional<std::vector<int>> chosenLevels;
    /// The Dependency attack tab's set-up; unset while the table has no column to choose.
    std::optional<DlInferenceSetting> dlInference;
    /// Suppress single cells instead of rows; unset = record suppression.
    std::optional<LocalSuppressionSetting> localSuppression;
    /// The most detail one column's generalisation may lose, in [0, 1] (AnonymizationParameters::
    /// maxColumnLoss); unset = no cap.
    std::optional<double> maxColumnLoss;
    /// Seconds the heuristic search may take on a lattice beyond the exact search's reach (> 0;
    /// AnonymizationParameters::heuristicSeconds).
    double heuristicSeconds = AnonymizationParameters{}.heuristicSeconds;
};

/// The importance (LocalSuppressionSettings::importance) of each quasi-identifier, in their order,
/// from a keep order: of n columns the one ranked first costs n per suppressed cell, the next n - 1,
/// down to 1 for the last, so that suppression falls on the columns ranked last. Names that are no
/// quasi-identifier are ignored.
[[nodiscard]] std::vector<double> keepOrderImportance(const std::vector<ProtectedColumnSetting>& quasiIdentifiers,
                                                      const std::vector<std::string>& keepOrder);

/// Whether two set-ups ask for the same protection (hierarchies compared row by row).
[[nodiscard]] bool sameProtection(const ProtectionSettings& a, const ProtectionSettings& b);

/// The parameters for runAnonymization: columns resolved by name, models bound to the table
/// (k-anonymity first), a hierarchical t-closeness bound to its hierarchy, local suppression's
/// importance from its keep order. Throws AnonymizationParameterError naming a
/// column the table lacks, HierarchyError for a t-closeness hierarchy that does not fit its column, and
/// std::invalid_argument for a model parameter out of range.
[[nodiscard]] AnonymizationParameters toAnonymizationParameters(const EncodedTable& table,
                                                                const ProtectionSettings& settings);

} // namespace qiscout::core
