// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/project/project_file.h"

#include <filesystem>
#include <limits>
#include <utility>

#include <nlohmann/json.hpp>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/io/reading/source_format.h"

namespace qiscout::core {
namespace {

constexpr const char* formatName = "qiscout-project";
constexpr int formatVersion = 1;

TextEncoding parseEncoding(const std::string& text)
{
    if (const auto encoding = parseTextEncoding(text))
        return *encoding;
    throw ProjectError("The project names an unknown text encoding \"" + text + "\".");
}

nlohmann::json loadOptionsToJson(const LoadOptions& options)
{
    nlohmann::json json;
    json["delimiter"] = options.delimiter ? nlohmann::json(std::string(1, *options.delimiter)) : nlohmann::json();
    json["hasHeader"] = options.hasHeader ? nlohmann::json(*options.hasHeader) : nlohmann::json();
    json["missingTokens"] = options.missingTokens;
    json["encoding"] = toString(options.encoding);
    json["skipRaggedRows"] = options.skipRaggedRows;
    json["format"] = options.format ? nlohmann::json(nameIn(sourceFormatNames, *options.format)) : nlohmann::json();
    json["sheet"] = options.sheet;
    json["table"] = options.table;
    json["query"] = options.query;
    json["valueLabels"] = options.valueLabels;
    // LoadOptions::password is deliberately not written: projects are shared, passwords are not.
    return json;
}

LoadOptions loadOptionsFromJson(const nlohmann::json& json)
{
    LoadOptions options;
    if (const auto it = json.find("delimiter"); it != json.end() && !it->is_null()) {
        const auto delimiter = it->get<std::string>();
        if (delimiter.size() != 1)
            throw ProjectError("The project's delimiter must be a single character.");
        options.delimiter = delimiter.front();
    }
    if (const auto it = json.find("hasHeader"); it != json.end() && !it->is_null())
        options.hasHeader = it->get<bool>();
    if (const auto it = json.find("missingTokens"); it != json.end())
        options.missingTokens = it->get<std::vector<std::string>>();
    if (const auto it = json.find("encoding"); it != json.end())
        options.encoding = parseEncoding(it->get<std::string>());
    options.skipRaggedRows = json.value("skipRaggedRows", false);
    if (const auto it = json.find("format"); it != json.end() && !it->is_null()) {
        const auto name = it->get<std::string>();
        options.format = valueIn(sourceFormatNames, name);
        if (!options.format)
            throw ProjectError("The project names an unknown source format \"" + name + "\".");
    }
    options.sheet = json.value("sheet", std::string());
    options.table = json.value("table", std::string());
    options.query = json.value("query", std::string());
    options.valueLabels = json.value("valueLabels", true);
    return options;
}

/// Whether the project's table is a PostgreSQL connection rather than a file.
bool isConnection(const Project& project)
{
    const SourceFormat format =
        project.loadOptions.format ? *project.loadOptions.format : detectSourceFormat(project.tablePath);
    return format == SourceFormat::PostgreSql;
}

nlohmann::json parametersToJson(const SearchParameters& parameters, Algorithm algorithm)
{
    nlohmann::json json;
    json["k"] = parameters.k;
    json["threads"] = parameters.threads ? nlohmann::json(*parameters.threads) : nlohmann::json();
    json["batchSize"] = parameters.batchSize ? nlohmann::json(*parameters.batchSize) : nlohmann::json();
    json["maxSetSize"] = parameters.maxSetSize ? nlohmann::json(*parameters.maxSetSize) : nlohmann::json();
    json["algorithm"] = toString(algorithm);
    json["missingSemantics"] = toString(parameters.missingSemantics);
    return json;
}

/// An integer setting within T's range; nlohmann's get<int>() would convert 1e300 or -1 with
/// undefined or wrapped results. Range checks beyond the type are the engine's (#19).
template <typename T>
std::optional<T> optionalInteger(const nlohmann::json& json, const char* key)
{
    const auto it = json.find(key);
    if (it == json.end() || it->is_null())
        return std::nullopt;
    const bool fits = it->is_number_unsigned() ? std::in_range<T>(it->get<std::uint64_t>())
                                               : it->is_number_integer() && std::in_range<T>(it->get<std::int64_t>());
    if (!fits)
        throw ProjectError("The project's parameter \"" + std::string(key) + "\" must be a whole number from " +
                           std::to_string(std::numeric_limits<T>::min()) + " to " +
                           std::to_string(std::numeric_limits<T>::max()) + ", not " + it->dump() + ".");
    if (it->is_number_unsigned())
        return static_cast<T>(it->get<std::uint64_t>());
    return static_cast<T>(it->get<std::int64_t>());
}

nlohmann::json protectionToJson(const ProtectionSettings& protection)
{
    nlohmann::json json;
    auto columns = nlohmann::json::array();
    for (const auto& column : protection.quasiIdentifiers)
        columns.push_back(
            {{"column", column.column}, {"source", column.hierarchySource}, {"hierarchy", column.hierarchy.rows}});
    json["quasiIdentifiers"] = std::move(columns);
    json["k"] = protection.k;
    json["lDiversity"] =
        protection.diversity
            ? nlohmann::json{{"column", protection.diversity->column},
                             {"variant", std::string(nameIn(diversityVariantNames, protection.diversity->variant))},
                             {"l", protection.diversity->l},
                             {"c", protection.diversity->c}}
            : nlohmann::json();
    json["tCloseness"] = protection.closeness
                             ? nlohmann::json{{"column", protection.closeness->column}, {"t", protection.closeness->t}}
                             : nlohmann::json();
    json["suppressionLimit"] = protection.suppressionLimit;
    json["metric"] = std::string(nameIn(utilityMetricNames, protection.metric));
    json["threads"] = protection.threads ? nlohmann::json(*protection.threads) : nlohmann::json();
    json["chosenLevels"] = protection.chosenLevels ? nlohmann::json(*protection.chosenLevels) : nlohmann::json();
    if (protection.dlInference)
        json["dlInference"] = {{"sensitive", protection.dlInference->sensitive},
                               {"d", protection.dlInference->d},
                               {"l", protection.dlInference->l},
                               {"heuristic", toString(protection.dlInference->heuristic)}};
    return json;
}

ProtectionSettings protectionFromJson(const nlohmann::json& json)
{
    ProtectionSettings protection;
    for (const auto& entry : json.at("quasiIdentifiers")) {
        ProtectedColumnSetting column;
        column.column = entry.at("column").get<std::string>();
        column.hierarchySource = entry.value("source", std::string("project"));
        column.hierarchy.rows = entry.at("hierarchy").get<std::vector<std::vector<std::string>>>();
        try {
            validateHierarchy(column.hierarchy, "the project's hierarchy for " + column.column);
        } catch (const HierarchyError& error) {
            throw ProjectError(error.what());
        }
        protection.quasiIdentifiers.push_back(std::move(column));
    }
    protection.k = optionalInteger<std::uint64_t>(json, "k").value_or(5);
    if (const auto it = json.find("lDiversity"); it != json.end() && !it->is_null()) {
        const auto variantName = it->value("variant", std::string("distinct"));
        const auto variant = valueIn(diversityVariantNames, variantName);
        if (!variant)
            throw ProjectError("The project names an unknown l-diversity variant \"" + variantName + "\".");
        protection.diversity =
            DiversitySetting{it->at("column").get<std::string>(), *variant, it->value("l", 2.0), it->value("c", 1.0)};
    }
    if (const auto it = json.find("tCloseness"); it != json.end() && !it->is_null())
        protection.closeness = ClosenessSetting{it->at("column").get<std::string>(), it->value("t", 0.2)};
    protection.suppressionLimit = json.value("suppressionLimit", 0.0);
    if (!(protection.suppressionLimit >= 0.0 && protection.suppressionLimit <= 1.0))
        throw ProjectError("The project's suppression limit must be between 0 and 1.");
    const auto metricName = json.value("metric", std::string("loss"));
    const auto metric = valueIn(utilityMetricNames, metricName);
    if (!metric)
        throw ProjectError("The project names an unknown utility metric \"" + metricName + "\".");
    protection.metric = *metric;
    protection.threads = optionalInteger<int>(json, "threads");
    if (const auto it = json.find("chosenLevels"); it != json.end() && !it->is_null()) {
        std::vector<int> levels;
        for (const auto& level : *it) {
            if (!level.is_number_integer() || !std::in_range<int>(level.get<std::int64_t>()))
                throw ProjectError("The project's chosen levels must be whole numbers, not " + level.dump() + ".");
            levels.push_back(static_cast<int>(level.get<std::int64_t>()));
        }
        protection.chosenLevels = std::move(levels);
    }
    if (const auto it = json.find("dlInference"); it != json.end() && !it->is_null()) {
        DlInferenceSetting dl;
        dl.sensitive = it->at("sensitive").get<std::string>();
        dl.d = optionalInteger<std::uint64_t>(*it, "d").value_or(dl.d);
        dl.l = optionalInteger<std::uint64_t>(*it, "l").value_or(dl.l);
        if (dl.l < 1)
            throw ProjectError("The project's (d, l)-inference l must be at least 1.");
        const auto heuristicName = it->value("heuristic", std::string(toString(dl.heuristic)));
        const auto heuristic = parsePartitionHeuristic(heuristicName);
        if (!heuristic)
            throw ProjectError("The project names an unknown (d, l)-inference grouping \"" + heuristicName + "\".");
        dl.heuristic = *heuristic;
        protection.dlInference = std::move(dl);
    }
    return protection;
}

nlohmann::json riskToJson(const RiskSettings& risk)
{
    return {{"keyColumns", risk.keyColumns},
            {"samplingFraction", risk.samplingFraction},
            {"scoring", toString(risk.scoring)}};
}

RiskSettings riskFromJson(const nlohmann::json& json)
{
    RiskSettings risk;
    risk.keyColumns = json.value("keyColumns", std::vector<std::string>());
    risk.samplingFraction = json.value("samplingFraction", risk.samplingFraction);
    if (!(risk.samplingFraction > 0.0 && risk.samplingFraction <= 1.0))
        throw ProjectError("The project's sampling fraction must be more than 0 and at most 1.");
    const auto scoringName = json.value("scoring", std::string(toString(risk.scoring)));
    const auto scoring = valueIn(sudaScoringNames, scoringName);
    if (!scoring)
        throw ProjectError("The project names an unknown SUDA scoring \"" + scoringName + "\".");
    risk.scoring = *scoring;
    return risk;
}

} // namespace

std::string projectToJson(const Project& project)
{
    nlohmann::json json;
    json["format"] = formatName;
    json["version"] = formatVersion;
    json["table"] = isConnection(project) ? withoutPassword(project.tablePath) : project.tablePath;
    json["import"] = loadOptionsToJson(project.loadOptions);
    auto roles = nlohmann::json::array();
    for (const auto& role : project.roles)
        roles.push_back({{"column", role.column}, {"role", toString(role.role)}});
    json["roles"] = std::move(roles);
    json["parameters"] = parametersToJson(project.parameters, project.algorithm);
    if (project.protection)
        json["protection"] = protectionToJson(*project.protection);
    if (project.risk)
        json["risk"] = riskToJson(*project.risk);
    json["analysed"] = project.analysed;
    try {
        return json.dump(2) + "\n";
    } catch (const nlohmann::json::type_error&) {
        // A Linux path or a column name may hold bytes that are not UTF-8, which JSON cannot.
        throw ProjectError("The project cannot be saved: its table path or a column name is not valid UTF-8 text.");
    }
}

Project projectFromJson(const std::string& text)
{
    try {
        const auto json = nlohmann::json::parse(text);
        if (!json.is_object() || json.value("format", std::string()) != formatName)
            throw ProjectError("This is not a QIScout project file.");
        if (const int version = optionalInteger<int>(json, "version").value_or(0); version != formatVersion)
            throw ProjectError("This project was written by a newer QIScout (format version " +
                               std::to_string(version) + ").");
        Project project;
        project.tablePath = json.at("table").get<std::string>();
        if (const auto it = json.find("import"); it != json.end())
            project.loadOptions = loadOptionsFromJson(*it);
        if (const auto it = json.find("roles"); it != json.end()) {
            for (const auto& entry : *it) {
                const auto roleName = entry.at("role").get<std::string>();
                const auto role = parseColumnRole(roleName);
                if (!role)
                    throw ProjectError("The project gives an unknown column role \"" + roleName + "\".");
                project.roles.push_back({entry.at("column").get<std::string>(), *role});
            }
        }
        if (const auto it = json.find("parameters"); it != json.end()) {
            const auto& parameters = *it;
            project.parameters.k = optionalInteger<std::uint64_t>(parameters, "k").value_or(1);
            project.parameters.threads = optionalInteger<int>(parameters, "threads");
            project.parameters.batchSize = optionalInteger<std::uint32_t>(parameters, "batchSize");
            project.parameters.maxSetSize = optionalInteger<int>(parameters, "maxSetSize");
            const auto algorithmName = parameters.value("algorithm", std::string("auto"));
            const auto algorithm = parseAlgorithm(algorithmName);
            if (!algorithm)
                throw ProjectError("The project names an unknown search strategy \"" + algorithmName + "\".");
            project.algorithm = *algorithm;
            // Projects written before the choice existed searched with missing cells as values.
            const auto semanticsName = parameters.value("missingSemantics", std::string("value"));
            const auto semantics = parseMissingSemantics(semanticsName);
            if (!semantics)
                throw ProjectError("The project names unknown missing-value semantics \"" + semanticsName + "\".");
            project.parameters.missingSemantics = *semantics;
        }
        if (const auto it = json.find("protection"); it != json.end() && !it->is_null())
            project.protection = protectionFromJson(*it);
        if (const auto it = json.find("risk"); it != json.end() && !it->is_null())
            project.risk = riskFromJson(*it);
        project.analysed = json.value("analysed", false);
        return project;
    } catch (const nlohmann::json::exception& error) {
        throw ProjectError(std::string("The project file is not valid: ") + error.what() + ".");
    }
}

void saveProject(const std::string& path, const Project& project)
{
    try {
        writeFileAtomically(path, projectToJson(project));
    } catch (const FileWriteError& error) {
        throw ProjectError(error.what());
    }
}

Project loadProject(const std::string& path)
{
    std::string text;
    try {
        text = readRegularFile(path, maxProjectFileBytes, "the project file");
    } catch (const FileReadError& error) {
        throw ProjectError(error.what());
    }
    Project project = projectFromJson(text);
    if (isConnection(project))
        return project;
    // "sqlite:PATH" keeps its prefix; the path inside it is resolved like any other.
    const std::string file = sourceFilePath(project.tablePath);
    const std::string prefix = project.tablePath.substr(0, project.tablePath.size() - file.size());
    const std::filesystem::path table(file);
    if (table.is_relative())
        project.tablePath = prefix + (std::filesystem::path(path).parent_path() / table).lexically_normal().string();
    return project;
}

} // namespace qiscout::core
