// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_job.h"

#include <cstdlib>
#include <iostream>

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
    std::cerr << "qiscout-mpi: " << message;
    if (place.size > 1)
        std::cerr << " (rank " << place.rank << " of " << place.size << ")";
    std::cerr << '\n' << std::flush;
    MPI_Abort(MPI_COMM_WORLD, exitCode);
    // MPI_Abort does not return; should an implementation return anyway, the process still ends.
    std::exit(exitCode);
}

} // namespace qiscout::mpi
