// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice_distribution.h"

#include <chrono>

#include <mpi.h>

#include "qiscout/core/engines/level_sweep.h"
#include "qiscout/core/engines/set_evaluator.h"

namespace qiscout::mpi {
namespace {

// A set's evaluation travels as three 64-bit numbers: isolated rows, smallest class, rows visited.
constexpr int wordsPerEvaluation = 3;

/// Sets of a level of `levelSize` sets that rank `rank` of `ranks` evaluates.
int shareOfLevel(std::size_t levelSize, int rank, int ranks)
{
    const auto sets = static_cast<int>(levelSize);
    return sets / ranks + (rank < sets % ranks ? 1 : 0);
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

core::SearchResult searchLatticeDistributed(const core::EncodedTable& table, const core::SearchParameters& parameters,
                                            const JobPlace& place, std::vector<LevelCost>& costs)
{
    core::LevelSweep sweep(table, parameters);
    core::SetEvaluator evaluator(table, parameters);
    const auto ranks = static_cast<std::size_t>(place.size);
    std::vector<int> counts(ranks);
    std::vector<int> displacements(ranks);
    std::vector<core::ColumnSet> share;
    std::vector<std::uint64_t> sent;
    std::vector<std::uint64_t> received;
    std::vector<core::SetEvaluation> evaluations;
    while (!sweep.finished()) {
        const auto levelStart = std::chrono::steady_clock::now();
        const std::vector<core::ColumnSet>& level = sweep.level();
        share.clear();
        for (std::size_t i = static_cast<std::size_t>(place.rank); i < level.size(); i += ranks)
            share.push_back(level[i]);
        const auto busyStart = std::chrono::steady_clock::now();
        const std::vector<core::SetEvaluation> mine = evaluator.evaluate(share, {}).value();
        const double busy = secondsSince(busyStart);

        sent.clear();
        for (const core::SetEvaluation& evaluation : mine)
            sent.insert(sent.end(), {evaluation.isolatedRows, evaluation.smallestClass, evaluation.rowsVisited});
        int offset = 0;
        for (std::size_t rank = 0; rank < ranks; ++rank) {
            counts[rank] = wordsPerEvaluation * shareOfLevel(level.size(), static_cast<int>(rank), place.size);
            displacements[rank] = offset;
            offset += counts[rank];
        }
        received.resize(static_cast<std::size_t>(offset));
        MPI_Allgatherv(sent.data(), static_cast<int>(sent.size()), MPI_UINT64_T, received.data(), counts.data(),
                       displacements.data(), MPI_UINT64_T, MPI_COMM_WORLD);

        // Set i is the (i / ranks)-th of rank i mod ranks's share.
        evaluations.resize(level.size());
        for (std::size_t i = 0; i < level.size(); ++i) {
            const std::size_t at =
                static_cast<std::size_t>(displacements[i % ranks]) + wordsPerEvaluation * (i / ranks);
            evaluations[i] = {received[at], received[at + 1], received[at + 2]};
        }

        LevelCost cost;
        cost.size = sweep.levelSize();
        cost.sets = level.size();
        cost.busySeconds.resize(ranks);
        MPI_Allgather(&busy, 1, MPI_DOUBLE, cost.busySeconds.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD);
        // An all-gather sends a rank's share to each of the other ranks (whatever tree or ring
        // the library picks, that is what has to arrive).
        for (std::size_t rank = 0; rank < ranks; ++rank)
            cost.bytesSent.push_back(static_cast<std::uint64_t>(counts[rank]) * sizeof(std::uint64_t) * (ranks - 1));
        sweep.settle(evaluations);
        cost.wallSeconds = secondsSince(levelStart);
        costs.push_back(std::move(cost));
    }
    return sweep.result();
}

} // namespace qiscout::mpi
