// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-mpi scan: qiscout-cli scan's search shared out over the processes of an Open MPI job.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace qiscout::mpi {

/// Adds `scan` to app; once parsed, `selected` runs it on this rank and returns its exit code.
void addMpiScanCommand(CLI::App& app, std::function<int()>& selected);

} // namespace qiscout::mpi
