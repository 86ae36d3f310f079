// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli bench-dependencies`: dependency discovery time for the README's figures (#18).
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/io/table_loader.h"

#include "command.h"

namespace qiscout::cli {
namespace {

struct BenchDependenciesArguments {
    std::vector<std::string> files;
    int maxLhs = 3;
    std::vector<int> threads{1, 2};
    int runs = 5;
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int runBenchDependencies(const BenchDependenciesArguments& arguments)
{
    std::cout << std::fixed << std::setprecision(3);
    std::cout << "| table | rows x columns | threads | median of " << arguments.runs
              << " (min, max) | dependencies with |A| <= " << arguments.maxLhs << " | checks | partitions |\n"
              << "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    for (const std::string& file : arguments.files) {
        core::EncodedTable table;
        try {
            table = core::loadTable(file);
        } catch (const core::LoadError& error) {
            std::cerr << "qiscout-cli: " << error.what() << '\n';
            return exitInputError;
        }
        // Every thread count runs once per round, side by side, so that load from other processes
        // falls on all of them alike.
        std::vector<std::vector<double>> seconds(arguments.threads.size());
        std::vector<core::DependencyResult> results(arguments.threads.size());
        for (int run = 0; run < arguments.runs; ++run) {
            for (std::size_t t = 0; t < arguments.threads.size(); ++t) {
                core::DependencyParameters parameters;
                parameters.maxLhs = arguments.maxLhs;
                parameters.threads = arguments.threads[t];
                const auto started = std::chrono::steady_clock::now();
                try {
                    results[t] = core::discoverDependencies(table, parameters);
                } catch (const core::DependencyParameterError& error) {
                    std::cerr << "qiscout-cli bench-dependencies: " << error.what() << '\n';
                    return exitUsage;
                }
                seconds[t].push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
            }
        }
        for (std::size_t t = 0; t < arguments.threads.size(); ++t) {
            const auto [low, high] = std::minmax_element(seconds[t].begin(), seconds[t].end());
            std::cout << "| " << file << " | " << table.rowCount << " x " << table.columnCount() << " | "
                      << arguments.threads[t] << " | " << median(seconds[t]) << " s (" << *low << ", " << *high
                      << ") | " << results[t].dependencies.size() << " | " << results[t].stats.checks << " | "
                      << results[t].stats.partitions << " |\n";
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
        ->check(CLI::PositiveNumber);
    command->add_option("--runs", arguments->runs, "Runs per thread count (default: 5)")->check(CLI::PositiveNumber);
    command->callback([arguments, &selected] { selected = [arguments] { return runBenchDependencies(*arguments); }; });
}

} // namespace qiscout::cli
