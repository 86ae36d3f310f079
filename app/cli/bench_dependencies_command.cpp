// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli bench-dependencies`: dependency discovery time for the README's figures (#18).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "qiscout/core/dependencies/dependency_discovery.h"

#include "command.h"
#include "flag_checks.h"
#include "process_usage.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct BenchDependenciesArguments {
    std::vector<std::string> files;
    int maxLhs = 3;
    std::vector<int> threads{1, 2};
    int runs = 5;
};

int runBenchDependencies(const BenchDependenciesArguments& arguments)
{
    fmt::print(
        "| table | rows x columns | threads | median of {} (min, max) | CPU, median | dependencies with |A| <= {} "
        "| checks | partitions |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
        arguments.runs, arguments.maxLhs);
    for (const std::string& file : arguments.files) {
        const TableInput input = loadTableInput(file, LoadFlags{}, {});
        if (!input.table)
            return input.exitCode;
        const core::EncodedTable& table = *input.table;
        // Every thread count runs once per round, side by side, so that load from other processes
        // falls on all of them alike.
        std::vector<std::vector<double>> seconds(arguments.threads.size());
        std::vector<std::vector<double>> cpuSeconds(arguments.threads.size());
        std::vector<core::DependencyResult> results(arguments.threads.size());
        for (int run = 0; run < arguments.runs; ++run) {
            for (std::size_t t = 0; t < arguments.threads.size(); ++t) {
                core::DependencyParameters parameters;
                parameters.maxLhs = arguments.maxLhs;
                parameters.threads = arguments.threads[t];
                const auto started = std::chrono::steady_clock::now();
                const double cpuBefore = processCpuSeconds();
                try {
                    results[t] = core::discoverDependencies(table, parameters);
                } catch (const core::DependencyParameterError& error) {
                    std::cerr << "qiscout-cli bench-dependencies: " << error.what() << '\n';
                    return exitUsage;
                }
                seconds[t].push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
                cpuSeconds[t].push_back(processCpuSeconds() - cpuBefore);
            }
        }
        for (std::size_t t = 0; t < arguments.threads.size(); ++t) {
            const auto [low, high] = std::minmax_element(seconds[t].begin(), seconds[t].end());
            fmt::print("| {} | {} x {} | {} | {:.3f} s ({:.3f}, {:.3f}) | {:.3f} s | {} | {} | {} |\n", file,
                       table.rowCount, table.columnCount(), arguments.threads[t], median(seconds[t]), *low, *high,
                       median(cpuSeconds[t]), results[t].dependencies.size(), results[t].stats.checks,
                       results[t].stats.partitions);
        }
    }
    return exitOk;
}

} // namespace

void addBenchDependenciesCommand(CLI::App& app, Command& selected)
{
    auto arguments = std::make_shared<BenchDependenciesArguments>();
    CLI::App* command = app.add_subcommand("bench-dependencies",
                                           "Time dependency discovery (medians of several runs per thread count)");
    command->add_option("files", arguments->files, "Delimited text files")->required();
    command->add_option("--max-lhs", arguments->maxLhs, "Largest determinant (default: 3)")
        ->check(CLI::NonNegativeNumber);
    command->add_option("--threads", arguments->threads, "Thread counts to compare (default: 1,2)")
        ->delimiter(',')
        ->check(atLeastOne());
    command->add_option("--runs", arguments->runs, "Runs per thread count (default: 5)")->check(atLeastOne());
    command->callback([arguments, &selected] { selected = [arguments] { return runBenchDependencies(*arguments); }; });
}

} // namespace qiscout::cli
