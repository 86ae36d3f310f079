// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli dependencies`: every minimal exact functional dependency of a table, each marked safe
// or unsafe by Theorem 1 of the FFD paper (#18).
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/report/dependency_json.h"

#include "column_selection.h"
#include "command.h"
#include "failed_allocation.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "json_output.h"
#include "load_flags.h"
#include "output_files.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct DependenciesOptions {
    std::string file;
    std::vector<std::string> columns;
    std::vector<std::string> quasiIdentifiers;
    std::vector<std::string> sensitive;
    std::optional<int> maxLhs;
    std::optional<int> threads;
    std::string json;
    LoadFlags load;
};

void printDependencies(std::ostream& out, const core::DependencyResult& result, const core::EncodedTable& table,
                       core::ColumnSet quasiIdentifiers)
{
    const std::vector<std::string> names = table.columnNames();
    out << table.sourcePath << ": " << table.rowCount << " rows, " << result.examined.size() << " columns examined"
        << (result.maxLhs ? ", determinants of at most " + std::to_string(*result.maxLhs) + " columns" : "")
        << "\nQuasi-identifiers: " << core::describe(quasiIdentifiers, names) << "\n\n";
    std::size_t unsafe = 0;
    for (const core::FunctionalDependency& dependency : result.dependencies)
        unsafe += core::isSafe(dependency, quasiIdentifiers) ? 0U : 1U;
    out << "Minimal functional dependencies: " << result.dependencies.size() << " (" << unsafe << " unsafe)\n";
    for (const core::FunctionalDependency& dependency : result.dependencies)
        out << "  " << core::describe(dependency, names) << "  support: " << dependency.support
            << (core::isSafe(dependency, quasiIdentifiers) ? "" : "  UNSAFE") << "\n";
    out << "\nChecks: " << result.stats.checks << ", partitions: " << result.stats.partitions
        << fmt::format(", time: {:.3f} s\n", result.stats.seconds);
}

int runDependencies(const DependenciesOptions& options)
{
    const InterruptWatcher interrupt;
    if (const int status = checkOutputPaths({options.json}, {options.file}); status != exitOk)
        return status;
    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    const core::EncodedTable& table = *input.table;

    core::DependencyParameters parameters;
    parameters.maxLhs = options.maxLhs;
    parameters.threads = options.threads;
    core::ColumnSet quasiIdentifiers;
    try {
        parameters.columns = selectColumns(table, options.columns, {});
        const core::ColumnSet examined =
            parameters.columns.value_or(core::ColumnSet::firstN(static_cast<int>(table.columnCount())));
        const core::ColumnSet sensitive = columnSet(table, options.sensitive, "--sensitive");
        quasiIdentifiers = options.quasiIdentifiers.empty() ? examined.minus(sensitive)
                                                            : columnSet(table, options.quasiIdentifiers, "--qi");
    } catch (const UnknownColumnError& error) {
        std::cerr << "qiscout-cli dependencies: " << error.what() << '\n';
        return exitUsage;
    }

    core::DependencyResult result;
    try {
        setMemoryPhase("finding the dependencies among " + std::to_string(table.rowCount) + " rows");
        result = core::discoverDependencies(table, parameters, interrupt.token());
    } catch (const core::DependencyParameterError& error) {
        std::cerr << "qiscout-cli dependencies: " << error.what() << '\n';
        return exitUsage;
    }
    if (!result.complete) {
        std::cerr << "qiscout-cli: dependency discovery cancelled.\n";
        exitStopped();
    }

    const bool jsonToStdout = options.json == "-";
    printDependencies(jsonToStdout ? std::cerr : std::cout, result, table, quasiIdentifiers);
    if (options.json.empty())
        return exitOk;
    core::DependencyJsonContext context;
    context.sourcePath = table.sourcePath;
    context.rows = table.rowCount;
    context.columnNames = table.columnNames();
    context.quasiIdentifiers = quasiIdentifiers;
    context.loadSeconds = input.seconds;
    return writeJsonOutput(options.json, core::dependenciesToJson(result, context));
}

} // namespace

void addDependenciesCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<DependenciesOptions>();
    CLI::App* command = app.add_subcommand(
        "dependencies", "Find every minimal exact functional dependency A -> B, each marked safe or unsafe");
    command->add_option("file", options->file, "Delimited text file to examine")->required();
    command->add_option("--columns", options->columns, "Columns to examine, by name (default: all)")->delimiter(',');
    command->add_option("--max-lhs", options->maxLhs, "Largest determinant, in columns (default: no limit)")
        ->check(CLI::NonNegativeNumber);
    command
        ->add_option("--qi", options->quasiIdentifiers,
                     "The quasi-identifiers, generalised into QI-groups (default: the examined columns that are not "
                     "sensitive); a dependency is safe when its determinant lies within them")
        ->delimiter(',');
    command->add_option("--sensitive", options->sensitive, "Sensitive columns, by name")->delimiter(',');
    command->add_option("--threads", options->threads, "Worker threads (default: all cores)")->check(atLeastOne());
    command->add_option("--json", options->json, "Also write the dependencies as JSON to this file ('-' for stdout)");
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runDependencies(*options); }; });
}

} // namespace qiscout::cli
