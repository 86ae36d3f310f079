// SPDX-License-Identifier: GPL-3.0-or-later
// How qiscout-cli's subcommands plug into its main.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace qiscout::cli {

/// Exit codes are a contract with scripts: keep them stable.
enum ExitCode : int {
    exitOk = 0,
    exitUsage = 2,
    exitInputError = 3,
    exitCancelled = 4,
};

/// The work of the subcommand the user chose, run after parsing succeeded; returns an ExitCode.
using Command = std::function<int()>;

void addInfoCommand(CLI::App& app, Command& selected);
void addBenchLoadCommand(CLI::App& app, Command& selected);
void addScanCommand(CLI::App& app, Command& selected);
void addBenchCommand(CLI::App& app, Command& selected);
void addGenerateCommand(CLI::App& app, Command& selected);
void addGenerateDischargeCommand(CLI::App& app, Command& selected);
void addAnonymizeCommand(CLI::App& app, Command& selected);
void addBenchAnonymizeCommand(CLI::App& app, Command& selected);
void addDependenciesCommand(CLI::App& app, Command& selected);
void addAttackCheckCommand(CLI::App& app, Command& selected);
void addBenchDependenciesCommand(CLI::App& app, Command& selected);
void addBenchDlInferenceCommand(CLI::App& app, Command& selected);
void addRiskCommand(CLI::App& app, Command& selected);
void addBenchRiskCommand(CLI::App& app, Command& selected);

} // namespace qiscout::cli
