// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli bench-anonymize (#13): times the anonymisation search over a grid of k, suppression
// limits, metrics and thread counts on one loaded table, optionally repeated to a larger one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/engines/search_parameters.h"

#include "command.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "load_flags.h"
#include "process_usage.h"
#include "protection_flags.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct BenchAnonymizeOptions {
    std::string file;
    std::vector<std::uint64_t> ks{2, 5, 10};
    std::vector<double> suppressions{0.0, 0.02};
    std::vector<core::UtilityMetric> metrics{core::UtilityMetric::Precision, core::UtilityMetric::Discernibility,
                                             core::UtilityMetric::Loss};
    std::vector<int> threads;
    int repeat = 5;
    std::uint32_t repeatRows = 1;
    bool frontier = false;
    ProtectionFlags protection;
    LoadFlags load;
};

/// The table with its rows repeated `times` times, codes and dictionaries shared in meaning.
core::EncodedTable repeated(const core::EncodedTable& table, std::uint32_t times)
{
    core::EncodedTable result = table;
    result.rowCount = table.rowCount * times;
    for (core::EncodedColumn& column : result.columns) {
        const std::vector<std::uint32_t> once = column.codes;
        column.codes.reserve(result.rowCount);
        for (std::uint32_t copy = 1; copy < times; ++copy)
            column.codes.insert(column.codes.end(), once.begin(), once.end());
        for (std::uint32_t& frequency : column.frequencies)
            frequency *= times;
    }
    return result;
}

std::string levelsText(const core::Transformation& transformation)
{
    std::string text;
    for (const int level : transformation.levels)
        text += (text.empty() ? "" : ",") + std::to_string(level);
    return text;
}

int runBenchAnonymize(const BenchAnonymizeOptions& options)
{
    const InterruptWatcher interrupt;
    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    core::EncodedTable table = std::move(*input.table);
    const double loadSeconds = input.seconds;
    TableInput subsetInput = loadOptionalTableInput(options.protection.subsetFile(), options.load, interrupt.token());
    if (subsetInput.exitCode != exitOk)
        return subsetInput.exitCode;
    std::optional<core::EncodedTable>& subset = subsetInput.table;
    if (options.repeatRows > 1) {
        if (std::uint64_t{table.rowCount} * options.repeatRows > UINT32_MAX) {
            std::cerr << "qiscout-cli bench-anonymize: the repeated table would exceed 2^32 rows.\n";
            return exitUsage;
        }
        table = repeated(table, options.repeatRows);
        if (subset)
            subset = repeated(*subset, options.repeatRows);
    }
    std::vector<std::optional<int>> threadCounts(options.threads.begin(), options.threads.end());
    if (threadCounts.empty())
        threadCounts.emplace_back();

    fmt::print("{}: {} rows x {} columns (rows repeated {} times, k scaled by {}), loaded in {:.3f} s, "
               "peak RSS {:.0f} MiB, {} runs each\n",
               table.sourcePath, table.rowCount, table.columnCount(), options.repeatRows, options.repeatRows,
               loadSeconds, peakRssMiB(), options.repeat);
    fmt::print("{:>8} {:>11} {:<15} {:>7} {:>11} {:>11} {:>9} {:>8} {:>8} {:>12} {:>10}  {}\n", "k", "suppression",
               "metric", "threads", "median ms", "min ms", "cpu ms", "checked", "tagged", "value", "suppressed",
               "levels");
    for (const std::uint64_t baseK : options.ks) {
        const std::uint64_t k = baseK * options.repeatRows;
        for (const double suppression : options.suppressions) {
            for (const core::UtilityMetric metric : options.metrics) {
                for (const std::optional<int>& threads : threadCounts) {
                    core::AnonymizationParameters parameters;
                    try {
                        parameters = options.protection.parameters(table, k, suppression, metric, threads,
                                                                   subset ? &*subset : nullptr);
                        parameters.fullFrontier = options.frontier;
                    } catch (const core::HierarchyError& error) {
                        std::cerr << "qiscout-cli: " << error.what() << '\n';
                        return exitInputError;
                    } catch (const std::invalid_argument& error) {
                        std::cerr << "qiscout-cli bench-anonymize: " << error.what() << '\n';
                        return exitUsage;
                    }
                    std::vector<double> wall;
                    std::vector<double> cpu;
                    core::AnonymizationResult result;
                    for (int run = 0; run < options.repeat; ++run) {
                        core::NullAnonymizationObserver quiet;
                        const double cpuBefore = processCpuSeconds();
                        try {
                            result = core::runAnonymization(table, parameters, interrupt.token(), quiet);
                        } catch (const std::exception& error) {
                            std::cerr << "qiscout-cli bench-anonymize: " << error.what() << '\n';
                            return exitUsage;
                        }
                        cpu.push_back(processCpuSeconds() - cpuBefore);
                        wall.push_back(result.stats.searchSeconds);
                        if (!result.complete) {
                            std::cerr << "qiscout-cli: benchmark cancelled.\n";
                            exitStopped();
                        }
                    }
                    fmt::print(
                        "{:>8} {:>11} {:<15} {:>7} {:>11.2f} {:>11.2f} {:>9.2f} {:>8} {:>8} {:>12.6g} {:>10}  {}\n", k,
                        suppression, core::nameIn(core::utilityMetricNames, metric), result.threads, median(wall) * 1e3,
                        *std::min_element(wall.begin(), wall.end()) * 1e3, median(cpu) * 1e3, result.stats.checked,
                        result.stats.taggedAcceptable + result.stats.taggedUnacceptable,
                        result.optimum ? result.optimum->value : 0.0,
                        result.optimum ? result.optimum->suppressedRows : 0,
                        result.optimum ? levelsText(result.optimum->transformation) : "none");
                    std::fflush(stdout);
                }
            }
        }
    }
    fmt::print("peak RSS {:.0f} MiB\n", peakRssMiB());
    return exitOk;
}

} // namespace

void addBenchAnonymizeCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<BenchAnonymizeOptions>();
    CLI::App* command =
        app.add_subcommand("bench-anonymize", "Time the anonymisation search over k, suppression, metrics and threads");
    command->add_option("file", options->file, "Delimited text file")->required();
    options->protection.addTo(*command);
    command->add_option("--k", options->ks, "Values of k, comma-separated (default: 2,5,10)")
        ->delimiter(',')
        ->check(CLI::Range(std::uint64_t{1}, core::maxK));
    command->add_option("--suppression", options->suppressions, "Suppression limits, comma-separated (default: 0,0.02)")
        ->delimiter(',')
        ->check(CLI::Range(0.0, 1.0));
    command
        ->add_option(
            "--metric", options->metrics,
            "Metrics, comma-separated (default: precision,discernibility,loss; also dm-star, non-uniform-entropy, "
            "entropy-monotonic, entropy-non-monotonic, aecs)")
        ->delimiter(',')
        ->transform(oneOf(core::utilityMetricNames));
    command->add_option("--threads", options->threads, "Thread counts, comma-separated (default: all cores)")
        ->delimiter(',')
        ->check(atLeastOne());
    command->add_option("--repeat", options->repeat, "Runs per configuration; the median is reported (default: 5)")
        ->check(atLeastOne());
    command
        ->add_option("--repeat-rows", options->repeatRows,
                     "Repeat the table's rows this many times in memory and scale k by it (default: 1)")
        ->check(atLeastOne());
    command->add_flag("--frontier", options->frontier,
                      "Also find every minimal acceptable transformation, as anonymize --frontier does");
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runBenchAnonymize(*options); }; });
}

} // namespace qiscout::cli
