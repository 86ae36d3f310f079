// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli bench-risk (#16): times the record-level risk assessment (SUDA2, DIS-SUDA, sample and
// population risk) on the first columns of each table, per thread count, for the README's figures.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "qiscout/core/risk/risk_assessment.h"

#include "command.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "load_flags.h"
#include "markdown_table.h"
#include "process_usage.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct BenchRiskOptions {
    std::vector<std::string> files;
    int columns = 8;
    std::vector<int> threads{1, 2};
    int repeat = 5;
    core::SudaScoring scoring = core::SudaScoring::Elliot;
    std::optional<int> maxMsuSize;
    LoadFlags load;
};

int runBenchRisk(const BenchRiskOptions& options)
{
    const InterruptWatcher interrupt;
    printMarkdownHeader({{"file", false},
                         {"rows"},
                         {"keys"},
                         {"threads"},
                         {"MSUs"},
                         {"median s"},
                         {"min s"},
                         {"cpu s"},
                         {"SUDA cpu s"},
                         {"RSS MiB"}});
    for (const std::string& file : options.files) {
        TableInput input = loadTableInput(file, options.load, interrupt.token());
        if (!input.table)
            return input.exitCode;
        const core::EncodedTable& table = *input.table;
        const int keys = std::min(options.columns, static_cast<int>(table.columnCount()));
        for (const int threads : options.threads) {
            core::RiskParameters parameters;
            parameters.keyColumns = core::ColumnSet::firstN(keys);
            parameters.threads = threads;
            parameters.scoring = options.scoring;
            parameters.maxMsuSize = options.maxMsuSize;
            std::vector<double> wall;
            std::vector<double> cpu;
            std::vector<double> sudaCpu;
            std::uint64_t msus = 0;
            for (int run = 0; run < options.repeat; ++run) {
                const double cpuBefore = processCpuSeconds();
                core::RiskAssessment risk;
                try {
                    risk = core::assessRisk(table, parameters, interrupt.token());
                } catch (const core::RiskParameterError& error) {
                    std::cerr << "qiscout-cli bench-risk: " << error.what() << '\n';
                    return exitUsage;
                }
                cpu.push_back(processCpuSeconds() - cpuBefore);
                if (!risk.complete) {
                    std::cerr << "qiscout-cli: benchmark cancelled.\n";
                    exitStopped();
                }
                wall.push_back(risk.seconds);
                sudaCpu.push_back(risk.sudaCpuSeconds);
                msus = std::accumulate(risk.suda.msusBySize.begin(), risk.suda.msusBySize.end(), std::uint64_t{0});
            }
            printMarkdownRow(
                {std::filesystem::path(file).filename().string(), fmt::to_string(table.rowCount), fmt::to_string(keys),
                 fmt::to_string(threads), fmt::to_string(msus), fmt::format("{:.4f}", median(wall)),
                 fmt::format("{:.4f}", *std::min_element(wall.begin(), wall.end())), fmt::format("{:.4f}", median(cpu)),
                 fmt::format("{:.4f}", median(sudaCpu)), fmt::format("{:.0f}", peakRssMiB())});
        }
    }
    return exitOk;
}

} // namespace

void addBenchRiskCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<BenchRiskOptions>();
    CLI::App* command = app.add_subcommand(
        "bench-risk",
        "Time the record-level risk assessment (SUDA scores, population risk) per table and thread count");
    command->add_option("files", options->files, "Tables to assess")->required();
    command->add_option("--columns", options->columns, "Key columns: the first N columns of each table (default: 8)")
        ->check(atLeastOne());
    command->add_option("--threads", options->threads, "Thread counts, comma-separated (default: 1,2)")
        ->delimiter(',')
        ->check(atLeastOne());
    command
        ->add_option("--repeat", options->repeat,
                     "Runs per table and thread count; the median is reported (default: 5)")
        ->check(atLeastOne());
    command->add_option("--scoring", options->scoring, "SUDA weights: elliot (default) or ihsn")
        ->transform(oneOf(core::sudaScoringNames));
    command
        ->add_option("--max-msu-size", options->maxMsuSize,
                     "Largest MSU counted, in key columns (default: all key columns, as sdcMicro's suda2)")
        ->check(atLeastOne());
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runBenchRisk(*options); }; });
}

} // namespace qiscout::cli
