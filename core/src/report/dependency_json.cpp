// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/dependency_json.h"

#include <set>

#include <nlohmann/json.hpp>

#include "report/dependency_json_fields.h"

namespace qiscout::core {
namespace {

using Json = nlohmann::json;

std::string dumped(const Json& document)
{
    // Names and values come from the file; invalid UTF-8 is replaced rather than failing the output.
    return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Json sensitiveValuesJson(const SensitiveProfile& profile, const EncodedColumn& column)
{
    Json values = Json::object();
    for (const auto& [code, rows] : profile.counts)
        values[column.text(code)] = rows;
    return values;
}

Json rowNumbersJson(const std::vector<std::uint32_t>& rows)
{
    Json numbers = Json::array();
    for (const std::uint32_t row : rows)
        numbers.push_back(std::uint64_t{row} + 1);
    return numbers;
}

} // namespace

std::string dependenciesToJson(const DependencyResult& result, const DependencyJsonContext& context)
{
    Json document;
    document["source"] = context.sourcePath;
    document["rows"] = context.rows;
    document["examined_columns"] = columnNamesJson<Json>(result.examined, context.columnNames);
    document["quasi_identifiers"] = columnNamesJson<Json>(context.quasiIdentifiers, context.columnNames);
    document["max_lhs"] = result.maxLhs ? Json(*result.maxLhs) : Json(nullptr);
    document["complete"] = result.complete;
    Json dependencies = Json::array();
    for (const FunctionalDependency& dependency : result.dependencies)
        dependencies.push_back(dependencyJson<Json>(dependency, context.columnNames, context.quasiIdentifiers));
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

    Json document;
    document["source"] = context.sourcePath;
    document["rows"] = published.rowCount;
    document["quasi_identifiers"] = columnNamesJson<Json>(parameters.quasiIdentifiers, names);
    document["sensitive"] = sensitive.name;
    document["l"] = parameters.requirement.l;
    document["d"] = parameters.requirement.d ? Json(*parameters.requirement.d) : Json(nullptr);
    document["dependency_source"] = context.dependencySource;
    document["qi_groups"] = check.groups.size();
    document["non_diverse_groups"] = check.nonDiverseGroups;
    named.insert(check.nonDiverseGroups.begin(), check.nonDiverseGroups.end());

    Json violations = Json::array();
    for (const DlViolation& violation : check.dlInference.violations) {
        Json values = Json::array();
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

    Json dependencies = Json::array();
    for (const DependencyAttack& attack : check.attacks) {
        Json entry = dependencyJson<Json>(attack.dependency, names, parameters.quasiIdentifiers);
        entry["checked"] = !attack.safe;
        entry["succeeds"] = attack.safe ? Json(nullptr) : Json(attack.succeeds());
        entry["matched_pairs"] = attack.matchedPairs;
        Json findings = Json::array();
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

    Json groups = Json::array();
    for (const std::size_t group : named) {
        const std::vector<std::uint32_t>& rows = check.groups[group];
        Json cells = Json::object();
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
