// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/dependency_json.h"

#include <set>

#include <nlohmann/json.hpp>

#include "report/dependency_json_fields.h"

namespace qiscout::core {
namespace {

// nlohmann::json keeps keys sorted, as the dependency JSON always had them.
using SortedJson = nlohmann::json;

std::string dumped(const SortedJson& document)
{
    // Names and values come from the file; invalid UTF-8 is replaced rather than failing the output.
    return document.dump(2, ' ', false, SortedJson::error_handler_t::replace) + "\n";
}

SortedJson sensitiveValuesJson(const SensitiveProfile& profile, const EncodedColumn& column)
{
    SortedJson values = SortedJson::object();
    for (const auto& [code, rows] : profile.counts)
        values[column.text(code)] = rows;
    return values;
}

SortedJson rowNumbersJson(const std::vector<std::uint32_t>& rows)
{
    SortedJson numbers = SortedJson::array();
    for (const std::uint32_t row : rows)
        numbers.push_back(std::uint64_t{row} + 1);
    return numbers;
}

} // namespace

std::string dependenciesToJson(const DependencyResult& result, const DependencyJsonContext& context)
{
    SortedJson document;
    document["source"] = context.sourcePath;
    document["rows"] = context.rows;
    document["examined_columns"] = columnNamesJson<SortedJson>(result.examined, context.columnNames);
    document["quasi_identifiers"] = columnNamesJson<SortedJson>(context.quasiIdentifiers, context.columnNames);
    document["max_lhs"] = result.maxLhs ? SortedJson(*result.maxLhs) : SortedJson(nullptr);
    document["complete"] = result.complete;
    SortedJson dependencies = SortedJson::array();
    for (const FunctionalDependency& dependency : result.dependencies)
        dependencies.push_back(dependencyJson<SortedJson>(dependency, context.columnNames, context.quasiIdentifiers));
    document["dependencies"] = std::move(dependencies);
    document["stats"] = {{"checks", result.stats.checks},   {"partitions", result.stats.partitions},
                         {"levels", result.stats.levels},   {"threads", result.threads},
                         {"seconds", result.stats.seconds}, {"load_seconds", context.loadSeconds}};
    return dumped(document);
}

std::string attackCheckToJson(const AttackCheck& check, const EncodedTable& published,
                              const AttackParameters& parameters, const AttackJsonContext& context)
{
    const std::vector<std::string> names = published.columnNames();
    const EncodedColumn& sensitive = published.columns[static_cast<std::size_t>(parameters.sensitive)];
    std::set<std::size_t> named;

    SortedJson document;
    document["source"] = context.sourcePath;
    document["rows"] = published.rowCount;
    document["quasi_identifiers"] = columnNamesJson<SortedJson>(parameters.quasiIdentifiers, names);
    document["sensitive"] = sensitive.name;
    document["l"] = parameters.requirement.l;
    document["d"] = parameters.requirement.d ? SortedJson(*parameters.requirement.d) : SortedJson(nullptr);
    document["dependency_source"] = context.dependencySource;
    document["qi_groups"] = check.groups.size();
    document["non_diverse_groups"] = check.nonDiverseGroups;
    named.insert(check.nonDiverseGroups.begin(), check.nonDiverseGroups.end());

    SortedJson violations = SortedJson::array();
    for (const DlViolation& violation : check.dlInference.violations) {
        SortedJson values = SortedJson::array();
        for (const std::uint32_t code : violation.values)
            values.push_back(sensitive.text(code));
        violations.push_back({{"condition", toString(violation.condition)},
                              {"groups", violation.groups},
                              {"sensitive_values", std::move(values)}});
        named.insert(violation.groups.begin(), violation.groups.end());
    }
    document["dl_inference"] = {{"satisfied", check.dlInference.satisfied},
                                {"violation_count", check.dlInference.violationCount},
                                {"violations", std::move(violations)}};
    document["attack_succeeds"] = check.attackSucceeds();
    document["complete"] = check.complete;

    SortedJson dependencies = SortedJson::array();
    for (const DependencyAttack& attack : check.attacks) {
        SortedJson entry = dependencyJson<SortedJson>(attack.dependency, names, parameters.quasiIdentifiers);
        entry["checked"] = !attack.safe;
        entry["succeeds"] = attack.safe ? SortedJson(nullptr) : SortedJson(attack.succeeds());
        entry["matched_pairs"] = attack.matchedPairs;
        SortedJson findings = SortedJson::array();
        for (const AttackFinding& finding : attack.findings) {
            findings.push_back({{"kind", toString(finding.kind)},
                                {"group", finding.group},
                                {"partners", finding.partners},
                                {"inferred_values", finding.inferredValues},
                                {"row_numbers", rowNumbersJson(finding.rows)},
                                {"sensitive_values", sensitiveValuesJson(finding.exposed, sensitive)}});
            named.insert(finding.group);
            named.insert(finding.partners.begin(), finding.partners.end());
        }
        entry["findings"] = std::move(findings);
        dependencies.push_back(std::move(entry));
    }
    document["dependencies"] = std::move(dependencies);

    SortedJson groups = SortedJson::array();
    for (const std::size_t group : named) {
        const std::vector<std::uint32_t>& rows = check.groups[group];
        SortedJson cells = SortedJson::object();
        for (const int column : parameters.quasiIdentifiers.columns())
            cells[names[static_cast<std::size_t>(column)]] =
                published.text(rows.front(), static_cast<std::size_t>(column));
        groups.push_back({{"group", group},
                          {"rows", rows.size()},
                          {"first_row_number", std::uint64_t{rows.front()} + 1},
                          {"cells", std::move(cells)},
                          {"sensitive_values", sensitiveValuesJson(check.profiles[group], sensitive)}});
    }
    document["groups"] = std::move(groups);
    document["stats"] = {{"load_seconds", context.loadSeconds}};
    return dumped(document);
}

} // namespace qiscout::core
