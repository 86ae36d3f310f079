// SPDX-License-Identifier: GPL-3.0-or-later
// This process's place in the Open MPI job, and how a failure ends the whole job.
#pragma once

#include <string>

namespace qiscout::mpi {

/// Rank and size of MPI_COMM_WORLD; MPI must be initialised.
struct JobPlace {
    int rank = 0;
    int size = 1;

    [[nodiscard]] bool isRoot() const { return rank == 0; }
    [[nodiscard]] static JobPlace ofWorld();
};

/// Prints "qiscout-mpi: <message>" (naming the rank in a job of several) on stderr and ends every
/// process of the job with `exitCode` through MPI_Abort: a rank that stopped on its own would leave
/// the others waiting in their next collective for ever.
[[noreturn]] void abortJob(const JobPlace& place, int exitCode, const std::string& message);

} // namespace qiscout::mpi
