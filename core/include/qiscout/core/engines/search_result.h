// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
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
};

/// Raised for parameters the engine cannot accept (k out of range, too many columns, ...).
class SearchParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

} // namespace qiscout::core
