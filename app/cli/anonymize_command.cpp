// SPDX-License-Identifier: GPL-3.0-or-later
// qiscout-cli anonymize (#13): the globally-optimal generalisation of a table, applied, written
// and re-checked with the quasi-identifier search.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <future>
#include <iostream>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/report/protected_release.h"
#include "qiscout/core/report/protection_report.h"

#include "command.h"
#include "dl_inference_anonymize.h"
#include "failed_allocation.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "load_flags.h"
#include "output_files.h"
#include "protection_flags.h"
#include "quasi_identifier_recheck.h"
#include "report_option.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

using Json = nlohmann::ordered_json;

struct AnonymizeOptions {
    std::string file;
    /// Absent when another model protects the table alone.
    std::optional<std::uint64_t> k;
    double suppression = 0.0;
    core::UtilityMetric metric = core::UtilityMetric::Loss;
    std::optional<int> threads;
    bool frontier = false;
    bool localSuppression = false;
    bool noGeneralisation = false;
    /// --importance COLUMN=W pairs, as given (comma-separated or repeated).
    std::vector<std::string> importance;
    std::optional<double> maxColumnLoss;
    double timeLimit = core::AnonymizationParameters{}.heuristicSeconds;
    std::string out;
    bool dropSuppressed = false;
    std::string json;
    ProtectionFlags protection;
    DlInferenceFlags dlInference;
    ReportRequest report;
    LoadFlags load;
};

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Per quasi-identifier, the importance --importance gives it (1 unless named). Throws
/// std::invalid_argument for a pair that is not COLUMN=W with W > 0 or names no --qi column.
std::vector<double> importanceOf(const core::EncodedTable& table, const core::AnonymizationParameters& parameters,
                                 const std::vector<std::string>& pairs)
{
    std::vector<double> importance(parameters.quasiIdentifiers.size(), 1.0);
    for (const std::string& pair : pairs) {
        // Split at the last '=': a column name may hold one, a number never does.
        const std::size_t equals = pair.rfind('=');
        double weight = 0.0;
        bool valid = equals != std::string::npos;
        if (valid) {
            const char* end = pair.data() + pair.size();
            const auto [stop, error] = std::from_chars(pair.data() + equals + 1, end, weight);
            valid = error == std::errc{} && stop == end && weight > 0.0 && std::isfinite(weight);
        }
        if (!valid)
            throw std::invalid_argument("--importance takes COLUMN=W with W a positive number, not '" + pair + "'.");
        const std::string name = pair.substr(0, equals);
        const auto named = std::find_if(parameters.quasiIdentifiers.begin(), parameters.quasiIdentifiers.end(),
                                        [&](const core::QuasiIdentifierSpec& spec) {
                                            return table.columns[static_cast<std::size_t>(spec.column)].name == name;
                                        });
        if (named == parameters.quasiIdentifiers.end())
            throw std::invalid_argument("--importance names '" + name + "', which is not a --qi column.");
        importance[static_cast<std::size_t>(named - parameters.quasiIdentifiers.begin())] = weight;
    }
    return importance;
}

/// Suppressed cells per quasi-identifier, by column name.
Json cellsByColumnJson(const core::EncodedTable& table, const core::AnonymizationParameters& parameters,
                       const core::TransformationAssessment& assessment)
{
    Json columns = Json::object();
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        columns[table.columns[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)].name] =
            assessment.suppressedCells[q];
    return columns;
}

std::uint64_t totalCells(const core::TransformationAssessment& assessment)
{
    return std::accumulate(assessment.suppressedCells.begin(), assessment.suppressedCells.end(), std::uint64_t{0});
}

Json levelsJson(const core::EncodedTable& table, const core::AnonymizationParameters& parameters,
                const core::TransformationAssessment& assessment)
{
    Json levels = Json::object();
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        levels[table.columns[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)].name] =
            assessment.transformation.levels[q];
    return levels;
}

Json assessmentJson(const core::EncodedTable& table, const core::AnonymizationParameters& parameters,
                    const core::TransformationAssessment& assessment)
{
    Json json = {{"levels", levelsJson(table, parameters, assessment)},
                 {"value", assessment.value},
                 {"suppressed_rows", assessment.suppressedRows},
                 {"classes", assessment.classes}};
    if (!assessment.columnValues.empty()) {
        Json columns = Json::object();
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
            columns[table.columns[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)].name] =
                assessment.columnValues[q];
        json["column_values"] = std::move(columns);
    }
    if (!assessment.suppressedCells.empty()) {
        json["suppressed_cells"] = totalCells(assessment);
        json["suppressed_cells_by_column"] = cellsByColumnJson(table, parameters, assessment);
        json["suppressed_cells_minimal"] = assessment.suppressedCellsMinimal;
    }
    return json;
}

/// The table without one column: what is published of a population whose column marks the research
/// subset (a column of 1s once only the subset's rows are left).
core::EncodedTable withoutColumn(const core::EncodedTable& table, int column)
{
    core::EncodedTable published;
    published.sourcePath = table.sourcePath;
    published.sourcePart = table.sourcePart;
    published.rowCount = table.rowCount;
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        if (c != static_cast<std::size_t>(column))
            published.columns.push_back(table.columns[c]);
    return published;
}

/// The rows of the population outside the research subset, ascending.
std::vector<std::uint32_t> rowsOutside(const std::vector<bool>& researchSubset)
{
    std::vector<std::uint32_t> outside;
    for (std::uint32_t row = 0; row < researchSubset.size(); ++row)
        if (!researchSubset[row])
            outside.push_back(row);
    return outside;
}

struct Timings {
    double load = 0.0;
    double search = 0.0;
    double apply = 0.0;
    double write = 0.0;
    double verify = 0.0;
};

int runAnonymize(const AnonymizeOptions& options)
{
    // Before any other thread exists, so that none of them receives SIGINT/SIGTERM.
    const InterruptWatcher interrupt;
    if (!options.k && !options.protection.hasModelBesidesK() && !options.dlInference.requested()) {
        std::cerr << "qiscout-cli anonymize: give a privacy model: --k, --l-diversity, --t-closeness, "
                     "--delta-presence or --dl-inference.\n";
        return exitUsage;
    }
    Timings timings;
    std::vector<std::string> outputPaths = options.report.outputs;
    outputPaths.insert(outputPaths.end(), {options.out, options.json});
    std::vector<std::string> inputs = options.protection.possibleHierarchyFiles();
    inputs.push_back(options.file);
    if (!options.protection.subsetFile().empty())
        inputs.push_back(options.protection.subsetFile());
    if (const int status = checkOutputPaths(outputPaths, inputs); status != exitOk)
        return status;

    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    core::EncodedTable table = std::move(*input.table);
    timings.load = input.seconds;
    TableInput subsetInput = loadOptionalTableInput(options.protection.subsetFile(), options.load, interrupt.token());
    if (subsetInput.exitCode != exitOk)
        return subsetInput.exitCode;
    const std::optional<core::EncodedTable>& subset = subsetInput.table;
    timings.load += subsetInput.seconds;
    if (options.dlInference.requested())
        return runDlInferenceAnonymize(std::move(table),
                                       {options.dlInference, options.protection, options.k.value_or(1), options.threads,
                                        options.out, options.json, options.report, timings.load},
                                       interrupt.token());

    core::AnonymizationParameters parameters;
    core::AnonymizationResult result;
    std::optional<int> subsetColumn;
    const auto searchStarted = std::chrono::steady_clock::now();
    try {
        parameters = options.protection.parameters(table, options.k, options.suppression, options.metric,
                                                   options.threads, subset ? &*subset : nullptr);
        subsetColumn = options.protection.subsetColumn(table);
        parameters.fullFrontier = options.frontier;
        parameters.maxColumnLoss = options.maxColumnLoss;
        parameters.strategy = core::LatticeSearchStrategy::ExactWhereItFits;
        parameters.heuristicSeconds = options.timeLimit;
        if (options.localSuppression)
            parameters.localSuppression = core::LocalSuppressionSettings{
                importanceOf(table, parameters, options.importance), !options.noGeneralisation};
        core::NullAnonymizationObserver quiet;
        setMemoryPhase("anonymising " + std::to_string(table.rowCount) + " rows");
        result = core::runAnonymization(table, parameters, interrupt.token(), quiet);
    } catch (const core::HierarchyError& error) {
        std::cerr << "qiscout-cli: " << error.what() << '\n';
        return exitInputError;
    } catch (const std::invalid_argument& error) {
        // An unknown column, a model the table cannot have, a lattice the search refuses.
        std::cerr << "qiscout-cli anonymize: " << error.what() << '\n';
        return exitUsage;
    }
    timings.search = secondsSince(searchStarted);
    if (!result.complete) {
        std::cerr << "qiscout-cli: anonymisation cancelled after " << result.stats.checked << " checks.\n";
        exitStopped();
    }

    // Beyond the exact search's reach the answer comes from the heuristic search (#40).
    const bool heuristic = result.lattice.size() > core::TransformationLattice::maxExactSize;
    const std::vector<std::string> names = table.columnNames();
    const std::string_view metricName = core::nameIn(core::utilityMetricNames, result.metric);
    std::ostream& text = options.json == "-" ? std::cerr : std::cout;
    text << table.sourcePath << ": " << table.rowCount << " rows, ";
    if (parameters.researchSubset)
        text << "a research subset of " << result.rows << " ("
             << (subsetColumn ? "--subset-column " + names[static_cast<std::size_t>(*subsetColumn)]
                              : "--subset " + subset->sourcePath)
             << ") published, ";
    text << parameters.quasiIdentifiers.size() << " quasi-identifiers, ";
    for (std::size_t m = 0; m < parameters.models.size(); ++m)
        text << (m > 0 ? " + " : "") << parameters.models[m]->describe(names);
    text << ", suppression limit " << options.suppression << " (" << result.suppressionLimitRows << " rows), metric "
         << metricName;
    if (parameters.localSuppression)
        text << ", local suppression" << (options.noGeneralisation ? " without generalisation" : "");
    if (options.maxColumnLoss)
        text << ", each column coarsened to lose at most " << *options.maxColumnLoss
             << " of its detail (its height below: the highest level within that)";
    text << "\n";
    if (options.noGeneralisation) {
        text << "Lattice: not searched (--no-generalisation), every column kept at level 0\n";
    } else {
        text << "Lattice: " << result.lattice.size() << " transformations, " << result.stats.checked << " checked, "
             << result.stats.taggedAcceptable + result.stats.taggedUnacceptable << " tagged";
        if (result.frontier)
            text << ", " << result.frontier->size() << " minimal acceptable";
        else if (heuristic)
            text << ", searched heuristically (more than " << core::TransformationLattice::maxExactSize
                 << " transformations) for at most " << options.timeLimit << " s";
        else if (!result.optimal)
            text << ", the time limit of " << options.timeLimit
                 << " s ended the search before every transformation that might beat the answer was priced";
        else
            text << ", the rest cannot beat the optimum";
        text << "\n";
    }

    // Every file is made ready first and put in place at the end, so a stop or a failure on the
    // way leaves all of them as they were (#19).
    OutputFiles outputs(interrupt.token());
    // A locally suppressed cell matches any value, as sdcMicro counts its classes.
    const core::MissingSemantics recheckSemantics =
        parameters.localSuppression ? core::MissingSemantics::Wildcard : core::MissingSemantics::Value;
    std::optional<core::ProtectedTable> applied;
    std::optional<core::EncodedTable> kept;
    std::optional<core::SearchResult> after;
    if (result.optimum) {
        const core::TransformationAssessment& optimum = *result.optimum;
        text << (result.optimal ? "Optimum (globally optimal): " : "Best found (NOT proven optimal): ") << metricName
             << " " << optimum.value << ", " << optimum.suppressedRows << " rows suppressed, " << optimum.classes
             << " classes\n";
        if (!result.optimal && result.lowerBound)
            text << "  no acceptable transformation has " << metricName << " below " << *result.lowerBound
                 << " (the best bound the heuristic search proved)\n";
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
            const core::QuasiIdentifierSpec& spec = parameters.quasiIdentifiers[q];
            text << "  " << names[static_cast<std::size_t>(spec.column)] << ": level "
                 << optimum.transformation.levels[q] << " of " << result.lattice.heights()[q] << " ("
                 << spec.hierarchySource << ")";
            if (!optimum.suppressedCells.empty())
                text << ", " << optimum.suppressedCells[q] << (optimum.suppressedCells[q] == 1 ? " cell" : " cells")
                     << " suppressed (importance " << parameters.localSuppression->importance[q] << ")";
            text << "\n";
        }
        if (!optimum.suppressedCells.empty())
            text << "Local suppression: " << totalCells(optimum) << " cells suppressed ("
                 << (optimum.suppressedCellsMinimal ? "proved minimal" : "heuristic, not proved minimal")
                 << "), written as *\n";
        const auto applyStarted = std::chrono::steady_clock::now();
        applied = core::applyTransformation(table, parameters, optimum.transformation);
        timings.apply = secondsSince(applyStarted);
        // The file is written while the re-check runs: both only read the protected table, and the
        // write spends much of its time waiting for the disk to take the file (fsync).
        std::future<core::TableWriteReport> writing;
        if (!options.out.empty()) {
            core::AtomicFileWriter& target = outputs.open(options.out);
            writing = std::async(std::launch::async, [&] {
                const auto writeStarted = std::chrono::steady_clock::now();
                const auto format = core::tableFileFormatFor(options.out).value_or(core::TableFileFormat::Csv);
                // The subset's marks are all 1 in the published rows: they tell nothing and go.
                const std::optional<core::EncodedTable> unmarked =
                    subsetColumn ? std::optional(withoutColumn(applied->table, *subsetColumn)) : std::nullopt;
                const core::EncodedTable& publishedTable = unmarked ? *unmarked : applied->table;
                core::TableWriteReport written =
                    options.dropSuppressed && !applied->suppressedRows.empty()
                        ? core::writeTable(
                              core::withoutSuppressedRows(publishedTable, applied->suppressedRows, options.threads),
                              target, format, {}, interrupt.token())
                        : core::writeTable(publishedTable, target, format, {}, interrupt.token());
                timings.write = secondsSince(writeStarted);
                return written;
            });
        }
        const auto verifyStarted = std::chrono::steady_clock::now();
        setMemoryPhase("re-checking the protected table");
        kept = core::keptQuasiIdentifierTable(*applied, parameters);
        // The border search, because a protected table's answer is nearly always "no quasi-identifier":
        // it settles that with one evaluation of all the columns, where FPVI's level-wise sweep
        // evaluates every one of the 2^|Q| - 1 sets (255 and 2.6 s against 1 and 0.26 s on adult1m).
        after = quasiIdentifierSearch(*kept, verificationK(options.k.value_or(1)), options.threads, std::nullopt,
                                      core::Algorithm::Border, interrupt.token(), recheckSemantics);
        timings.verify = secondsSince(verifyStarted);
        if (writing.valid()) {
            try {
                for (const std::string& warning : writing.get().warnings)
                    text << "  note: " << warning << "\n";
            } catch (const core::WriteCancelled&) {
                std::cerr << "qiscout-cli: cancelled while writing " << options.out << ".\n";
                exitStopped();
            } catch (const core::FileWriteError& error) {
                std::cerr << "qiscout-cli: " << error.what() << '\n';
                return exitInputError;
            }
        }
        if (!after->complete) {
            std::cerr << "qiscout-cli: cancelled while re-checking the protected table.\n";
            exitStopped();
        }
        text << "Re-check: " << after->minimalSets.size() << " quasi-identifiers among the "
             << parameters.quasiIdentifiers.size()
             << " protected columns at k = " << verificationK(options.k.value_or(1))
             << " (a row is at risk when at most " << verificationK(options.k.value_or(1))
             << " kept rows share its values";
        if (parameters.localSuppression)
            text << "; a suppressed or missing cell counts as a wildcard matching any value";
        text << "), over " << kept->rowCount << " kept rows\n";
    } else if (!result.optimal) {
        text << "No acceptable transformation found within the time limit (the heuristic search does not prove "
                "that none exists).\n";
    } else {
        text << "No transformation satisfies the privacy models within the suppression limit.\n";
    }
    text << "Times: load " << timings.load << " s, search " << timings.search << " s, apply " << timings.apply
         << " s, write " << timings.write << " s and re-check " << timings.verify << " s side by side\n";

    if (!options.json.empty()) {
        Json json;
        json["rows"] = result.rows;
        json["k"] = options.k ? Json(*options.k) : Json(nullptr);
        json["suppression_limit"] = options.suppression;
        json["suppression_limit_rows"] = result.suppressionLimitRows;
        json["metric"] = metricName;
        Json quasiIdentifiers = Json::array();
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
            quasiIdentifiers.push_back(
                {{"column", names[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)]},
                 {"height", result.lattice.heights()[q]},
                 {"hierarchy", parameters.quasiIdentifiers[q].hierarchySource}});
        json["quasi_identifiers"] = std::move(quasiIdentifiers);
        Json models = Json::array();
        for (const auto& model : parameters.models)
            models.push_back(model->describe(names));
        json["privacy_models"] = std::move(models);
        if (const auto& presence = options.protection.deltaPresence()) {
            json["delta_presence"] = {{"min", presence->min},
                                      {"max", presence->max},
                                      {"subset_rows", result.rows},
                                      {"population_rows", table.rowCount}};
            if (subsetColumn)
                json["delta_presence"]["subset_column"] = names[static_cast<std::size_t>(*subsetColumn)];
            else
                json["delta_presence"]["subset_file"] = subset->sourcePath;
        }
        json["optimum"] = result.optimum ? assessmentJson(table, parameters, *result.optimum) : Json(nullptr);
        if (parameters.localSuppression) {
            json["local_suppression"] = {{"generalisation", !options.noGeneralisation}, {"importance", Json::object()}};
            for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
                json["local_suppression"]["importance"]
                    [names[static_cast<std::size_t>(parameters.quasiIdentifiers[q].column)]] =
                        parameters.localSuppression->importance[q];
            json["suppressed_cells"] = result.optimum ? Json(totalCells(*result.optimum)) : Json(nullptr);
            json["suppressed_cells_by_column"] =
                result.optimum ? cellsByColumnJson(table, parameters, *result.optimum) : Json(nullptr);
        }
        json["optimal"] = result.optimal;
        json["globally_optimal"] = result.optimal;
        json["search"] = heuristic ? "heuristic" : "exact";
        // Unproven because the time ran out (not because the user stopped it): the heuristic's usual
        // answer, or local suppression's priced transformations when --time-limit ended them.
        json["time_limit_reached"] = !result.optimal && result.complete;
        json["lower_bound"] = result.lowerBound ? Json(*result.lowerBound) : Json(nullptr);
        Json frontier = result.frontier ? Json::array() : Json(nullptr);
        if (result.frontier)
            for (const core::TransformationAssessment& entry : *result.frontier)
                frontier.push_back(assessmentJson(table, parameters, entry));
        json["frontier"] = std::move(frontier);
        json["lattice"] = {{"size", result.lattice.size()},
                           {"checked", result.stats.checked},
                           {"tagged", result.stats.taggedAcceptable + result.stats.taggedUnacceptable}};
        json["verification"] = after ? Json{{"k", verificationK(options.k.value_or(1))},
                                            {"kept_rows", kept->rowCount},
                                            {"quasi_identifiers", after->minimalSets.size()},
                                            {"missing_semantics", core::toString(recheckSemantics)}}
                                     : Json(nullptr);
        json["stats"] = {{"search_seconds", result.stats.searchSeconds},
                         {"load_seconds", timings.load},
                         {"apply_seconds", timings.apply},
                         {"write_seconds", timings.write},
                         {"verify_seconds", timings.verify},
                         {"threads", result.threads}};
        if (!outputs.prepareJson(options.json, json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"))
            return exitInputError;
    }
    const auto finish = [&outputs](int status) { return outputs.commit() ? status : exitInputError; };
    if (!result.optimum)
        return finish(exitInputError);
    if (options.report.outputs.empty())
        return finish(exitOk);

    // The report compares the published rows before and after, row by row: with a research subset,
    // the subset's rows of the population.
    if (parameters.researchSubset)
        table = core::withoutSuppressedRows(table, rowsOutside(*parameters.researchSubset), options.threads);
    core::ColumnSet protectedColumns;
    for (const core::QuasiIdentifierSpec& spec : parameters.quasiIdentifiers)
        protectedColumns = protectedColumns.with(spec.column);
    core::ReportInput report;
    report.roles.assign(table.columnCount(), core::ColumnRole::Ignored);
    for (const int column : protectedColumns.columns())
        report.roles[static_cast<std::size_t>(column)] = core::ColumnRole::QuasiIdentifier;
    for (const auto& model : parameters.models)
        if (const std::optional<int> column = model->sensitiveColumn())
            report.roles[static_cast<std::size_t>(*column)] = core::ColumnRole::Sensitive;
    report.parameters.k = verificationK(options.k.value_or(1));
    report.parameters.threads = options.threads;
    report.parameters.columns = protectedColumns;
    report.result = quasiIdentifierSearch(table, verificationK(options.k.value_or(1)), options.threads,
                                          protectedColumns, core::Algorithm::Auto, interrupt.token());
    if (!report.result.complete) {
        std::cerr << "qiscout-cli: cancelled while searching the original table for the report.\n";
        exitStopped();
    }
    report.loadSeconds = timings.load;
    core::ProtectionReport protection =
        core::buildProtectionReport(table, parameters, result, *applied, report.result, *kept, *after);
    protection.outputPath = options.out;
    if (!options.out.empty())
        protection.suppressedRowsLeftOut = options.dropSuppressed;
    report.protection = std::move(protection);
    report.protectedRelease = core::latticeRelease(*applied, parameters);
    report.table = std::make_shared<const core::EncodedTable>(std::move(table));
    setMemoryPhase("writing the report");
    return finish(prepareReports(options.report, report, outputs, interrupt.token()));
}

} // namespace

void addAnonymizeCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<AnonymizeOptions>();
    CLI::App* command = app.add_subcommand(
        "anonymize", "Generalise quasi-identifiers to the globally optimal protected table, apply it and re-check it");
    command->add_option("file", options->file, "Delimited text file to protect")->required();
    options->protection.addTo(*command);
    command
        ->add_option(
            "--k", options->k,
            "k-anonymity's k: every group of the protected table has at least k rows (1..2^31). scan and risk "
            "count a row at risk in a group of at most their k, so scan --k 5 asks for anonymize --k 6. "
            "Needed unless --l-diversity, --t-closeness, --delta-presence or --dl-inference protects the table")
        ->check(CLI::Range(std::uint64_t{1}, core::maxK));
    command
        ->add_option("--suppression", options->suppression, "Fraction of rows that may be suppressed (0..1, default 0)")
        ->check(CLI::Range(0.0, 1.0));
    command
        ->add_option("--metric", options->metric,
                     "Information loss to minimise: precision, discernibility (ARX's DM), dm-star (ARX's DM*), "
                     "loss (default), non-uniform-entropy, entropy-monotonic or entropy-non-monotonic (ARX's "
                     "two), or aecs; docs/anonymization.md defines them")
        ->transform(oneOf(core::utilityMetricNames));
    command->add_option("--threads", options->threads, "Worker threads (default: all cores)")->check(atLeastOne());
    command
        ->add_option("--time-limit", options->timeLimit,
                     "Seconds the heuristic search may take (default 30) on lattices of more than 2^22 "
                     "transformations, beyond the exact search's reach: it answers with the best transformation "
                     "found, marked not proven optimal, and the best bound it proved")
        ->check(CLI::PositiveNumber);
    command->add_flag("--frontier", options->frontier,
                      "Also find every minimal acceptable transformation: the JSON's \"frontier\" and the report's "
                      "count of minimal transformations (null without it). It costs checks: without it the search "
                      "skips every transformation that cannot beat the best found");
    command->add_option("--out", options->out,
                        "Write the protected table to this file, atomically: CSV (.csv, .tsv, .txt, or any other "
                        "name), SPSS (.sav, .zsav) or Stata (.dta)");
    command->add_flag("--drop-suppressed", options->dropSuppressed,
                      "Leave the suppressed rows out of --out; by default they stay, with * in every coarsened "
                      "column and their other columns as they are");
    command->add_option("--json", options->json, "Also write the result as JSON to this file ('-' for stdout)");
    command->add_flag("--local-suppression", options->localSuppression,
                      "Suppress single key cells (written *, matching any value when classes are counted, as "
                      "sdcMicro's kAnon does) so that every row's class has at least k rows, as few as can be "
                      "found (weighted by --importance); with generalisation, the optimum over transformations "
                      "counts each suppressed cell as a suppressed row's cell in the metric. k-anonymity alone, "
                      "no --suppression, metric precision, loss or non-uniform-entropy");
    command
        ->add_flag("--no-generalisation", options->noGeneralisation,
                   "With --local-suppression: keep every column as it is and only suppress cells")
        ->needs("--local-suppression");
    command
        ->add_option("--importance", options->importance,
                     "With --local-suppression: COLUMN=W,... the cost of suppressing one cell of COLUMN (W > 0, "
                     "default 1); the columns weighted most are kept")
        ->delimiter(',')
        ->type_name("COLUMN=W,...")
        ->needs("--local-suppression");
    command
        ->add_option("--max-column-loss", options->maxColumnLoss,
                     "The most detail one column's generalisation may lose (0..1, e.g. 0.5): each column is "
                     "coarsened only to the levels that lose at most this, nothing suppressed, so the loss is "
                     "spread over the columns; suppressed cells come on top. Metric loss or non-uniform-entropy")
        ->check(CLI::Range(0.0, 1.0));
    options->dlInference.addTo(*command);
    command->get_option("--frontier")->excludes("--dl-inference");
    command->get_option("--max-column-loss")->excludes("--dl-inference");
    command->get_option("--local-suppression")->excludes("--dl-inference")->excludes("--frontier");
    command->get_option("--delta-presence")->excludes("--dl-inference")->excludes("--local-suppression");
    addReportOptions(*command, options->report);
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runAnonymize(*options); }; });
}

} // namespace qiscout::cli
