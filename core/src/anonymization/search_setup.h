// SPDX-License-Identifier: GPL-3.0-or-later
// Everything a search needs that does not change during it: the hierarchies bound to their
// columns, the maps between levels, the key layout, the models' properties and the limits.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/table/encoded_table.h"

#include "anonymization/group_key.h"

namespace qiscout::core {

/// Which tagging rules the models allow (see docs/anonymization.md, "Which property each model
/// relies on").
struct TaggingRules {
    /// Per model: monotone in this setting (with suppression when the limit is above 0 rows,
    /// without otherwise). The rows violating these models alone decide the predicate the path
    /// search runs on; it is monotone whatever the other models do.
    std::vector<bool> settingMonotone;
    /// Every model is monotone in this setting: acceptability itself is monotone, and both the
    /// acceptable and the unacceptable verdicts of a check can be propagated.
    bool fullyMonotone = true;
};

/// The validated, prepared form of AnonymizationParameters for one table.
struct SearchSetup {
    const EncodedTable* table = nullptr;
    /// The published rows: the research subset's, or the table's.
    std::uint64_t rows = 0;
    /// Per row of the table, 1 when it is in the research subset; empty without one.
    std::vector<std::uint8_t> inSubset;
    std::vector<ColumnHierarchy> hierarchies;
    TransformationLattice lattice;
    std::vector<std::shared_ptr<const PrivacyModel>> models;
    /// Distinct sensitive columns of the models, in first-use order (the key's sensitive slots).
    std::vector<int> sensitiveColumns;
    /// Per model: its slot in sensitiveColumns, or -1.
    std::vector<int> modelSlot;
    bool anyTableCondition = false;
    std::uint64_t suppressionLimit = 0;
    UtilityMetric metric = UtilityMetric::Loss;
    int threads = 1;
    /// AnonymizationParameters::fullFrontier.
    bool fullFrontier = false;
    /// AnonymizationParameters::localSuppression with one importance per quasi-identifier, and
    /// the k it protects (the only model then).
    std::optional<LocalSuppressionSettings> localSuppression;
    std::uint64_t localK = 1;
    TaggingRules rules;

    /// Key fields: one per quasi-identifier, then one per sensitive slot.
    std::vector<KeyField> qiFields;
    std::vector<KeyField> sensitiveFields;
    /// With a research subset: the key's last field, 1 for the subset's rows, so that a class's
    /// groups tell its subset rows from its population rows.
    std::optional<KeyField> subsetField;
    /// 64-bit words a key needs.
    int keyWords = 1;

    /// levelMaps[q][from][to - from - 1][group at `from`] = group at `to`, for from < to.
    std::vector<std::vector<std::vector<std::vector<std::uint32_t>>>> levelMaps;

    [[nodiscard]] bool hasSubset() const { return subsetField.has_value(); }
    [[nodiscard]] int quasiIdentifierCount() const { return static_cast<int>(hierarchies.size()); }
    [[nodiscard]] const std::vector<std::uint32_t>& levelMap(int q, int from, int to) const
    {
        return levelMaps[static_cast<std::size_t>(q)][static_cast<std::size_t>(from)]
                        [static_cast<std::size_t>(to - from - 1)];
    }
};

/// Validates and prepares. Throws AnonymizationParameterError or HierarchyError.
[[nodiscard]] SearchSetup prepareSearch(const EncodedTable& table, const AnonymizationParameters& parameters);

/// What every search's result states of its set-up, before its own findings.
[[nodiscard]] AnonymizationResult resultOfSetup(const SearchSetup& setup, const TransformationLattice& lattice,
                                                bool complete);

} // namespace qiscout::core
