// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_job.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include <mpi.h>

namespace qiscout::mpi {

JobPlace JobPlace::ofWorld()
{
    JobPlace place;
    MPI_Comm_rank(MPI_COMM_WORLD, &place.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &place.size);
    return place;
}

void abortJob(const JobPlace& place, int exitCode, const std::string& message)
{
    // One write of the whole line: mpirun forwards each write as it comes and prints its own
    // MPI_ABORT notice among them, so a line written in pieces could arrive cut in two.
    std::string line = "qiscout-mpi: " + message;
    if (place.size > 1)
        line += " (rank " + std::to_string(place.rank) + " of " + std::to_string(place.size) + ")";
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, exitCode);
    // MPI_Abort does not return; should an implementation return anyway, the process still ends.
    std::exit(exitCode);
}

} // namespace qiscout::mpi
