// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli risk: record-level and population risk of one table on its key columns (#16).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/report/risk_json.h"
#include "qiscout/core/risk/risk_assessment.h"

#include "column_selection.h"
#include "command.h"
#include "failed_allocation.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "json_output.h"
#include "load_flags.h"
#include "output_files.h"
#include "report_option.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct RiskOptions {
    std::string file;
    std::vector<std::string> columns;
    std::uint64_t k = 1;
    double samplingFraction = 0.01;
    std::string weight;
    core::SudaScoring scoring = core::SudaScoring::Elliot;
    std::optional<int> maxMsuSize;
    std::optional<int> threads;
    std::string json;
    ReportRequest report;
    LoadFlags load;
};

std::string percent(double share)
{
    return fmt::format("{:.3g} %", 100 * share);
}

std::string percentOrNone(std::optional<double> share)
{
    return share ? percent(*share) : std::string("no estimate");
}

void printSummary(std::FILE* out, const core::RiskAssessment& risk, const core::EncodedTable& table, double loadSeconds)
{
    const std::vector<std::string> names = table.columnNames();
    const auto nameOf = [&names](int column) { return names[static_cast<std::size_t>(column)]; };
    const double rows = std::max<double>(1, risk.rowCount);
    std::vector<std::string> keys;
    for (const int column : risk.keyColumns)
        keys.push_back(nameOf(column));
    fmt::print(out, "{}: {} rows, key columns: {}\nsampling fraction {:.6g}, k = {}{}\nmissing cells: {}: {}\n\n",
               table.sourcePath, risk.rowCount, fmt::join(keys, " "), risk.samplingFraction, risk.k,
               risk.weightColumn ? ", weights from " + nameOf(*risk.weightColumn) : std::string(),
               core::toString(core::riskMissingSemantics), core::missingSemanticsMeaning(core::riskMissingSemantics));
    fmt::print(out,
               "Sample\n  classes: {}, sample uniques: {} ({})\n  records at risk (class of at most {} rows): {} ({})\n"
               "  prosecutor risk: highest {:.6g}, average {:.6g}; marketer risk {:.6g}\n",
               risk.sample.classes, risk.sample.sampleUniques,
               percent(static_cast<double>(risk.sample.sampleUniques) / rows), risk.k, risk.sample.recordsAtRisk,
               percent(static_cast<double>(risk.sample.recordsAtRisk) / rows), risk.sample.highestProsecutorRisk,
               risk.sample.averageProsecutorRisk, risk.sample.marketerRisk);
    fmt::print(out, "  individual risk ({}): global risk {:.6g}, expected re-identifications {:.6g}\n",
               risk.weightColumn ? "Benedetti-Franconi" : "1 / f_k", risk.global.risk,
               risk.global.expectedReidentifications);

    const core::PopulationUniqueness& population = risk.population;
    fmt::print(out,
               "\nPopulation uniques (share of {:.6g} people)\n  Pitman {}, Zayatz {}, SNB {}\n  Dankar's rule{}: {}\n",
               population.populationSize, percentOrNone(population.pitman), percentOrNone(population.zayatz),
               percentOrNone(population.snb),
               population.dankarModel ? fmt::format(" ({})", core::toString(*population.dankarModel)) : std::string(),
               percentOrNone(population.dankar));

    std::vector<std::string> bySize;
    for (std::size_t size = 0; size < risk.suda.msusBySize.size(); ++size)
        bySize.push_back(fmt::format("{}: {}", size + 1, risk.suda.msusBySize[size]));
    std::vector<std::string> contributions;
    for (std::size_t key = 0; key < risk.keyColumns.size(); ++key)
        contributions.push_back(nameOf(risk.keyColumns[key]) + " " +
                                percent(risk.suda.attributeContributions[key] / 100));
    fmt::print(out, "\nSUDA ({} scores, M = {})\n  minimal sample uniques by size: {}\n  attribute contributions: {}\n",
               core::toString(risk.scoring), risk.suda.scoredColumns, fmt::join(bySize, " "),
               fmt::join(contributions, " "));
    if (risk.suda.maxMsuSize)
        fmt::print(out,
                   "  MSUs of more than {} key columns were not searched: each SUDA score is a lower bound of the "
                   "unbounded one (DIS-SUDA scores and contributions are no bounds)\n",
                   *risk.suda.maxMsuSize);
    fmt::print(out, "  riskiest records (row: SUDA score, DIS-SUDA score, column contributing most):\n");
    for (const std::uint32_t row : risk.riskiestRows(5)) {
        if (risk.sudaScores[row] <= 0)
            break;
        const std::optional<std::size_t> top = risk.topContributor(row);
        fmt::print(out, "    {}: {:.6g}, {:.6g}, {}\n", row + 1, risk.sudaScores[row], risk.disSudaScores[row],
                   top ? nameOf(risk.keyColumns[*top]) : std::string("-"));
    }
    fmt::print(out, "\nassessment: {:.3f} s, load: {:.3f} s\n", risk.seconds, loadSeconds);
}

// A column named on the command line; unset and a message when the table has none of that name.
std::optional<int> columnNamed(const core::EncodedTable& table, const std::string& name)
{
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        if (table.columns[column].name == name)
            return static_cast<int>(column);
    std::cerr << "qiscout-cli risk: no column is named '" << name << "' in " << table.sourcePath << ".\n";
    return std::nullopt;
}

// The quasi-identifier search on the key columns that the report presents next to the risks.
std::optional<core::SearchResult> searchKeyColumns(const core::EncodedTable& table, const core::RiskAssessment& risk,
                                                   const RiskOptions& options, std::stop_token stop,
                                                   core::SearchParameters& parameters)
{
    parameters.k = options.k;
    parameters.threads = options.threads;
    core::ColumnSet keys;
    for (const int column : risk.keyColumns)
        keys = keys.with(column);
    parameters.columns = keys;
    core::NullObserver quiet;
    core::SearchResult result = core::runSearch(table, parameters, core::Algorithm::Auto, std::move(stop), quiet);
    if (!result.complete)
        return std::nullopt;
    return result;
}

int runRisk(const RiskOptions& options)
{
    // Before any other thread exists, so that none of them receives SIGINT/SIGTERM.
    const InterruptWatcher interrupt;
    std::vector<std::string> outputPaths = options.report.outputs;
    outputPaths.push_back(options.json);
    if (const int status = checkOutputPaths(outputPaths, {options.file}); status != exitOk)
        return status;

    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    core::EncodedTable table = std::move(*input.table);
    const double loadSeconds = input.seconds;

    core::RiskParameters parameters;
    parameters.k = options.k;
    parameters.samplingFraction = options.samplingFraction;
    parameters.scoring = options.scoring;
    parameters.maxMsuSize = options.maxMsuSize;
    parameters.threads = options.threads;
    if (!options.weight.empty()) {
        parameters.weightColumn = columnNamed(table, options.weight);
        if (!parameters.weightColumn)
            return exitUsage;
    }
    try {
        const std::optional<core::ColumnSet> chosen = selectColumns(table, options.columns, {});
        parameters.keyColumns = chosen.value_or(
            core::ColumnSet::firstN(static_cast<int>(std::min<std::size_t>(table.columnCount(), core::maxKeyColumns))));
    } catch (const UnknownColumnError& error) {
        std::cerr << "qiscout-cli risk: " << error.what() << '\n';
        return exitUsage;
    }
    // By default every column is a key column except the weights.
    if (options.columns.empty() && parameters.weightColumn)
        parameters.keyColumns = parameters.keyColumns.without(*parameters.weightColumn);

    // A live count of the items searched for minimal sample uniques, on a terminal only.
    core::RiskProgress progress;
    std::jthread progressLine;
    if (isatty(STDERR_FILENO) != 0)
        progressLine = std::jthread([&progress](std::stop_token stop) {
            bool printed = false;
            while (!stop.stop_requested()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(250));
                if (const std::uint64_t total = progress.total.load(); total > 0) {
                    fmt::print(stderr, "\rSUDA: {} of {} items searched", progress.done.load(), total);
                    printed = true;
                }
            }
            if (printed)
                fmt::print(stderr, "\r\033[K");
        });
    const auto stopProgress = [&progressLine] {
        if (progressLine.joinable()) {
            progressLine.request_stop();
            progressLine.join();
        }
    };
    core::RiskAssessment risk;
    setMemoryPhase("measuring the record risk of " + std::to_string(table.rowCount) + " rows");
    try {
        risk = core::assessRisk(table, parameters, interrupt.token(), &progress);
    } catch (const core::RiskParameterError& error) {
        stopProgress();
        std::cerr << "qiscout-cli risk: " << error.what() << '\n';
        return exitUsage;
    }
    stopProgress();
    if (!risk.complete) {
        std::cerr << "qiscout-cli: risk assessment cancelled.\n";
        exitStopped();
    }

    const bool jsonToStdout = options.json == "-";
    printSummary(jsonToStdout ? stderr : stdout, risk, table, loadSeconds);
    std::fflush(jsonToStdout ? stderr : stdout);
    std::string json;
    if (!options.json.empty()) {
        setMemoryPhase("writing the risk of " + std::to_string(table.rowCount) + " records as JSON");
        json = core::riskToJson(risk, {table.columnNames(), table.sourcePath, loadSeconds}, interrupt.token());
    }
    if (options.report.outputs.empty())
        return options.json.empty() ? exitOk : writeJsonOutput(options.json, json, interrupt.token());

    core::ReportInput report;
    setMemoryPhase("searching the key columns for the report");
    std::optional<core::SearchResult> search =
        searchKeyColumns(table, risk, options, interrupt.token(), report.parameters);
    if (!search) {
        std::cerr << "qiscout-cli: search cancelled.\n";
        exitStopped();
    }
    report.roles.assign(table.columnCount(), core::ColumnRole::Ignored);
    for (const int column : risk.keyColumns)
        report.roles[static_cast<std::size_t>(column)] = core::ColumnRole::QuasiIdentifier;
    if (risk.weightColumn)
        report.roles[static_cast<std::size_t>(*risk.weightColumn)] = core::ColumnRole::Weight;
    report.result = std::move(*search);
    report.loadSeconds = loadSeconds;
    report.risk = std::make_shared<const core::RiskAssessment>(std::move(risk));
    report.table = std::make_shared<const core::EncodedTable>(std::move(table));
    setMemoryPhase("writing the report");
    const int reportStatus = writeReports(options.report, report, interrupt.token());
    if (reportStatus != exitOk || options.json.empty())
        return reportStatus;
    // The reports are in place, so a stop from here on would leave some outputs new and the JSON
    // old: the JSON, built already, is written whatever comes (a stop exits 4 only with every
    // output as it was).
    return writeJsonOutput(options.json, json, {});
}

} // namespace

void addRiskCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<RiskOptions>();
    CLI::App* command =
        app.add_subcommand("risk", "Measure each record's risk (SUDA, individual risk) and population uniqueness");
    command->add_option("file", options->file, "Delimited text file to assess")->required();
    command
        ->add_option("--columns", options->columns,
                     "Key columns an intruder may know, by name (default: all but the weight column)")
        ->delimiter(',');
    command
        ->add_option(
            "--k", options->k,
            "A record is at risk when its group has at most k rows (k = 1: unique records; 1..2^31), as in scan. "
            "Not k-anonymity's k: --k 5 here asks for what anonymize --k 6 gives")
        ->check(CLI::Range(std::uint64_t{1}, core::maxK));
    command
        ->add_option("--sampling-fraction", options->samplingFraction,
                     "Share of the population the table holds, in (0, 1] (default: 0.01)")
        ->check(CLI::Range(0.0, 1.0));
    command->add_option("--weight", options->weight, "Column holding each record's sampling weight");
    command->add_option("--scoring", options->scoring, "SUDA scores: elliot (sdcMicro's default) or ihsn")
        ->transform(oneOf(core::sudaScoringNames));
    command
        ->add_option("--max-msu-size", options->maxMsuSize,
                     "Search minimal sample uniques of at most this many key columns (default: every size). "
                     "Keeps many key columns tractable; the SUDA scores are then lower bounds")
        ->check(atLeastOne());
    command->add_option("--threads", options->threads, "Worker threads (default: all cores)")->check(atLeastOne());
    command->add_option("--json", options->json, "Also write the result as JSON to this file ('-' for stdout)");
    addReportOptions(*command, options->report);
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runRisk(*options); }; });
}

} // namespace qiscout::cli
