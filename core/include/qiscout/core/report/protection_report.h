// SPDX-License-Identifier: GPL-3.0-or-later
// The "Protection applied" section of a report (#13): what the anonymisation did (the lattice
// search's transformation, or (d, l)-inference's groups, #18) and what the re-run of the
// quasi-identifier search found before and after it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// One generalised column as the report describes it.
struct ProtectedColumnReport {
    std::string name;
    /// Where its hierarchy came from ("automatic" or a file).
    std::string hierarchySource;
    /// The hierarchy's height and the level applied; unset after (d, l)-inference, which
    /// generalises each QI-group's cells by themselves rather than to a level.
    std::optional<int> height;
    std::optional<int> level;
    /// Distinct values before and after (suppression's "*" counted).
    std::uint64_t distinctBefore = 0;
    std::uint64_t distinctAfter = 0;
    /// The metric restricted to this column, for the metrics defined per column.
    std::optional<double> metricValue;
    /// Cells suppressed one by one (local suppression); unset without.
    std::optional<std::uint64_t> suppressedCells;
    /// What the column lost, as data (#34); unset after (d, l)-inference, whose published table
    /// leaves rows out.
    std::optional<ColumnLossProfile> lossProfile;
};

/// What the quasi-identifier search finds over the protected columns.
struct QuasiIdentifierCount {
    std::uint64_t quasiIdentifiers = 0;
    /// Rows in a class of at most k rows on every searched column together (the headline, #33).
    std::uint64_t rowsAtRisk = 0;
    /// Rows the search ran on.
    std::uint64_t rows = 0;
};

/// Why an answer is not proven optimal.
enum class UnprovenBecause {
    /// More transformations than the exact search takes: the heuristic search answered.
    LatticeTooLarge,
    /// Local suppression's time limit ended the search before everything that might beat the
    /// answer was priced.
    TimeLimit,
    /// The user stopped the search.
    Stopped,
};

/// Why an answer is not proven optimal, as a clause for the reader ("The search was stopped...").
[[nodiscard]] std::string unprovenReason(UnprovenBecause because);

/// How the lattice search chose the transformation applied.
struct LatticeSearchFacts {
    double suppressionLimit = 0.0;
    std::uint64_t suppressionLimitRows = 0;
    /// Proven optimal; false for the heuristic search's usual answer beyond 2^22 transformations.
    bool globallyOptimal = false;
    /// Set when not globallyOptimal.
    std::optional<UnprovenBecause> unprovenBecause;
    /// AnonymizationResult::lowerBound: no acceptable transformation has a lower metric value.
    std::optional<double> lowerBound;
    std::uint64_t latticeSize = 0;
    std::uint64_t transformationsChecked = 0;
    std::uint64_t transformationsTagged = 0;
    /// Unset when the search was not asked for the whole frontier.
    std::optional<std::uint64_t> minimalTransformations;
};

/// How (d, l)-inference grouped the rows (#18): the phase-1 heuristic and why rows were left out.
struct DlInferenceFacts {
    /// The name partitionHeuristicNames gives it.
    std::string heuristic;
    /// Rows left out to make the groups of sensitive values d-close and l-diverse.
    std::uint64_t removedByGrouping = 0;
    /// Rows left out for their group's size or for cells equal to another group's.
    std::uint64_t removedByGroupSize = 0;
};

/// The protection applied to a table, independent of it once built.
struct ProtectionReport {
    std::vector<std::string> privacyModels;
    std::variant<LatticeSearchFacts, DlInferenceFacts> method;
    /// Rows withheld: suppressed by the lattice search, left out by (d, l)-inference.
    std::uint64_t suppressedRows = 0;
    std::uint64_t rows = 0;
    std::string metric;
    double metricValue = 0.0;
    /// Equivalence classes (QI-groups) among the kept rows.
    std::uint64_t classes = 0;
    double searchSeconds = 0.0;
    std::vector<ProtectedColumnReport> columns;
    /// The search's k for the re-check: a row is at risk when its class has at most this many rows.
    std::uint64_t verificationK = 1;
    QuasiIdentifierCount before;
    QuasiIdentifierCount after;
    /// The protected file, when one was written.
    std::string outputPath;
    /// Whether that file leaves the suppressed rows out (true) or keeps them as rows of "*" in
    /// every coarsened column (false); unset when no file was written (#33).
    std::optional<bool> suppressedRowsLeftOut;

    /// Plain-language sentences, most important first.
    [[nodiscard]] std::vector<std::string> summary() const;
};

/// What a quasi-identifier search over `table` found: its quasi-identifiers and the rows in a class
/// of at most search.k rows on all its searched columns together. Cost: one partition.
[[nodiscard]] QuasiIdentifierCount countQuasiIdentifiers(const EncodedTable& table, const SearchResult& search);

/// Builds the section from a finished anonymisation: the parameters and result, the applied
/// transformation, the re-check's k and what the quasi-identifier searches over the protected
/// columns found before (on the original table) and after (on the kept rows).
[[nodiscard]] ProtectionReport buildProtectionReport(const EncodedTable& original,
                                                     const AnonymizationParameters& parameters,
                                                     const AnonymizationResult& result, const ProtectedTable& applied,
                                                     std::uint64_t verificationK, const QuasiIdentifierCount& before,
                                                     const QuasiIdentifierCount& after);

/// The same from the searches themselves: before on the original table, after on keptTable
/// (keptQuasiIdentifierTable of the applied table), both at the re-check's k.
[[nodiscard]] ProtectionReport buildProtectionReport(const EncodedTable& original,
                                                     const AnonymizationParameters& parameters,
                                                     const AnonymizationResult& result, const ProtectedTable& applied,
                                                     const SearchResult& before, const EncodedTable& keptTable,
                                                     const SearchResult& after);

/// The section after (d, l)-inference (#18): the model and k, the rows left out, the generalised
/// loss (the FFD paper's Definition 1, per column too) and the searches over the quasi-identifiers
/// before (on the original) and after (on `published`, publishDlAnonymization's table), both at
/// after.k.
[[nodiscard]] ProtectionReport buildProtectionReport(const EncodedTable& original,
                                                     const DlAnonymizationParameters& parameters,
                                                     const DlAnonymization& anonymization,
                                                     const EncodedTable& published, const SearchResult& before,
                                                     const SearchResult& after);

} // namespace qiscout::core
