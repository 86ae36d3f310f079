// SPDX-License-Identifier: GPL-3.0-or-later
// `qiscout-cli attack-check`: whether an attacker who knows a functional dependency can narrow a
// published table's QI-groups below l sensitive values (the FFD attack, #18).
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/dependencies/ffd_attack.h"
#include "qiscout/core/report/dependency_json.h"

#include "column_selection.h"
#include "command.h"
#include "failed_allocation.h"
#include "flag_checks.h"
#include "interrupt.h"
#include "json_output.h"
#include "load_flags.h"
#include "output_files.h"
#include "table_input.h"

namespace qiscout::cli {
namespace {

/// Findings printed per dependency; the JSON lists them all.
constexpr std::size_t printedFindings = 10;

struct AttackCheckOptions {
    std::string file;
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    std::uint64_t l = 2;
    std::optional<std::uint64_t> d;
    std::string original;
    std::vector<std::string> dependencies;
    std::optional<int> maxLhs = 3;
    std::optional<int> threads;
    std::string json;
    LoadFlags load;
};

/// "A,B->C" with the names of `table`. Throws UnknownColumnError.
core::FunctionalDependency parseDependency(const core::EncodedTable& table, const std::string& text)
{
    const std::size_t arrow = text.find("->");
    if (arrow == std::string::npos)
        throw UnknownColumnError("--dependency '" + text + "' is not of the form A,B->C.");
    std::vector<std::string> lhs;
    const std::string left = text.substr(0, arrow);
    for (std::size_t begin = 0; begin < left.size();) {
        const std::size_t comma = std::min(left.find(',', begin), left.size());
        if (comma > begin)
            lhs.push_back(left.substr(begin, comma - begin));
        begin = comma + 1;
    }
    core::FunctionalDependency dependency;
    dependency.lhs = columnSet(table, lhs, "--dependency");
    dependency.rhs = requireColumn(table, text.substr(arrow + 2), "--dependency");
    if (dependency.lhs.contains(dependency.rhs))
        throw UnknownColumnError("--dependency '" + text + "' has its dependent among its determinant.");
    return dependency;
}

void printCheck(std::ostream& out, const core::AttackCheck& check, const core::EncodedTable& table,
                const core::AttackParameters& parameters, const std::string& source)
{
    const std::vector<std::string> names = table.columnNames();
    const core::EncodedColumn& sensitive = table.columns[static_cast<std::size_t>(parameters.sensitive)];
    out << table.sourcePath << ": " << table.rowCount << " rows in " << check.groups.size() << " QI-groups on "
        << core::describe(parameters.quasiIdentifiers, names) << ", sensitive " << sensitive.name
        << ", l = " << parameters.requirement.l
        << (parameters.requirement.d ? ", d = " + std::to_string(*parameters.requirement.d) : "") << "\nDependencies "
        << source << "\n\n";
    if (!check.nonDiverseGroups.empty())
        out << check.nonDiverseGroups.size()
            << " QI-groups are not l-diverse on their own, before any dependency is used.\n";
    out << "(d, l)-inference (Definition 8): "
        << (check.dlInference.satisfied
                ? "satisfied"
                : "not satisfied (" + std::to_string(check.dlInference.violationCount) + " violations)")
        << "\n\n";
    for (const core::DependencyAttack& attack : check.attacks) {
        out << core::describe(attack.dependency, names) << ": ";
        if (attack.safe) {
            out << "safe (its determinant lies within the quasi-identifiers)\n";
            continue;
        }
        out << (attack.succeeds() ? "the attack SUCCEEDS" : "the attack fails") << " (" << attack.matchedPairs
            << " pairs of QI-groups share determinant values, " << attack.findings.size() << " findings)\n";
        for (std::size_t i = 0; i < std::min(printedFindings, attack.findings.size()); ++i) {
            const core::AttackFinding& finding = attack.findings[i];
            out << "    group " << finding.group << " " << core::toString(finding.kind) << " with group"
                << (finding.partners.size() == 1 ? " " : "s ");
            for (std::size_t p = 0; p < finding.partners.size(); ++p)
                out << (p > 0 ? "," : "") << finding.partners[p];
            out << ": " << finding.rows.size() << (finding.rows.size() == 1 ? " row" : " rows") << " with ";
            for (std::size_t v = 0; v < finding.exposed.counts.size(); ++v)
                out << (v > 0 ? ", " : "") << sensitive.text(finding.exposed.counts[v].first) << " ("
                    << finding.exposed.counts[v].second << ")";
            out << "\n";
        }
        if (attack.findings.size() > printedFindings)
            out << "    ... and " << attack.findings.size() - printedFindings << " more (see --json)\n";
    }
    out << "\n"
        << (check.attackSucceeds() ? "The FFD attack succeeds through at least one dependency."
                                   : "No unsafe dependency lets the FFD attack succeed.")
        << "\n";
}

int runAttackCheck(const AttackCheckOptions& options)
{
    const InterruptWatcher interrupt;
    if (const int status = checkOutputPaths({options.json}, {options.file, options.original}); status != exitOk)
        return status;
    TableInput input = loadTableInput(options.file, options.load, interrupt.token());
    if (!input.table)
        return input.exitCode;
    const core::EncodedTable& table = *input.table;

    core::AttackParameters parameters;
    parameters.requirement.l = options.l;
    parameters.requirement.d = options.d;
    std::vector<core::FunctionalDependency> dependencies;
    std::string source;
    try {
        parameters.quasiIdentifiers = columnSet(table, options.quasiIdentifiers, "--qi");
        parameters.sensitive = requireColumn(table, options.sensitive, "--sensitive");
        for (const std::string& text : options.dependencies)
            dependencies.push_back(parseDependency(table, text));
    } catch (const UnknownColumnError& error) {
        std::cerr << "qiscout-cli attack-check: " << error.what() << '\n';
        return exitUsage;
    }

    core::DependencyParameters discovery;
    discovery.maxLhs = options.maxLhs;
    discovery.threads = options.threads;
    try {
        if (!options.dependencies.empty()) {
            source = "given";
        } else if (!options.original.empty()) {
            TableInput original = loadTableInput(options.original, options.load, interrupt.token());
            if (!original.table)
                return original.exitCode;
            const core::DependencyResult found =
                core::discoverDependencies(*original.table, discovery, interrupt.token());
            if (!found.complete)
                exitStopped();
            for (const std::optional<core::FunctionalDependency>& mapped :
                 core::mapByColumnName(found.dependencies, *original.table, table))
                if (mapped)
                    dependencies.push_back(*mapped);
            source = "original";
        } else {
            const core::DependencyResult found = core::discoverDependencies(table, discovery, interrupt.token());
            if (!found.complete)
                exitStopped();
            dependencies = found.dependencies;
            source = "file";
        }
    } catch (const core::DependencyParameterError& error) {
        std::cerr << "qiscout-cli attack-check: " << error.what() << '\n';
        return exitUsage;
    }

    core::AttackCheck check;
    try {
        setMemoryPhase("checking the dependency attack on " + std::to_string(table.rowCount) + " rows");
        check = core::checkFfdAttack(table, dependencies, parameters, interrupt.token());
    } catch (const core::AttackParameterError& error) {
        std::cerr << "qiscout-cli attack-check: " << error.what() << '\n';
        return exitUsage;
    }
    if (!check.complete) {
        std::cerr << "qiscout-cli: attack check cancelled.\n";
        exitStopped();
    }

    const std::string sourceText = source == "given"      ? "as given on the command line"
                                   : source == "original" ? "discovered on " + options.original
                                                          : "discovered on the checked table itself";
    const bool jsonToStdout = options.json == "-";
    printCheck(jsonToStdout ? std::cerr : std::cout, check, table, parameters, sourceText);
    if (options.json.empty())
        return exitOk;
    core::AttackJsonContext context;
    context.sourcePath = table.sourcePath;
    context.dependencySource = source;
    context.loadSeconds = input.seconds;
    return writeJsonOutput(options.json, core::attackCheckToJson(check, table, parameters, context));
}

} // namespace

void addAttackCheckCommand(CLI::App& app, Command& selected)
{
    auto options = std::make_shared<AttackCheckOptions>();
    CLI::App* command = app.add_subcommand(
        "attack-check", "Check a published (generalised) table against the FFD attack of every unsafe dependency");
    command->add_option("file", options->file, "The published table: values, intervals [a, b] or *")->required();
    command->add_option("--qi", options->quasiIdentifiers, "The generalised columns that form the QI-groups")
        ->required()
        ->delimiter(',');
    command->add_option("--sensitive", options->sensitive, "The sensitive column")->required();
    command->add_option("--l", options->l, "Distinct sensitive values every QI-group must show (at least 1)")
        ->required()
        ->check(atLeastOne());
    command->add_option("--d", options->d, "Largest difference between two values' row counts in a group (d-closeness)")
        ->check(CLI::NonNegativeNumber);
    command->add_option("--original", options->original,
                        "The unprotected table: dependencies are discovered there (default: on FILE itself)");
    command->add_option("--dependency", options->dependencies,
                        "A dependency the attacker knows, as A,B->C (repeatable)");
    command->add_option("--max-lhs", options->maxLhs, "Largest determinant when discovering dependencies (default: 3)")
        ->check(CLI::NonNegativeNumber);
    command->add_option("--threads", options->threads, "Worker threads (default: all cores)")->check(atLeastOne());
    command->add_option("--json", options->json, "Also write the check as JSON to this file ('-' for stdout)");
    options->load.addTo(*command);
    command->callback([options, &selected] { selected = [options] { return runAttackCheck(*options); }; });
}

} // namespace qiscout::cli
