// SPDX-License-Identifier: GPL-3.0-or-later
// Exact functional dependencies between columns, and which of them open a published table to the
// FFD attack (Wang and Liu, "Privacy-preserving publishing data with full functional dependencies").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// A -> B: rows with equal values on every column of `lhs` always have equal values on `rhs`.
struct FunctionalDependency {
    /// The determinant A; empty when `rhs` holds a single value on every row.
    ColumnSet lhs;
    /// The dependent column B (not in lhs).
    int rhs = 0;
    /// Rows whose determinant values are shared with at least one other row: the rows on which
    /// the dependency is observed rather than vacuous. 0 when the determinant is a key, so that no
    /// two rows can be matched through it.
    std::uint64_t support = 0;

    friend bool operator==(const FunctionalDependency&, const FunctionalDependency&) = default;
};

/// The paper's Theorem 1: a dependency is safe iff its determinant lies within the
/// quasi-identifiers, the columns that are generalised together into QI-groups. A determinant
/// with a sensitive column, or with a column published as it is, lets an attacker match rows of
/// different QI-groups.
[[nodiscard]] inline bool isSafe(const FunctionalDependency& dependency, ColumnSet quasiIdentifiers)
{
    return dependency.lhs.isSubsetOf(quasiIdentifiers);
}

/// The canonical order of reports: by determinant size, then determinant (sizeThenLexLess), then
/// dependent column.
[[nodiscard]] bool dependencyLess(const FunctionalDependency& a, const FunctionalDependency& b);

/// "{Phone} -> Zip" style text using the given column names.
[[nodiscard]] std::string describe(const FunctionalDependency& dependency, const std::vector<std::string>& columnNames);

/// Each dependency of `from` with the column positions of `to`, matched by column name (parallel to
/// the input); nullopt where `to` lacks a column the dependency names.
[[nodiscard]] std::vector<std::optional<FunctionalDependency>>
mapByColumnName(std::span<const FunctionalDependency> dependencies, const EncodedTable& from, const EncodedTable& to);

} // namespace qiscout::core
