// SPDX-License-Identifier: GPL-3.0-or-later
#include "distribution_choice.h"

#include <algorithm>
#include <thread>

#include <mpi.h>

#include <fmt/format.h>

#include "qiscout/core/util/out_of_memory.h"

namespace qiscout::mpi {
namespace {

constexpr std::uint64_t mebibyte = std::uint64_t{1} << 20U;

/// The ranks of the job on this rank's node.
int ranksOnNode()
{
    MPI_Comm node = MPI_COMM_NULL;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int ranks = 1;
    MPI_Comm_size(node, &ranks);
    MPI_Comm_free(&node);
    return ranks;
}

} // namespace

std::uint64_t latticeBytesPerRank(const core::EncodedTable& table, const core::SearchParameters& parameters)
{
    const std::uint64_t rows = table.rowCount;
    const auto searched = static_cast<std::uint64_t>(parameters.columns ? parameters.columns->size()
                                                                        : static_cast<int>(table.columnCount()));
    const auto threads = static_cast<std::uint64_t>(
        parameters.threads.value_or(static_cast<int>(std::max(1U, std::thread::hardware_concurrency()))));
    return rows * sizeof(std::uint32_t) * (table.columnCount() + searched + 2 * threads);
}

DistributionChoice chooseDistribution(Distribution requested, const core::EncodedTable& table,
                                      const core::SearchParameters& parameters,
                                      std::optional<std::uint64_t> memoryPerRank, const JobPlace& place)
{
    if (requested == Distribution::Lattice)
        return {Distribution::Lattice, fmt::format("lattice mode over {} ranks (--distribute lattice)", place.size)};
    if (requested == Distribution::Rows)
        return {Distribution::Rows, fmt::format("rows mode over {} ranks (--distribute rows)", place.size)};
    const std::uint64_t needed = latticeBytesPerRank(table, parameters);
    const std::uint64_t local =
        memoryPerRank ? *memoryPerRank : core::systemAvailableMemory() / static_cast<std::uint64_t>(ranksOnNode());
    std::uint64_t available = 0;
    // Every rank must run the same mode: the one the tightest rank allows.
    MPI_Allreduce(&local, &available, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    const Distribution mode = needed <= available ? Distribution::Lattice : Distribution::Rows;
    return {mode, fmt::format("{} mode over {} ranks (auto: the lattice mode needs {} MiB per rank, {} MiB available)",
                              mode == Distribution::Lattice ? "lattice" : "rows", place.size,
                              (needed + mebibyte - 1) / mebibyte, available / mebibyte)};
}

} // namespace qiscout::mpi
