// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli bench: loads a table once and times the search engines side by side on it.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_parameters.h"

#include "column_selection.h"
#include "command.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "load_flags.h"
#include "process_usage.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct BenchOptions {
    std::string file;
    std::vector<std::uint64_t> ks{1};
    std::vector<core::Algorithm> algorithms{core::Algorithm::Fpvi, core::Algorithm::Mtui};
    std::vector<int> threads;
    int repeat = 5;
    std::optional<std::uint32_t> batchSize;
    std::optional<int> maxSize;
    std::vector<std::string> columns;
    std::vector<std::string> exclude;
    core::MissingSemantics missingSemantics = core::MissingSemantics::Value;
    bool observer = false;
    LoadFlags load;
};

// Does what a real observer must do with every event (look at it) and no more, so that the
// difference to NullObserver is the engine's own cost of reporting.
class CountingObserver final : public core::SearchObserver {
public:
    void eventsReported(std::span<const core::NodeEvent> events, const core::SearchCounters& counters) override
    {
        for (const core::NodeEvent& event : events)
            ++m_byKind[static_cast<std::size_t>(event.kind)];
        m_rows = counters.rowsScanned;
    }

private:
    std::array<std::uint64_t, 4> m_byKind{};
    std::uint64_t m_rows = 0;
};

int runBench(const BenchOptions& options)
{
    const InterruptWatcher interrupt;
    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    core::EncodedTable table = std::move(*input.table);
    const double loadSeconds = input.seconds;

    core::SearchParameters base;
    base.batchSize = options.batchSize;
    base.maxSetSize = options.maxSize;
    base.missingSemantics = options.missingSemantics;
    try {
        base.columns = selectColumns(table, options.columns, options.exclude);
    } catch (const UnknownColumnError& error) {
        std::cerr << "qiscout-cli bench: " << error.what() << '\n';
        return exitUsage;
    }
    std::vector<std::optional<int>> threadCounts(options.threads.begin(), options.threads.end());
    if (threadCounts.empty())
        threadCounts.emplace_back();

    fmt::print("{}: {} rows x {} columns, loaded in {:.3f} s, peak RSS after load {:.0f} MiB, {} runs each, missing "
               "cells as {}\n",
               table.sourcePath, table.rowCount, table.columnCount(), loadSeconds, peakRssMiB(), options.repeat,
               core::toString(options.missingSemantics));
    fmt::print("{:<6} {:>6} {:>7} {:>6} {:>11} {:>11} {:>9} {:>11} {:>9} {:>10} {:>14} {:>8} {:>8} {:>9}\n", "engine",
               "k", "threads", "batch", "median s", "min s", "cpu s", "observed s", "overhead", "sets", "rows scanned",
               "minimal", "maximal", "peak MiB");
    for (const std::uint64_t k : options.ks) {
        std::map<std::string, std::vector<core::MinimalSet>> answers;
        for (const std::optional<int>& threads : threadCounts) {
            for (const core::Algorithm algorithm : options.algorithms) {
                const std::string name = core::toString(algorithm);
                core::SearchParameters parameters = base;
                parameters.k = k;
                parameters.threads = threads;
                std::vector<double> quietSeconds;
                std::vector<double> observedSeconds;
                std::vector<double> cpuSeconds;
                core::SearchResult result;
                try {
                    for (int run = 0; run < options.repeat; ++run) {
                        core::NullObserver quiet;
                        const double cpuBefore = processCpuSeconds();
                        result = core::runSearch(table, parameters, algorithm, interrupt.token(), quiet);
                        cpuSeconds.push_back(processCpuSeconds() - cpuBefore);
                        quietSeconds.push_back(result.stats.searchSeconds);
                        if (options.observer) {
                            CountingObserver counting;
                            const core::SearchResult observed =
                                core::runSearch(table, parameters, algorithm, interrupt.token(), counting);
                            observedSeconds.push_back(observed.stats.searchSeconds);
                        }
                        if (!result.complete)
                            break;
                    }
                } catch (const core::SearchParameterError& error) {
                    fmt::print("{:<6} {:>6}  skipped: {}\n", name, k, error.what());
                    continue;
                }
                if (!result.complete) {
                    std::cerr << "qiscout-cli: benchmark cancelled.\n";
                    exitStopped();
                }
                const double quiet = median(quietSeconds);
                const double observed = options.observer ? median(observedSeconds) : 0.0;
                const std::string overhead =
                    options.observer ? fmt::format("{}%", static_cast<int>((observed / quiet - 1.0) * 100.0)) : "-";
                fmt::print(
                    "{:<6} {:>6} {:>7} {:>6} {:>11.4f} {:>11.4f} {:>9.3f} {:>11.4f} {:>9} {:>10} {:>14} {:>8} {:>8} "
                    "{:>9.0f}\n",
                    name, k, result.threads, result.batchSize, quiet,
                    *std::min_element(quietSeconds.begin(), quietSeconds.end()), median(cpuSeconds), observed, overhead,
                    result.stats.setsEvaluated, result.stats.rowsScanned, result.minimalSets.size(),
                    result.maximalSafeSets.size(), peakRssMiB());
                std::fflush(stdout);
                answers[name] = result.minimalSets;
            }
        }
        for (const auto& [name, answer] : answers)
            if (answer != answers.begin()->second)
                fmt::print("WARNING: {} and {} disagree for k = {}\n", name, answers.begin()->first, k);
    }
    return exitOk;
}

} // namespace

void addBenchCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<BenchOptions>();
    CLI::App* command = app.add_subcommand("bench", "Time the search engines side by side on one loaded table");
    command->add_option("file", options->file, sourceHelp)->required();
    command->add_option("--k", options->ks, "Values of k, comma-separated (default: 1)")
        ->delimiter(',')
        ->check(CLI::Range(std::uint64_t{1}, core::maxK));
    command->add_option("--algorithms", options->algorithms, "Engines, comma-separated (default: fpvi,mtui)")
        ->delimiter(',')
        ->transform(oneOf(core::algorithmNames));
    command->add_option("--threads", options->threads, "Thread counts, comma-separated (default: all cores)")
        ->delimiter(',')
        ->check(atLeastOne());
    command->add_option("--repeat", options->repeat, "Runs per engine; the median is reported (default: 5)")
        ->check(atLeastOne());
    command->add_option("--batch-size", options->batchSize, "Rows per FPVI task")->check(atLeastOne());
    command->add_option("--max-size", options->maxSize, "Largest column set to evaluate")->check(atLeastOne());
    command->add_option("--columns", options->columns, "Columns to search, by name (default: all)")->delimiter(',');
    command->add_option("--exclude", options->exclude, "Columns not to search, by name")->delimiter(',');
    command
        ->add_option("--missing-semantics", options->missingSemantics, "How a missing cell matches: value or wildcard")
        ->transform(oneOf(core::missingSemanticsNames));
    command->add_flag("--observer", options->observer,
                      "Also time every run with a counting observer attached and report the overhead");
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runBench(*options); }; });
}

} // namespace qiscout::cli
