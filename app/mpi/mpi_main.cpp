// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-mpi: started by mpirun, every rank parses the same command line and runs the command.
#include <exception>
#include <functional>
#include <iostream>

#include <mpi.h>

#include <CLI/CLI.hpp>

#include "command.h"
#include "mpi_job.h"
#include "mpi_scan_command.h"

namespace {

int runRank(int argc, char** argv, const qiscout::mpi::JobPlace& place)
{
    CLI::App app{"qiscout-mpi: finds the quasi-identifiers of a table over the processes of an Open MPI job",
                 "qiscout-mpi"};
    app.set_version_flag("--version", "qiscout-mpi " QISCOUT_VERSION);
    app.require_subcommand(1);
    std::function<int()> selected;
    qiscout::mpi::addMpiScanCommand(app, selected);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // Every rank parsed the same line: one of them says what was wrong.
        if (place.isRoot())
            app.exit(error);
        return error.get_exit_code() == 0 ? qiscout::cli::exitOk : qiscout::cli::exitUsage;
    }
    try {
        return selected();
    } catch (const std::exception& error) {
        qiscout::mpi::abortJob(place, qiscout::cli::exitInputError, error.what());
    }
}

} // namespace

int main(int argc, char** argv)
{
    int provided = MPI_THREAD_SINGLE;
    // The lattice mode's rank 0 hands out work on a thread of its own while it evaluates.
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    const qiscout::mpi::JobPlace place = qiscout::mpi::JobPlace::ofWorld();
    if (provided < MPI_THREAD_MULTIPLE && place.size > 1)
        qiscout::mpi::abortJob(place, qiscout::cli::exitInputError,
                               "the MPI library does not provide MPI_THREAD_MULTIPLE, which qiscout-mpi needs");
    const int status = runRank(argc, argv, place);
    MPI_Finalize();
    return status;
}
