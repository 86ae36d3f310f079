// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli scan: finds the quasi-identifiers of one table and reports them as text and JSON.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/report/headline.h"
#include "qiscout/core/report/result_json.h"

#include "column_selection.h"
#include "command.h"
#include "failed_allocation.h"
#include "interrupt.h"
#include "load_flags.h"
#include "output_files.h"
#include "progress_printer.h"
#include "report_option.h"
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

// The lines of the set lists, gathered in a buffer written a megabyte at a time: a wide table's
// lists run to half a million lines, which the stream took a few pieces at a time.
class SetLines {
public:
    explicit SetLines(std::ostream& out) : m_out(out) {}
    SetLines(const SetLines&) = delete;
    SetLines& operator=(const SetLines&) = delete;
    ~SetLines() { flush(); }

    /// The buffer, with the next line begun: its indent and the set; the caller ends the line.
    std::string& start(const core::ColumnSet& set, const std::vector<std::string>& names)
    {
        if (m_buffer.size() >= flushBytes)
            flush();
        m_buffer += "    ";
        core::appendDescription(m_buffer, set, names);
        return m_buffer;
    }
    void flush()
    {
        m_out.write(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
        m_buffer.clear();
    }

private:
    static constexpr std::size_t flushBytes = std::size_t{1} << 20;

    std::ostream& m_out;
    std::string m_buffer;
};

void printSummary(std::ostream& out, const core::SearchResult& result, const core::EncodedTable& table,
                  double loadSeconds)
{
    const std::vector<std::string> names = table.columnNames();
    out << table.sourcePath << ": " << table.rowCount << " rows, " << result.searchedColumns.size() << " of "
        << table.columnCount() << " columns searched, k = " << result.k << ", " << core::toString(result.algorithm)
        << " (" << result.threads << (result.threads == 1 ? " thread" : " threads") << ", batch size "
        << result.batchSize << ")\n"
        << "Missing cells: " << core::toString(result.missingSemantics) << ": "
        << core::missingSemanticsMeaning(result.missingSemantics) << "\n\n";

    if (result.allColumns)
        out << "All columns searched, together (what an intruder who knows them all sees):\n  "
            << core::allColumnsHeadline(*result.allColumns, result.k, names) << "\n\n";
    out << "Quasi-identifiers (the smallest column sets on which some row is in a class of at most " << result.k
        << (result.k == 1 ? " row" : " rows") << ", so where to coarsen first): " << result.minimalSets.size() << "\n";
    std::map<int, std::vector<const core::MinimalSet*>> bySize;
    for (const core::MinimalSet& set : result.minimalSets)
        bySize[set.columns.size()].push_back(&set);
    SetLines lines(out);
    for (const auto& [size, sets] : bySize) {
        out << "  " << size << (size == 1 ? " column" : " columns") << " (" << sets.size() << "):\n";
        for (const core::MinimalSet* set : sets) {
            std::string& line = lines.start(set->columns, names);
            fmt::format_to(std::back_inserter(line), "  isolated rows: {}, smallest class: {}\n", set->isolatedRows,
                           set->smallestClass);
        }
        lines.flush();
    }

    out << "\nMaximal safe sets (every class larger than " << result.k << " rows): " << result.maximalSafeSets.size()
        << "\n";
    for (const core::SafeSet& set : result.maximalSafeSets) {
        std::string& line = lines.start(set.columns, names);
        fmt::format_to(std::back_inserter(line), "  smallest class: {}\n", set.smallestClass);
    }
    lines.flush();

    out << "\nSets evaluated: " << result.stats.setsEvaluated << ", rows scanned: " << result.stats.rowsScanned
        << ", search: " << result.stats.searchSeconds << " s, load: " << loadSeconds << " s\n";
}

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
    printSummary(jsonToStdout ? std::cerr : std::cout, result, table, loadSeconds);
    // Every file is made ready first and put in place at the end, so a stop or a failure on the
    // way leaves all of them as they were (#19).
    OutputFiles outputs(interrupt.token());
    if (!options.json.empty()) {
        core::ResultJsonContext context;
        context.rows = table.rowCount;
        context.columnNames = table.columnNames();
        context.loadSeconds = loadSeconds;
        context.sourcePath = table.sourcePath;
        context.maxSetSize = parameters.maxSetSize;
        if (!outputs.prepareJson(options.json, core::resultToJson(result, context)))
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
