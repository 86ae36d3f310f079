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
    /// Largest determinant looked for.
    std::optional<int> maxLhs;
    /// Sorted with dependencyLess; a constant column appears with an empty determinant.
    std::vector<FunctionalDependency> dependencies;
    std::optional<ReleaseCheck> release;

    [[nodiscard]] std::size_t unsafeCount() const;
};

/// Discovers the dependencies among `examined` (determinants of at most maxLhs columns) and checks
/// the protected release, if any, with the unsafe ones. Throws std::invalid_argument when the
/// release names a column its table lacks, and OperationCancelled once stop is requested.
[[nodiscard]] DependencyAnalysis analyseDependencies(const EncodedTable& table, ColumnSet examined,
                                                     ColumnSet quasiIdentifiers, std::optional<int> maxLhs,
                                                     const std::optional<ProtectedRelease>& release,
                                                     const std::stop_token& stop = {});

} // namespace qiscout::core
