// SPDX-License-Identifier: GPL-3.0-or-later
#include "dl_inference_anonymize.h"

#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "qiscout/core/dependencies/dl_inference.h"
#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/report/protected_release.h"
#include "qiscout/core/report/protection_report.h"
#include "qiscout/core/util/enum_names.h"

#include "column_selection.h"
#include "command.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "output_files.h"
#include "quasi_identifier_recheck.h"

namespace qiscout::cli {
namespace {

using Json = nlohmann::ordered_json;

/// A whole number of at least `minimum`; nullopt for anything else (signs, fractions, overflow).
std::optional<std::uint64_t> wholeNumber(const std::string& text, std::uint64_t minimum)
{
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < minimum)
        return std::nullopt;
    return value;
}

} // namespace

void DlInferenceFlags::addTo(CLI::App& command)
{
    CLI::Option* option =
        command
            .add_option_function<std::string>(
                "--dl-inference",
                [this](const std::string& spec) {
                    const auto parts = splitFromRight(spec, 2);
                    if (!parts)
                        throw CLI::ValidationError("--dl-inference", "must be SENSITIVE:D:L (a column, d >= 0, "
                                                                     "l >= 1), not '" +
                                                                         spec + "'");
                    const std::optional<std::uint64_t> d = wholeNumber((*parts)[1], 0);
                    if (!d)
                        throw CLI::ValidationError("--dl-inference", "d must be a whole number of at least 0, not '" +
                                                                         (*parts)[1] + "' in '" + spec + "'");
                    const std::optional<std::uint64_t> l = wholeNumber((*parts)[2], 1);
                    if (!l)
                        throw CLI::ValidationError("--dl-inference", "l must be a whole number of at least 1, not '" +
                                                                         (*parts)[2] + "' in '" + spec + "'");
                    m_requested = true;
                    m_sensitive = (*parts)[0];
                    m_d = *d;
                    m_l = *l;
                },
                "Publish with (d, l)-inference (the FFD paper's Definition 8) instead of the lattice search: "
                "SENSITIVE:D:L, QI-groups whose sensitive values' counts differ by at most D and that share "
                "or differ by none or at least L values. Numbers become intervals, other values '*'; removed "
                "rows are left out of --out; --k is the smallest QI-group")
            ->type_name("SENSITIVE:D:L");
    for (const char* lattice : {"--l-diversity", "--t-closeness", "--suppression", "--metric"})
        if (CLI::Option* other = command.get_option_no_throw(lattice))
            option->excludes(other);
    command
        .add_option("--dl-heuristic", m_heuristic,
                    "How --dl-inference's phase 1 cuts the sensitive values: top-down (default) or bottom-up")
        ->transform(oneOf(core::partitionHeuristicNames))
        ->needs(option);
}

core::DlAnonymizationParameters DlInferenceFlags::parameters(const core::EncodedTable& table,
                                                             std::vector<int> quasiIdentifiers,
                                                             std::uint64_t minGroupSize) const
{
    core::DlAnonymizationParameters parameters;
    parameters.quasiIdentifiers = std::move(quasiIdentifiers);
    parameters.sensitive = requireColumn(table, m_sensitive, "--dl-inference");
    parameters.d = m_d;
    parameters.l = m_l;
    parameters.heuristic = m_heuristic;
    parameters.minGroupSize = minGroupSize;
    return parameters;
}

int runDlInferenceAnonymize(core::EncodedTable table, const DlInferenceRequest& request, std::stop_token stop)
{
    core::DlAnonymizationParameters parameters;
    core::DlAnonymization anonymization;
    try {
        std::vector<int> columns;
        for (const ProtectionFlags::NamedQuasiIdentifier& named : request.protection.quasiIdentifiers(table)) {
            if (!named.hierarchyFile.empty())
                throw std::invalid_argument("--dl-inference generalises numbers to intervals and other values to "
                                            "'*' by itself; drop '=" +
                                            named.hierarchyFile + "' from --qi " +
                                            table.columns[static_cast<std::size_t>(named.column)].name + ".");
            columns.push_back(named.column);
        }
        parameters = request.flags.parameters(table, std::move(columns), request.k);
        anonymization = core::anonymizeForDlInference(table, parameters, stop);
    } catch (const std::invalid_argument& error) {
        // An unknown column, the sensitive column among the quasi-identifiers, a hierarchy file.
        std::cerr << "qiscout-cli anonymize: " << error.what() << '\n';
        return exitUsage;
    }
    if (!anonymization.complete) {
        std::cerr << "qiscout-cli: (d, l)-inference anonymisation cancelled.\n";
        exitStopped();
    }
    if (!anonymization.check.satisfied) {
        // The algorithm proves its output before returning it; publishing a table that fails the
        // model would be worse than publishing nothing.
        std::cerr << "qiscout-cli: the (d, l)-inference output breaks Definition 8 ("
                  << anonymization.check.violationCount << " violations); nothing was written.\n";
        return exitInputError;
    }

    const std::vector<std::string> names = table.columnNames();
    const std::string& sensitive = names[static_cast<std::size_t>(parameters.sensitive)];
    const std::uint64_t removed = anonymization.removedRows.size();
    const std::uint64_t kept = table.rowCount - removed;
    std::ostream& text = request.json == "-" ? std::cerr : std::cout;
    text << table.sourcePath << ": " << table.rowCount << " rows, " << parameters.quasiIdentifiers.size()
         << " quasi-identifiers, (d, l)-inference on " << sensitive << " with d = " << parameters.d
         << ", l = " << parameters.l << ", QI-groups of at least " << parameters.minGroupSize << " rows, "
         << core::nameIn(core::partitionHeuristicNames, parameters.heuristic) << " phase 1\n";
    text << "QI-groups: " << anonymization.groups.size() << ", Definition 8 holds; " << removed << " rows removed ("
         << anonymization.stats.groupingRemovedRows << " by the grouping of " << sensitive << "'s values, "
         << anonymization.stats.phase2RemovedRows << " by group size or equal cells), " << kept << " published\n";
    text << "Generalised loss: " << fmt::format("{:.4f}", anonymization.informationLoss) << " (";
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        text << (q > 0 ? ", " : "") << names[static_cast<std::size_t>(parameters.quasiIdentifiers[q])] << " "
             << fmt::format("{:.4f}", anonymization.columnLoss[q]);
    text << ")\n";

    core::EncodedTable published = core::publishDlAnonymization(table, parameters, anonymization);
    // Every file is made ready first and put in place at the end, so a stop or a failure on the
    // way leaves all of them as they were (#19).
    OutputFiles outputs(stop);
    double writeSeconds = 0.0;
    if (!request.out.empty() && kept > 0) {
        const auto writeStarted = std::chrono::steady_clock::now();
        try {
            const core::TableWriteReport written =
                core::writeTable(published, outputs.open(request.out),
                                 core::tableFileFormatFor(request.out).value_or(core::TableFileFormat::Csv), {}, stop);
            for (const std::string& warning : written.warnings)
                text << "  note: " << warning << "\n";
        } catch (const core::WriteCancelled&) {
            std::cerr << "qiscout-cli: cancelled while writing " << request.out << ".\n";
            exitStopped();
        } catch (const core::FileWriteError& error) {
            std::cerr << "qiscout-cli: " << error.what() << '\n';
            return exitInputError;
        }
        writeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - writeStarted).count();
        text << "Removed rows are left out of " << request.out << "\n";
    }
    if (kept == 0)
        text << "No row can be published: every group of " << sensitive << "'s values needs more rows or values.\n";

    if (!request.json.empty()) {
        Json json;
        json["rows"] = table.rowCount;
        json["k"] = parameters.minGroupSize;
        json["dl_inference"] = {{"sensitive", sensitive},
                                {"d", parameters.d},
                                {"l", parameters.l},
                                {"heuristic", core::nameIn(core::partitionHeuristicNames, parameters.heuristic)}};
        Json quasiIdentifiers = Json::array();
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
            quasiIdentifiers.push_back({{"column", names[static_cast<std::size_t>(parameters.quasiIdentifiers[q])]},
                                        {"information_loss", anonymization.columnLoss[q]}});
        json["quasi_identifiers"] = std::move(quasiIdentifiers);
        json["removed_rows"] = removed;
        json["kept_rows"] = kept;
        json["information_loss"] = anonymization.informationLoss;
        json["groups"] = anonymization.groups.size();
        json["definition_8"] = anonymization.check.satisfied;
        json["stats"] = {{"load_seconds", request.loadSeconds},
                         {"phase1_seconds", anonymization.stats.phase1Seconds},
                         {"phase2_seconds", anonymization.stats.phase2Seconds},
                         {"write_seconds", writeSeconds},
                         {"removed_by_grouping", anonymization.stats.groupingRemovedRows},
                         {"removed_by_group_size", anonymization.stats.phase2RemovedRows}};
        if (!outputs.prepareJson(request.json, json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"))
            return exitInputError;
    }
    const auto finish = [&outputs](int status) { return outputs.commit() ? status : exitInputError; };
    if (kept == 0)
        return finish(exitInputError);
    if (request.report.outputs.empty())
        return finish(exitOk);

    core::ColumnSet protectedColumns;
    for (const int column : parameters.quasiIdentifiers)
        protectedColumns = protectedColumns.with(column);
    core::ReportInput report;
    report.roles.assign(table.columnCount(), core::ColumnRole::Ignored);
    for (const int column : parameters.quasiIdentifiers)
        report.roles[static_cast<std::size_t>(column)] = core::ColumnRole::QuasiIdentifier;
    report.roles[static_cast<std::size_t>(parameters.sensitive)] = core::ColumnRole::Sensitive;
    report.parameters.k = verificationK(parameters.minGroupSize);
    report.parameters.threads = request.threads;
    report.parameters.columns = protectedColumns;
    report.result = quasiIdentifierSearch(table, report.parameters.k, request.threads, protectedColumns,
                                          core::Algorithm::Auto, stop);
    if (!report.result.complete) {
        std::cerr << "qiscout-cli: cancelled while searching the original table for the report.\n";
        exitStopped();
    }
    // The re-check on the published table, by the border search as anonymize's lattice mode does it.
    const core::SearchResult after = quasiIdentifierSearch(published, report.parameters.k, request.threads,
                                                           protectedColumns, core::Algorithm::Border, stop);
    if (!after.complete) {
        std::cerr << "qiscout-cli: cancelled while re-checking the protected table.\n";
        exitStopped();
    }
    report.loadSeconds = request.loadSeconds;
    report.protection = core::buildProtectionReport(table, parameters, anonymization, published, report.result, after);
    report.protection->outputPath = request.out;
    report.protectedRelease = core::dlInferenceRelease(std::move(published), parameters);
    report.table = std::make_shared<const core::EncodedTable>(std::move(table));
    return finish(prepareReports(request.report, report, outputs, stop));
}

} // namespace qiscout::cli
