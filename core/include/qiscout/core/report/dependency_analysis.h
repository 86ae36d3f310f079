// SPDX-License-Identifier: GPL-3.0-or-later
// The report's "Functional dependencies" section (#18): the minimal exact dependencies among the
// searched and sensitive columns, which of them are unsafe (the FFD paper's Theorem 1), and, when
// a protected version of the table is known, whether the FFD attack succeeds on it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/dependencies/dl_inference.h"
#include "qiscout/core/dependencies/functional_dependency.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// A protected version of the analysed table (the output of anonymize, say), for the report to
/// check against the FFD attack.
struct ProtectedRelease {
    /// Its columns carry the analysed table's names; removed rows are simply absent.
    std::shared_ptr<const EncodedTable> table;
    /// Its generalised columns and its sensitive column, by name.
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    DiversityRequirement requirement;
};

/// The FFD attack through one unsafe dependency on the protected table.
struct ReleasedAttack {
    /// Column positions of the analysed table.
    FunctionalDependency dependency;
    bool succeeds = false;
    /// Sets of Definition 5 that are not l-diverse, and the distinct rows they expose.
    std::uint64_t findings = 0;
    std::uint64_t exposedRows = 0;
};

/// What the check of the protected table found.
struct ReleaseCheck {
    std::string sensitive;
    DiversityRequirement requirement;
    std::uint64_t rows = 0;
    std::uint64_t qiGroups = 0;
    /// QI-groups that are not l-diverse by themselves.
    std::uint64_t nonDiverseGroups = 0;
    /// Definition 8 holds on the QI-groups.
    bool dlInference = false;
    /// One per unsafe dependency whose columns the protected table has.
    std::vector<ReleasedAttack> attacks;

    [[nodiscard]] bool attackSucceeds() const;
};

/// The section's content.
struct DependencyAnalysis {
    /// The searched and sensitive columns.
    ColumnSet examined;
    /// The searched columns: Theorem 1 calls a dependency safe when its determinant lies within them.
    ColumnSet quasiIdentifiers;
    /// Largest determinant looked for: the one asked for, or less on a wide table (see
    /// affordableMaxLhs).
    std::optional<int> maxLhs;
    /// Sorted with dependencyLess; a constant column appears with an empty determinant.
    std::vector<FunctionalDependency> dependencies;
    std::optional<ReleaseCheck> release;

    [[nodiscard]] std::size_t unsafeCount() const;
};

/// The most column sets the analysis examines on its widest level (sets of maxLhs + 1 columns).
inline constexpr std::uint64_t maxDependencyLevelSets = std::uint64_t{1} << 20;

/// maxLhs (unset = no limit), lowered as far as needed for the sets of maxLhs + 1 of `columns`
/// columns to number at most maxDependencyLevelSets: a search of quasi-identifiers may span every
/// column of a wide table, and a report over 100 of them would otherwise examine C(100, 4) = 3.9
/// million sets (C(300, 4) = 330 million over 300). Unchanged when nothing needs lowering.
[[nodiscard]] std::optional<int> affordableMaxLhs(int columns, std::optional<int> maxLhs);

/// Discovers the dependencies among `examined` (determinants of at most
/// affordableMaxLhs(|examined|, maxLhs) columns) and checks
/// the protected release, if any, with the unsafe ones. Throws std::invalid_argument when the
/// release names a column its table lacks, and OperationCancelled once stop is requested.
[[nodiscard]] DependencyAnalysis analyseDependencies(const EncodedTable& table, ColumnSet examined,
                                                     ColumnSet quasiIdentifiers, std::optional<int> maxLhs,
                                                     const std::optional<ProtectedRelease>& release,
                                                     const std::stop_token& stop = {});

} // namespace qiscout::core
