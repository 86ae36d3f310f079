// SPDX-License-Identifier: GPL-3.0-or-later
// The rows mode of qiscout-mpi: each rank holds a slice of the rows, a set's class sizes are a
// distributed group-by and its verdict an all-reduce (docs/scale-out.md).
#pragma once

#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

#include "lattice_distribution.h"
#include "mpi_job.h"

namespace qiscout::mpi {

/// The rows rank `place.rank` holds of a table of `rows` rows shared out over `place.size` ranks:
/// [first, end), contiguous, in rank order, sizes differing by at most one row.
struct RowShare {
    std::uint32_t first = 0;
    std::uint32_t end = 0;

    [[nodiscard]] static RowShare of(std::uint32_t rows, const JobPlace& place);
};

/// MTUI's search over the rows of MPI_COMM_WORLD: every rank calls it with its slice of one table
/// (the same dictionaries everywhere, so codes agree: core::rowSlice) and the same parameters,
/// and gets the same result, MTUI's on the whole table, with result.allColumns filled in. Per level,
/// each rank counts the value combinations of every set on its rows, sends each combination to the
/// rank that owns it (a hash of the set and the codes, or the set alone when the wildcard semantics
/// needs all of a set's combinations together) in one MPI_Alltoallv per batch of sets, measures
/// what it owns, and one all-reduce gives every rank every verdict. Throws what LevelSweep throws,
/// identically on every rank.
[[nodiscard]] core::SearchResult searchRowsDistributed(const core::EncodedTable& slice,
                                                       const core::SearchParameters& parameters, const JobPlace& place,
                                                       std::vector<LevelCost>& costs);

/// What core::allColumnsRisk measures, over the slices of the job: the searched columns together
/// as one more distributed group-by. Every rank calls it with its slice and the search's result.
[[nodiscard]] core::AllColumnsRisk allColumnsRiskOverRows(const core::EncodedTable& slice,
                                                          const core::SearchResult& result, const JobPlace& place);

} // namespace qiscout::mpi
