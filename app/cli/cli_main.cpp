// SPDX-License-Identifier: GPL-3.0-or-later
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "command.h"
#include "load_flags.h"

int main(int argc, char** argv)
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
    addAnonymizeCommand(app, selected);
    addBenchAnonymizeCommand(app, selected);
    addDependenciesCommand(app, selected);
    addAttackCheckCommand(app, selected);
    addBenchDependenciesCommand(app, selected);
    addBenchDlInferenceCommand(app, selected);

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
    try {
        return selected();
    } catch (const LoadFlagError& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        return exitUsage;
    } catch (const std::exception& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        return exitInputError;
    }
}
