// SPDX-License-Identifier: GPL-3.0-or-later
// The lattice mode of qiscout-mpi: every rank holds the whole encoded table, each level's sets are
// shared out over the ranks and their verdicts exchanged once per level (docs/scale-out.md).
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

#include "mpi_job.h"

namespace qiscout::mpi {

/// What one level cost: known on every rank after the level's exchange.
struct LevelCost {
    int size = 0;
    std::uint64_t sets = 0;
    /// Bytes each rank sent in the level's exchange.
    std::vector<std::uint64_t> bytesSent;
    /// Seconds each rank spent evaluating its share of the level.
    std::vector<double> busySeconds;
    double wallSeconds = 0.0;
};

/// The search MTUI runs, with each level's sets handed out over the ranks of MPI_COMM_WORLD: every
/// rank calls it with the same table and parameters and gets the same result, MTUI's. Rank 0 hands
/// out chunks of a level's sets on request (a server thread: MPI must provide MPI_THREAD_MULTIPLE),
/// so a rank that finds its sets cheap (no missing cells under the wildcard semantics, a node less
/// loaded) takes more of them. Throws what LevelSweep and SetEvaluator throw, identically on every rank.
[[nodiscard]] core::SearchResult searchLatticeDistributed(const core::EncodedTable& table,
                                                          const core::SearchParameters& parameters,
                                                          const JobPlace& place, std::vector<LevelCost>& costs);

} // namespace qiscout::mpi
