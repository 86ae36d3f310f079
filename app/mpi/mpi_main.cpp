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
    MPI_Init(&argc, &argv);
    const int status = runRank(argc, argv, qiscout::mpi::JobPlace::ofWorld());
    MPI_Finalize();
    return status;
}
