// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_scan_command.h"

#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include <mpi.h>

#include <fmt/format.h>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/row_slice.h"

#include "column_selection.h"
#include "command.h"
#include "distribution_choice.h"
#include "lattice_distribution.h"
#include "load_flags.h"
#include "mpi_job.h"
#include "output_files.h"
#include "report_option.h"
#include "row_distribution.h"
#include "scan_output.h"
#include "search_flags.h"
#include "slice_reading.h"

namespace qiscout::mpi {
namespace {

struct MpiScanOptions {
    std::string file;
    cli::SearchFlags search;
    std::string json;
    cli::ReportRequest report;
    cli::LoadFlags load;
    bool levelCosts = false;
    Distribution distribute = Distribution::Auto;
    std::optional<std::uint64_t> memoryPerRank;
};

/// Why the ranks cannot read the file in byte ranges, or nothing when they can.
std::string whyEveryRankReadsTheFile(const MpiScanOptions& options)
{
    if (options.distribute == Distribution::Lattice)
        return "the lattice mode holds the whole table on every rank";
    if (!options.report.outputs.empty())
        return "--report shows rows of the whole table, which rank 0 must then hold";
    core::LoadOptions load;
    try {
        load = options.load.options(options.file);
    } catch (const cli::LoadFlagError&) {
        return "a load flag does not fit the file";
    }
    const core::SourceFormat format = load.format.value_or(core::detectSourceFormat(options.file));
    if (format != core::SourceFormat::Delimited)
        return fmt::format("a {} source cannot be cut into byte ranges", core::nameIn(core::sourceFormatNames, format));
    return {};
}

/// The search parameters the flags give on `table`, or the job ends saying why.
void parametersOn(const MpiScanOptions& options, const core::EncodedTable& table, const JobPlace& place,
                  core::SearchParameters& parameters)
{
    try {
        parameters = options.search.parameters(table);
    } catch (const cli::UnknownColumnError& error) {
        abortJob(place, cli::exitUsage, error.what());
    }
}

/// Loads the table and checks the flags against it, or ends the job saying why.
core::EncodedTable loadOnRank(const MpiScanOptions& options, const JobPlace& place, core::SearchParameters& parameters,
                              double& loadSeconds)
{
    const auto started = std::chrono::steady_clock::now();
    core::EncodedTable table;
    try {
        table = core::loadTable(options.file, options.load.options(options.file));
    } catch (const cli::LoadFlagError& error) {
        abortJob(place, cli::exitUsage, error.what());
    } catch (const core::LoadError& error) {
        abortJob(place, cli::exitInputError, "cannot read " + options.file + ": " + error.what());
    }
    loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    parametersOn(options, table, place, parameters);
    return table;
}

/// The table without its cells: what the summary and the JSON say about it.
core::EncodedTable outlineOf(const core::EncodedTable& table)
{
    core::EncodedTable outline;
    outline.sourcePath = table.sourcePath;
    outline.sourcePart = table.sourcePart;
    outline.rowCount = table.rowCount;
    for (const core::EncodedColumn& column : table.columns)
        outline.columns.emplace_back().name = column.name;
    return outline;
}

void printLevelCosts(std::ostream& out, const std::vector<LevelCost>& costs)
{
    for (const LevelCost& cost : costs) {
        out << fmt::format("level {}: {} sets, {:.3f} s; bytes sent per rank:", cost.size, cost.sets, cost.wallSeconds);
        for (const std::uint64_t bytes : cost.bytesSent)
            out << ' ' << bytes;
        out << "; busy share per rank:";
        for (const double busy : cost.busySeconds)
            out << fmt::format(" {:.2f}", cost.wallSeconds > 0.0 ? busy / cost.wallSeconds : 0.0);
        out << '\n';
    }
}

/// The JSON and the reports, written by rank 0 as qiscout-cli scan writes them.
int writeOutputs(const MpiScanOptions& options, const core::EncodedTable& outline,
                 std::unique_ptr<core::EncodedTable> table, const core::SearchParameters& parameters,
                 core::SearchResult result, double loadSeconds)
{
    cli::OutputFiles outputs({});
    if (!options.json.empty() &&
        !outputs.prepareJson(options.json, cli::scanJson(result, outline, parameters, loadSeconds)))
        return cli::exitInputError;
    int status = cli::exitOk;
    if (!options.report.outputs.empty()) {
        core::ReportInput report;
        report.roles.assign(outline.columnCount(), core::ColumnRole::Ignored);
        for (const int column : result.searchedColumns.columns())
            report.roles[static_cast<std::size_t>(column)] = core::ColumnRole::QuasiIdentifier;
        report.parameters = parameters;
        report.requestedAlgorithm = core::Algorithm::Mtui;
        report.result = std::move(result);
        report.loadSeconds = loadSeconds;
        report.table = std::move(table);
        status = cli::prepareReports(options.report, report, outputs, {});
    }
    return outputs.commit() ? status : cli::exitInputError;
}

int runMpiScan(const MpiScanOptions& options)
{
    const JobPlace place = JobPlace::ofWorld();
    if (place.isRoot()) {
        std::vector<std::string> outputPaths = options.report.outputs;
        outputPaths.push_back(options.json);
        if (const int status = cli::checkOutputPaths(outputPaths, {options.file}); status != cli::exitOk)
            abortJob(place, status, "cannot write the output files, ending the job");
    }
    core::SearchParameters parameters;
    double loadSeconds = 0.0;
    std::unique_ptr<core::EncodedTable> table;
    std::optional<core::EncodedTable> slice;
    std::string reading;
    std::optional<core::EncodedTable> outlineOfSlices;
    if (const std::string whyWhole = whyEveryRankReadsTheFile(options); whyWhole.empty()) {
        const auto started = std::chrono::steady_clock::now();
        SliceRead read = readSliceOfFile(options.file, options.load.options(options.file), place);
        loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (read.slice) {
            slice = std::move(read.slice);
            parametersOn(options, *slice, place, parameters);
            outlineOfSlices = outlineOf(*slice);
            outlineOfSlices->rowCount = read.rows;
            reading = "each rank read its own byte range of the file";
        } else {
            reading = "every rank read the whole file: " + read.whyWhole;
        }
    } else {
        reading = "every rank read the whole file: " + whyWhole;
    }
    if (!slice) {
        // Rank 0 reads first, so that a bad file or flag is reported once; the others read the same
        // file (shared or copied to every node) once it proved readable.
        if (place.isRoot())
            table = std::make_unique<core::EncodedTable>(loadOnRank(options, place, parameters, loadSeconds));
        MPI_Barrier(MPI_COMM_WORLD);
        if (!place.isRoot())
            table = std::make_unique<core::EncodedTable>(loadOnRank(options, place, parameters, loadSeconds));
    }
    DistributionChoice choice = chooseDistribution(options.distribute, slice ? *outlineOfSlices : *table, parameters,
                                                   options.memoryPerRank, place);
    const core::EncodedTable outline = slice ? std::move(*outlineOfSlices) : outlineOf(*table);
    if (choice.mode == Distribution::Lattice && slice) {
        table = std::make_unique<core::EncodedTable>(gatheredTable(*slice, outline.rowCount, place));
        slice.reset();
        choice.description += "; " + reading + " and the ranks exchanged the codes";
    }
    if (choice.mode == Distribution::Rows) {
        choice.description += "; " + reading;
        if (!slice) {
            // Every rank read the whole file and keeps its rows only; rank 0 keeps the table for
            // the reports, which show rows and columns of it.
            const RowShare share = RowShare::of(table->rowCount, place);
            slice = core::rowSlice(*table, share.first, share.end);
            if (!place.isRoot() || options.report.outputs.empty())
                table.reset();
        }
    }
    // The search's clock starts when every rank holds its part of the table, not when rank 0 does.
    MPI_Barrier(MPI_COMM_WORLD);

    std::vector<LevelCost> costs;
    core::SearchResult result;
    try {
        const auto started = std::chrono::steady_clock::now();
        result = slice ? searchRowsDistributed(*slice, parameters, place, costs)
                       : searchLatticeDistributed(*table, parameters, place, costs);
        result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (slice)
            result.allColumns = allColumnsRiskOverRows(*slice, result, place);
    } catch (const core::SearchParameterError& error) {
        abortJob(place, cli::exitUsage, error.what());
    } catch (const std::bad_alloc&) {
        abortJob(place, cli::exitInputError, "not enough memory for the search");
    }
    if (!place.isRoot())
        return cli::exitOk;

    if (!slice)
        result.allColumns = core::allColumnsRisk(*table, result);
    const bool jsonToStdout = options.json == "-";
    std::ostream& text = jsonToStdout ? std::cerr : std::cout;
    cli::printScanSummary(text, result, outline, loadSeconds);
    text << "Distribution: " << choice.description << '\n';
    if (options.levelCosts) {
        text << fmt::format("\nLevels over {} ranks:\n", place.size);
        printLevelCosts(text, costs);
    }
    return writeOutputs(options, outline, std::move(table), parameters, std::move(result), loadSeconds);
}

} // namespace

void addMpiScanCommand(CLI::App& app, std::function<int()>& selected)
{
    auto options = std::make_shared<MpiScanOptions>();
    CLI::App* command = app.add_subcommand("scan", "Find the quasi-identifiers, the search shared out over the job");
    command->add_option("file", options->file, "The table: a file every rank can read")->required();
    options->search.addTo(*command);
    // The ranks run MTUI's level sweep: no other strategy, and no FPVI batches.
    command->remove_option(command->get_option("--algorithm"));
    command->remove_option(command->get_option("--batch-size"));
    command->add_option("--json", options->json, "Also write the result as JSON to this file ('-' for stdout)");
    cli::addReportOptions(*command, options->report);
    const std::map<std::string, Distribution> distributions{
        {"auto", Distribution::Auto}, {"lattice", Distribution::Lattice}, {"rows", Distribution::Rows}};
    command
        ->add_option("--distribute", options->distribute,
                     "auto (default: lattice when the table fits each rank's memory), lattice (every rank holds the "
                     "table) or rows (every rank holds a slice of the rows)")
        ->transform(CLI::CheckedTransformer(distributions));
    command
        ->add_option("--memory-per-rank", options->memoryPerRank,
                     "Bytes each rank may use, for --distribute auto (default: the node's MemAvailable shared by "
                     "its ranks)")
        ->check(CLI::PositiveNumber);
    command->add_flag("--level-costs", options->levelCosts,
                      "Print each level's sets, time, bytes sent per rank and each rank's busy share");
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runMpiScan(*options); }; });
}

} // namespace qiscout::mpi
