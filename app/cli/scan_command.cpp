// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli scan: finds the quasi-identifiers of one table and reports them as text and JSON.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/io/output/atomic_file_writer.h"

#include "column_selection.h"
#include "command.h"
#include "failed_allocation.h"
#include "interrupt.h"
#include "load_flags.h"
#include "output_files.h"
#include "progress_printer.h"
#include "report_option.h"
#include "scan_output.h"
#include "search_flags.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

struct ScanOptions {
    std::string file;
    SearchFlags search;
    std::string json;
    ReportRequest report;
    LoadFlags load;
};

int runScan(const ScanOptions& options)
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

    core::SearchParameters parameters;
    try {
        parameters = options.search.parameters(table);
    } catch (const UnknownColumnError& error) {
        std::cerr << "qiscout-cli scan: " << error.what() << '\n';
        return exitUsage;
    }

    const bool showProgress = isatty(STDERR_FILENO) != 0;
    ProgressPrinter progress;
    core::NullObserver quiet;
    core::SearchResult result;
    try {
        result = core::runSearch(table, parameters, options.search.algorithm(), interrupt.token(),
                                 showProgress ? static_cast<core::SearchObserver&>(progress) : quiet);
    } catch (const core::SearchParameterError& error) {
        progress.finish();
        std::cerr << "qiscout-cli scan: " << error.what() << '\n';
        return exitUsage;
    }
    progress.finish();
    if (result.complete)
        setMemoryPhase("measuring the risk of all the columns together");
    result.allColumns = core::allColumnsRisk(table, result, interrupt.token());
    if (!result.complete || !result.allColumns) {
        std::cerr << "qiscout-cli: search cancelled after " << result.stats.setsEvaluated << " sets.\n";
        exitStopped();
    }

    const bool jsonToStdout = options.json == "-";
    printScanSummary(jsonToStdout ? std::cerr : std::cout, result, table, loadSeconds);
    // Every file is made ready first and put in place at the end, so a stop or a failure on the
    // way leaves all of them as they were (#19).
    OutputFiles outputs(interrupt.token());
    if (!options.json.empty()) {
        if (!outputs.prepareJson(options.json, scanJson(result, table, parameters, loadSeconds)))
            return exitInputError;
    }
    int status = exitOk;
    if (!options.report.outputs.empty()) {
        core::ReportInput report;
        report.roles.assign(table.columnCount(), core::ColumnRole::Ignored);
        for (const int column : result.searchedColumns.columns())
            report.roles[static_cast<std::size_t>(column)] = core::ColumnRole::QuasiIdentifier;
        report.parameters = parameters;
        report.requestedAlgorithm = options.search.algorithm();
        report.result = std::move(result);
        report.loadSeconds = loadSeconds;
        report.table = std::make_shared<const core::EncodedTable>(std::move(table));
        setMemoryPhase("writing the report");
        status = prepareReports(options.report, report, outputs, interrupt.token());
    }
    return outputs.commit() ? status : exitInputError;
}

} // namespace

void addScanCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<ScanOptions>();
    CLI::App* command = app.add_subcommand("scan", "Find the quasi-identifiers (minimal vulnerable column sets)");
    command->add_option("file", options->file, sourceHelp)->required();
    options->search.addTo(*command);
    command->add_option("--json", options->json, "Also write the result as JSON to this file ('-' for stdout)");
    addReportOptions(*command, options->report);
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runScan(*options); }; });
}

} // namespace qiscout::cli
