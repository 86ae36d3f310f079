// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

/// A quasi-identifier: a minimal vulnerable column set.
struct MinimalSet {
    ColumnSet columns;
    /// Rows whose class on the set has at most k rows.
    std::uint64_t isolatedRows = 0;
    /// Size of the smallest class on the set (at most k).
    std::uint64_t smallestClass = 0;

    friend bool operator==(const MinimalSet&, const MinimalSet&) = default;
};

/// A largest column combination that can be released together: every class has more than k rows.
struct SafeSet {
    ColumnSet columns;
    std::uint64_t smallestClass = 0;

    friend bool operator==(const SafeSet&, const SafeSet&) = default;
};

struct SearchStatistics {
    /// Column sets whose classes were (at least partly) examined.
    std::uint64_t setsEvaluated = 0;
    /// Row visits over all evaluations.
    std::uint64_t rowsScanned = 0;
    double searchSeconds = 0.0;
};

/// What an intruder who knows every searched column at once sees: the classes of all of them
/// together, sized under the search's missing-cell semantics. The headline of every view and
/// report (#33): the minimal sets say where to coarsen first, this says how many people are exposed.
struct AllColumnsRisk {
    ColumnSet columns;
    std::uint64_t rows = 0;
    /// Rows whose class has at most k rows.
    std::uint64_t rowsAtRisk = 0;
    /// The smallest class; 0 for a table without rows.
    std::uint64_t smallestClass = 0;
    /// Distinct combinations of values on the columns (under the wildcard semantics their classes
    /// overlap, so the class sizes add up to more than the rows).
    std::uint64_t classes = 0;

    /// rowsAtRisk / rows; 0 for a table without rows.
    [[nodiscard]] double share() const
    {
        return rows == 0 ? 0.0 : static_cast<double>(rowsAtRisk) / static_cast<double>(rows);
    }
    friend bool operator==(const AllColumnsRisk&, const AllColumnsRisk&) = default;
};

/// The answer of one search. Both lists are sorted with sizeThenLexLess.
struct SearchResult {
    Algorithm algorithm = Algorithm::Fpvi;
    std::uint64_t k = 1;
    int threads = 1;
    std::uint32_t batchSize = defaultBatchSize;
    /// The columns searched.
    ColumnSet searchedColumns;
    /// How missing cells matched: the class sizes below are counted under these semantics.
    MissingSemantics missingSemantics = MissingSemantics::Value;
    std::vector<MinimalSet> minimalSets;
    /// Maximal among the safe sets within the size limit, if one was given.
    std::vector<SafeSet> maximalSafeSets;
    SearchStatistics stats;
    /// False when the search was cancelled: the lists are then only what was settled.
    bool complete = true;
    /// Set by allColumnsRisk (all_columns_risk.h) for whoever shows the result; the engines leave
    /// it unset, so that their timings are the search's alone.
    std::optional<AllColumnsRisk> allColumns;
};

/// Raised for parameters the engine cannot accept (k out of range, too many columns, ...).
class SearchParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

} // namespace qiscout::core
