// SPDX-License-Identifier: GPL-3.0-or-later
// Discovery of every minimal exact functional dependency of a table (a TANE-style level-wise
// search over stripped partitions).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <vector>

#include "qiscout/core/dependencies/functional_dependency.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What to look for. Unset optionals take documented defaults.
struct DependencyParameters {
    /// Columns examined on both sides; unset = every column.
    std::optional<ColumnSet> columns;
    /// Largest determinant (left-hand side) size, at least 0; unset = no limit.
    std::optional<int> maxLhs;
    /// Worker threads, 1..hardware concurrency; unset = hardware concurrency.
    std::optional<int> threads;
};

struct DependencyStatistics {
    /// Candidate dependencies checked against the data.
    std::uint64_t checks = 0;
    /// Stripped partitions built (one refinement each).
    std::uint64_t partitions = 0;
    /// Lattice levels processed (a level l checks determinants of l - 1 columns).
    int levels = 0;
    double seconds = 0.0;
};

/// Every minimal dependency A -> B among the examined columns with |A| <= maxLhs: B not in A, the
/// dependency holds on every row, and no proper subset of A determines B.
struct DependencyResult {
    ColumnSet examined;
    std::optional<int> maxLhs;
    int threads = 1;
    /// Sorted with dependencyLess.
    std::vector<FunctionalDependency> dependencies;
    DependencyStatistics stats;
    /// False when stopped: the list then holds only dependencies already confirmed.
    bool complete = true;
};

/// Raised for parameters discovery cannot accept (unknown columns, negative size, bad threads).
class DependencyParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Finds every minimal dependency. Synchronous: uses TBB workers inside and returns when done or,
/// promptly, when stop is requested (result.complete is then false). Cost: one refinement of a
/// stripped partition per determinant candidate, each O(rows still in classes of two or more).
/// Throws DependencyParameterError.
[[nodiscard]] DependencyResult discoverDependencies(const EncodedTable& table, const DependencyParameters& parameters,
                                                    std::stop_token stop = {});

} // namespace qiscout::core
