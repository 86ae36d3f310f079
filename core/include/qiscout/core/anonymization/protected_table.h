// SPDX-License-Identifier: GPL-3.0-or-later
// Applying a transformation: the published table, and the check that it protects what it claims.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// A table with a transformation applied: every quasi-identifier column holds the generalised
/// values as text, the rows of classes that fail a model hold "*" in every quasi-identifier
/// column, and so do the cells local suppression chose; the other columns are unchanged. With a
/// research subset (AnonymizationParameters::researchSubset) only the subset's rows are published,
/// in the table's order.
struct ProtectedTable {
    EncodedTable table;
    Transformation transformation;
    /// Ascending 0-based rows of `table` that were suppressed.
    std::vector<std::uint32_t> suppressedRows;
    /// Local suppression: per quasi-identifier (parameter order), the ascending rows whose cell
    /// holds "*" (marked missing, so the wildcard semantics let it match any value); empty without.
    std::vector<std::vector<std::uint32_t>> suppressedCells;
    TransformationAssessment assessment;
};

/// Materialises a transformation of the table (any node, acceptable or not), building the
/// quasi-identifier columns on parameters.threads threads. Throws like assessTransformation. The
/// result's sourcePath is the input's.
[[nodiscard]] ProtectedTable applyTransformation(const EncodedTable& table, const AnonymizationParameters& parameters,
                                                 const Transformation& transformation);

/// The protected table's kept rows over its quasi-identifier columns only (in parameter order):
/// what a re-run of the quasi-identifier search checks. Suppressed rows are left out because
/// every quasi-identifier cell of theirs is "*", which matches every person; locally suppressed
/// cells stay, marked missing, for a re-check under the wildcard semantics. `protectedTable` is
/// as applyTransformation made it; the columns are built on parameters.threads threads.
[[nodiscard]] EncodedTable keptQuasiIdentifierTable(const ProtectedTable& protectedTable,
                                                    const AnonymizationParameters& parameters);

/// A published table without its suppressed rows (ascending), every column kept: what is
/// published when suppressed rows are left out of the file rather than kept as rows of "*" (#33).
/// Built on `threads` threads (unset: every core).
[[nodiscard]] EncodedTable withoutSuppressedRows(const EncodedTable& published,
                                                 const std::vector<std::uint32_t>& suppressedRows,
                                                 std::optional<int> threads = std::nullopt);

} // namespace qiscout::core
