// SPDX-License-Identifier: GPL-3.0-or-later
// The FFD-based attack (the paper's Definitions 4-6) on a published, generalised table: an attacker
// who knows A -> B matches rows of two QI-groups that share determinant values, and the rows so
// matched, or the rows left over, may show fewer than l sensitive values.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/dependencies/dl_inference.h"
#include "qiscout/core/dependencies/functional_dependency.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How the published table is read.
struct AttackParameters {
    /// The generalised columns: rows with equal cells on all of them form a QI-group.
    ColumnSet quasiIdentifiers;
    /// The sensitive column (not a quasi-identifier).
    int sensitive = 0;
    DiversityRequirement requirement;
};

/// Which of Definition 5's sets a finding is about.
enum class AttackKind {
    Intersection, ///< G1 "intersect_F" G2: rows of G1 whose determinant values also occur in G2
    Difference,   ///< G1 -_F G2: the other rows of G1
};

/// The names of the kinds in JSON and reports.
inline constexpr std::array<EnumName<AttackKind>, 2> attackKindNames{{
    {AttackKind::Intersection, "intersection"},
    {AttackKind::Difference, "difference"},
}};

[[nodiscard]] const char* toString(AttackKind kind);

/// A non-empty FFD-based set that is not l-diverse (Definition 6): the attack succeeds on it.
struct AttackFinding {
    AttackKind kind = AttackKind::Intersection;
    /// G1, the QI-group the exposed rows belong to.
    std::size_t group = 0;
    /// Every G2 that cuts the same set out of G1 (it shares the same determinant values with G1).
    std::vector<std::size_t> partners;
    /// Intersection findings on a quasi-identifier dependent: per partner, the dependent's cell the
    /// matched rows take (G1[B] intersected with G2[B], Definition 4; "" when the two cells exclude each other).
    /// Empty otherwise.
    std::vector<std::string> inferredValues;
    /// The exposed rows (0-based data rows of the published table), ascending.
    std::vector<std::uint32_t> rows;
    /// Their sensitive values, as codes of the sensitive column.
    SensitiveProfile exposed;
};

/// The attack through one dependency.
struct DependencyAttack {
    FunctionalDependency dependency;
    /// Theorem 1: the determinant lies within the quasi-identifiers. Safe dependencies are not checked.
    bool safe = true;
    /// Ordered pairs of QI-groups that share at least one determinant value.
    std::uint64_t matchedPairs = 0;
    std::vector<AttackFinding> findings;

    [[nodiscard]] bool succeeds() const { return !findings.empty(); }
};

/// Everything the attack check learnt about a published table.
struct AttackCheck {
    /// The QI-groups: rows (ascending) of each, in order of their first row.
    std::vector<std::vector<std::uint32_t>> groups;
    /// The sensitive values of each group.
    std::vector<SensitiveProfile> profiles;
    /// Groups that are not l-diverse (with d-closeness) by themselves, before any dependency is
    /// used; the attack premise of Definition 6 is a diverse table, so they get no findings.
    std::vector<std::size_t> nonDiverseGroups;
    /// One entry per dependency given, in that order.
    std::vector<DependencyAttack> attacks;
    /// Definition 8 on the same groups: when it holds, no dependency can succeed.
    DlInferenceCheck dlInference;
    /// False when stopped: the attacks are then incomplete.
    bool complete = true;

    /// Whether any unsafe dependency's attack succeeds.
    [[nodiscard]] bool attackSucceeds() const;
};

/// Raised for parameters the check cannot accept (columns outside the table, l = 0).
class AttackParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Checks every unsafe dependency against the published table. Cells are compared as published
/// text, so rows match on a determinant only when their cells are equal (Definition 5). Cost per
/// dependency: O(rows) plus, per group, O(partners x shared determinant values). Throws
/// AttackParameterError.
[[nodiscard]] AttackCheck checkFfdAttack(const EncodedTable& published,
                                         std::span<const FunctionalDependency> dependencies,
                                         const AttackParameters& parameters, std::stop_token stop = {});

} // namespace qiscout::core
