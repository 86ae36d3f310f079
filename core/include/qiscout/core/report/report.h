// SPDX-License-Identifier: GPL-3.0-or-later
// The quasi-identifier report (#6): everything a publisher takes to their data protection
// officer, computed once from a finished search and rendered by the writers in report_writers.h.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/report/dependency_analysis.h"
#include "qiscout/core/report/protection_report.h"
#include "qiscout/core/report/record_risk_section.h"
#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What a report is built from: the analysed table, how it was analysed and the answer.
struct ReportInput {
    /// The table the search ran on (shared, never copied).
    std::shared_ptr<const EncodedTable> table;
    /// One role per table column; empty means every column is a quasi-identifier.
    std::vector<ColumnRole> roles;
    /// The parameters as the user gave them (the result holds the resolved k, threads, batch size).
    SearchParameters parameters;
    /// The strategy the user asked for; Auto is allowed (the result names the one that ran).
    Algorithm requestedAlgorithm = Algorithm::Auto;
    SearchResult result;
    /// Seconds spent loading and encoding the file.
    double loadSeconds = 0.0;
    /// Lowercase hex SHA-256 of the file; when unset, buildReport hashes table->sourcePath.
    std::optional<std::string> fileSha256;
    /// When the analysis ran; when unset, buildReport uses the current time.
    std::optional<std::chrono::system_clock::time_point> generatedAt;
    /// The protection applied to the table (`anonymize --report`), reported in its own section.
    std::optional<ProtectionReport> protection;
    /// A protected version of the table: the dependencies section says whether the FFD attack
    /// succeeds on it.
    std::optional<ProtectedRelease> protectedRelease;
    /// The record-level risk of the same table, when assessed: adds the "Record-level risk" section.
    std::shared_ptr<const RiskAssessment> risk;
};

/// Choices that change what the report discloses.
struct ReportOptions {
    /// List the riskiest rows with their real values instead of redacting them.
    bool includeValues = false;
    /// How many of the riskiest rows to list.
    std::size_t riskiestRowLimit = 20;
    /// Largest determinant of the dependencies looked for; unset = no limit.
    std::optional<int> dependencyMaxLhs = 3;
};

/// One column of the analysed table as the report describes it.
struct ReportColumn {
    std::string name;
    ColumnRole role = ColumnRole::QuasiIdentifier;
    ColumnType type = ColumnType::Text;
    std::uint32_t distinctValues = 0;
    std::uint64_t missingCells = 0;
    /// Whether the search covered the column.
    bool searched = false;
    /// What the column means (a statistical file's variable label); empty when unknown.
    std::string description;
};

/// How many minimal sets a column belongs to.
struct ColumnRank {
    int column = 0;
    std::uint64_t minimalSets = 0;
};

/// One pick of the greedy hitting set: the column and how many not-yet-hit minimal sets it hits.
struct HittingStep {
    int column = 0;
    std::uint64_t newlyHitSets = 0;
};

/// Columns to generalise or suppress first: a greedy hitting set of the minimal sets (every
/// minimal set contains at least one of them), and the columns that remain without them.
struct Remediation {
    std::vector<HittingStep> steps;
    ColumnSet removed;
    /// Searched columns not in the hitting set.
    ColumnSet remaining;
    /// Smallest class on all remaining columns together, measured on the table; unset when none
    /// remain.
    std::optional<std::uint64_t> remainingSmallestClass;
};

/// A row isolated by at least one minimal set.
struct RiskyRow {
    /// 0-based data row (the first row after the header is 0).
    std::uint32_t row = 0;
    /// Number of minimal sets on which the row is k-isolated.
    std::uint64_t isolatingSets = 0;
    /// The first (smallest, then lexicographic) minimal set isolating the row.
    ColumnSet smallestIsolatingSet;
    /// The row's class size on smallestIsolatingSet.
    std::uint64_t classSize = 0;
    /// The row's values on the searched columns, in column order; empty when redacted.
    std::vector<std::string> values;
};

/// How many rows are isolated by exactly `isolatingSets` minimal sets.
struct RiskBin {
    std::uint64_t isolatingSets = 0;
    std::uint64_t rows = 0;
};

/// Per-row exposure: how many minimal sets isolate each row.
struct RecordsAtRisk {
    /// Rows isolated by at least one minimal set.
    std::uint64_t rowsAtRisk = 0;
    /// Non-empty bins in ascending order of isolatingSets, including 0 (rows at no risk).
    std::vector<RiskBin> histogram;
    /// Most exposed rows first (more isolating sets, then smaller isolating set, then row order).
    std::vector<RiskyRow> riskiest;
    bool valuesIncluded = false;
};

/// One level of the lattice of searched column sets.
struct LatticeLevel {
    /// Columns per set.
    int size = 0;
    /// Sets of this size: C(n, size).
    std::uint64_t sets = 0;
    std::uint64_t minimalSets = 0;
    std::uint64_t maximalSafeSets = 0;
    /// Sets of this size containing a minimal set; counted when the lattice is small enough.
    std::optional<std::uint64_t> vulnerableSets;
    /// False beyond the largest set size searched.
    bool explored = true;
};

/// The quasi-identifier report: a value, independent of the table once built.
struct QiReport {
    std::string qiscoutVersion;
    /// ISO 8601 UTC, e.g. "2024-05-01T12:00:00Z".
    std::string generatedAt;

    std::string fileName;
    std::string filePath;
    /// The sheet, table or query of the source the table came from; empty for one-table files.
    std::string sourcePart;
    /// Lowercase hex; unset when the file could not be read.
    std::optional<std::string> fileSha256;
    std::uint64_t rows = 0;
    std::vector<ReportColumn> columns;

    std::uint64_t k = 1;
    Algorithm requestedAlgorithm = Algorithm::Auto;
    Algorithm algorithm = Algorithm::Fpvi;
    /// How missing cells matched: the class sizes are counted under these semantics.
    MissingSemantics missingSemantics = MissingSemantics::Value;
    int threads = 1;
    std::uint32_t batchSize = defaultBatchSize;
    std::optional<int> maxSetSize;
    ColumnSet searchedColumns;
    bool complete = true;
    SearchStatistics stats;
    double loadSeconds = 0.0;

    /// The headline: every searched column together (set by the search's caller or by buildReport).
    std::optional<AllColumnsRisk> allColumns;
    /// Plain-language sentences for a non-expert, most important first: the headline leads.
    std::vector<std::string> summary;
    /// Sorted with sizeThenLexLess.
    std::vector<MinimalSet> minimalSets;
    std::vector<SafeSet> maximalSafeSets;
    /// Searched columns, most minimal sets first, then column order.
    std::vector<ColumnRank> columnRanking;
    Remediation remediation;
    RecordsAtRisk recordsAtRisk;
    DependencyAnalysis dependencies;
    std::vector<LatticeLevel> latticeLevels;
    /// Set when the report follows an anonymisation: the "Protection applied" section.
    std::optional<ProtectionReport> protection;
    /// Present when the input carried a risk assessment.
    std::optional<RecordRiskSection> recordRisk;

    /// Column names in table order.
    [[nodiscard]] std::vector<std::string> columnNames() const;
    /// Names of the columns of a set, in column order.
    [[nodiscard]] std::vector<std::string> namesOf(ColumnSet set) const;
    /// Total wall time of the analysis (load plus search), in seconds.
    [[nodiscard]] double runSeconds() const { return loadSeconds + stats.searchSeconds; }
};

/// Builds the report. Cost: one partition of the table per minimal set (records at risk), a
/// dependency discovery over the examined columns (dependency_analysis.h), one partition for the
/// remaining columns. Throws std::invalid_argument when the input is inconsistent (no table, roles
/// of the wrong length) and OperationCancelled once stop is requested.
[[nodiscard]] QiReport buildReport(const ReportInput& input, const ReportOptions& options = {},
                                   std::stop_token stop = {});

/// A greedy hitting set: repeatedly picks the column in most not-yet-hit sets (ties: in more sets
/// overall, then the lower column). Every given set is hit; the sets must not be empty.
[[nodiscard]] std::vector<HittingStep> greedyHittingSet(const std::vector<ColumnSet>& sets);

/// For every row, the number of the given sets on which it is k-isolated, missing cells matching as
/// `semantics` says (the search's, so the counts agree with it).
[[nodiscard]] std::vector<std::uint32_t> isolatingSetCounts(const EncodedTable& table,
                                                            const std::vector<ColumnSet>& sets, std::uint64_t k,
                                                            MissingSemantics semantics);

/// "2024-05-01T12:00:00Z" for a point in time (UTC, whole seconds).
[[nodiscard]] std::string formatIsoUtc(std::chrono::system_clock::time_point when);

} // namespace qiscout::core
