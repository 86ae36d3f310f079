// SPDX-License-Identifier: GPL-3.0-or-later
// Which of qiscout-mpi's two modes a job runs: asked for with --distribute, or chosen from the
// table's size and the memory each rank has.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/table/encoded_table.h"

#include "mpi_job.h"

namespace qiscout::mpi {

/// How the work is shared out (docs/scale-out.md).
enum class Distribution {
    /// Lattice mode when the table fits each rank's memory, else rows mode.
    Auto,
    /// Every rank holds the table; the sets of each level are shared out.
    Lattice,
    /// Every rank holds a slice of the rows; each set is a distributed group-by.
    Rows,
};

/// The mode a job runs and why, the same on every rank.
struct DistributionChoice {
    Distribution mode = Distribution::Lattice;
    /// One line for the output: the mode, and the figures an automatic choice compared.
    std::string description;
};

/// Bytes the lattice mode needs per rank for `table`: the codes, the indexes of the searched
/// columns, and two partitions of the rows per thread (what SetEvaluator holds).
[[nodiscard]] std::uint64_t latticeBytesPerRank(const core::EncodedTable& table,
                                                const core::SearchParameters& parameters);

/// Resolves `requested` on every rank of the job (a collective): Auto picks the lattice mode when
/// latticeBytesPerRank fits every rank's memory: `memoryPerRank` when given, else the node's
/// MemAvailable (/proc/meminfo) shared by the ranks on the node.
[[nodiscard]] DistributionChoice chooseDistribution(Distribution requested, const core::EncodedTable& table,
                                                    const core::SearchParameters& parameters,
                                                    std::optional<std::uint64_t> memoryPerRank, const JobPlace& place);

} // namespace qiscout::mpi
