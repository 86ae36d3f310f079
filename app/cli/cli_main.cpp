// SPDX-License-Identifier: GPL-3.0-or-later
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <system_error>

#include <CLI/CLI.hpp>

#include "qiscout/core/util/cancellation.h"
#include "qiscout/core/util/out_of_memory.h"

#include "command.h"
#include "failed_allocation.h"
#include "interrupt.h"
#include "load_flags.h"

namespace {

/// What the command printed must have reached its destination: a full disk or a closed pipe
/// behind standard output is an error (exit 3), not a success (#19).
int finishStandardOutput(int status)
{
    errno = 0;
    std::cout.flush();
    if (std::cout.good() && std::fflush(stdout) == 0 && std::ferror(stdout) == 0)
        return status;
    const int error = errno;
    std::cerr << "qiscout-cli: cannot write standard output"
              << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << ".\n";
    return status == qiscout::cli::exitOk ? qiscout::cli::exitInputError : status;
}

int runCli(int argc, char** argv)
{
    using namespace qiscout::cli;
    CLI::App app{"qiscout-cli: finds the quasi-identifiers in a table before it is published", "qiscout-cli"};
    app.set_version_flag("--version", "qiscout-cli " QISCOUT_VERSION);
    app.require_subcommand(1);

    Command selected;
    addInfoCommand(app, selected);
    addBenchLoadCommand(app, selected);
    addScanCommand(app, selected);
    addBenchCommand(app, selected);
    addGenerateCommand(app, selected);
    addGenerateDischargeCommand(app, selected);
    addAnonymizeCommand(app, selected);
    addBenchAnonymizeCommand(app, selected);
    addDependenciesCommand(app, selected);
    addAttackCheckCommand(app, selected);
    addBenchDependenciesCommand(app, selected);
    addBenchDlInferenceCommand(app, selected);
    addRiskCommand(app, selected);
    addBenchRiskCommand(app, selected);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& help) {
        return app.exit(help);
    } catch (const CLI::CallForVersion& version) {
        return app.exit(version);
    } catch (const CLI::ParseError& error) {
        app.exit(error);
        return exitUsage;
    }
    int status = exitInputError;
    try {
        status = selected();
    } catch (const LoadFlagError& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        status = exitUsage;
    } catch (const qiscout::core::OperationCancelled& stopped) {
        std::cerr << "qiscout-cli: " << stopped.what() << '\n';
        exitStopped();
    } catch (const std::bad_alloc&) {
        // The work's structures are gone once the exception reached here, so the message has room.
        try {
            std::cerr << "qiscout-cli: " << outOfMemoryMessage() << '\n';
        } catch (const std::bad_alloc&) {
            std::cerr << "qiscout-cli: not enough memory.\n";
        }
        status = exitInputError;
    } catch (const std::system_error& error) {
        // Starting a thread fails like this when its stack finds no room (ulimit -v) or the
        // process limit is reached.
        std::cerr << "qiscout-cli: " << error.what();
        if (error.code() == std::errc::resource_unavailable_try_again)
            std::cerr << ": cannot start a thread (" << qiscout::core::memoryAvailableClause() << ")";
        std::cerr << ".\n";
        status = exitInputError;
    } catch (const std::exception& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        status = exitInputError;
    }
    return finishStandardOutput(status);
}

} // namespace

int main(int argc, char** argv)
{
    try {
        return runCli(argc, argv);
    } catch (const std::bad_alloc&) {
        // Registering the commands needs memory too: a tight ulimit -v can end here, before any
        // command runs (#19). A literal, because building a message could fail the same way.
        std::cerr << "qiscout-cli: not enough memory to start.\n";
        return qiscout::cli::exitInputError;
    }
}
