// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/project/project_file.h"

#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/io/reading/source_format.h"

namespace qiscout::core {
namespace {

constexpr const char* formatName = "qiscout-project";
constexpr int formatVersion = 1;

/// What a project file's value must be, in the words of the messages below.
template <typename T>
std::string expectedType()
{
    if constexpr (std::is_same_v<T, std::string>)
        return "text";
    else if constexpr (std::is_same_v<T, bool>)
        return "true or false";
    else if constexpr (std::is_same_v<T, double>)
        return "a number";
    else if constexpr (std::is_same_v<T, std::vector<std::string>>)
        return "a list of texts";
    else {
        static_assert(std::is_same_v<T, std::vector<std::vector<std::string>>>, "say what the project expects");
        return "a list of lists of texts";
    }
}

/// `value` as T; nlohmann's type_error names neither the key nor what was expected, so a value of
/// another type is a ProjectError that does.
template <typename T>
T as(const nlohmann::json& value, const char* key)
{
    try {
        return value.get<T>();
    } catch (const nlohmann::json::type_error&) {
        throw ProjectError("The project's \"" + std::string(key) + "\" must be " + expectedType<T>() + ", not " +
                           (value.is_null() ? std::string("null") : std::string("a ") + value.type_name()) + ".");
    }
}

/// The value of `key` in `object` as T (see as()), or `fallback` when it has none.
template <typename T>
T valueOf(const nlohmann::json& object, const char* key, T fallback)
{
    const auto it = object.find(key);
    return it == object.end() ? fallback : as<T>(*it, key);
}

/// The value of `key` in `object` as T (see as()); a ProjectError when it has none.
template <typename T>
T required(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    if (it == object.end())
        throw ProjectError("The project lacks \"" + std::string(key) + "\".");
    return as<T>(*it, key);
}

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
        const auto delimiter = as<std::string>(*it, "delimiter");
        if (delimiter.size() != 1)
            throw ProjectError("The project's delimiter must be a single character.");
        options.delimiter = delimiter.front();
    }
    if (const auto it = json.find("hasHeader"); it != json.end() && !it->is_null())
        options.hasHeader = as<bool>(*it, "hasHeader");
    if (const auto it = json.find("missingTokens"); it != json.end())
        options.missingTokens = as<std::vector<std::string>>(*it, "missingTokens");
    if (const auto it = json.find("encoding"); it != json.end())
        options.encoding = parseEncoding(as<std::string>(*it, "encoding"));
    options.skipRaggedRows = valueOf(json, "skipRaggedRows", false);
    if (const auto it = json.find("format"); it != json.end() && !it->is_null()) {
        const auto name = as<std::string>(*it, "format");
        options.format = valueIn(sourceFormatNames, name);
        if (!options.format)
            throw ProjectError("The project names an unknown source format \"" + name + "\".");
    }
    options.sheet = valueOf(json, "sheet", std::string());
    options.table = valueOf(json, "table", std::string());
    options.query = valueOf(json, "query", std::string());
    options.valueLabels = valueOf(json, "valueLabels", true);
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
    json["tCloseness"] = nlohmann::json();
    if (const auto& closeness = protection.closeness) {
        json["tCloseness"] = {{"column", closeness->column}, {"t", closeness->t}};
        // Without "distance" the column's type chooses it, as in projects from before #40.
        if (closeness->distance)
            json["tCloseness"]["distance"] = std::string(nameIn(closenessDistanceNames, *closeness->distance));
        if (closeness->distance == ClosenessDistance::Hierarchical)
            json["tCloseness"].update(
                {{"source", closeness->hierarchySource}, {"hierarchy", closeness->hierarchy.rows}});
    }
    json["suppressionLimit"] = protection.suppressionLimit;
    json["metric"] = std::string(nameIn(utilityMetricNames, protection.metric));
    json["threads"] = protection.threads ? nlohmann::json(*protection.threads) : nlohmann::json();
    json["chosenLevels"] = protection.chosenLevels ? nlohmann::json(*protection.chosenLevels) : nlohmann::json();
    if (protection.dlInference)
        json["dlInference"] = {{"sensitive", protection.dlInference->sensitive},
                               {"d", protection.dlInference->d},
                               {"l", protection.dlInference->l},
                               {"heuristic", toString(protection.dlInference->heuristic)}};
    if (protection.localSuppression)
        json["localSuppression"] = {{"generalise", protection.localSuppression->generalise},
                                    {"keepOrder", protection.localSuppression->keepOrder}};
    if (protection.maxColumnLoss)
        json["maxColumnLoss"] = *protection.maxColumnLoss;
    json["heuristicSeconds"] = protection.heuristicSeconds;
    return json;
}

ProtectionSettings protectionFromJson(const nlohmann::json& json)
{
    ProtectionSettings protection;
    for (const auto& entry : json.at("quasiIdentifiers")) {
        ProtectedColumnSetting column;
        column.column = required<std::string>(entry, "column");
        column.hierarchySource = valueOf(entry, "source", std::string("project"));
        column.hierarchy.rows = required<std::vector<std::vector<std::string>>>(entry, "hierarchy");
        try {
            validateHierarchy(column.hierarchy, "the project's hierarchy for " + column.column);
        } catch (const HierarchyError& error) {
            throw ProjectError(error.what());
        }
        protection.quasiIdentifiers.push_back(std::move(column));
    }
    protection.k = optionalInteger<std::uint64_t>(json, "k").value_or(5);
    if (const auto it = json.find("lDiversity"); it != json.end() && !it->is_null()) {
        const auto variantName = valueOf(*it, "variant", std::string("distinct"));
        const auto variant = valueIn(diversityVariantNames, variantName);
        if (!variant)
            throw ProjectError("The project names an unknown l-diversity variant \"" + variantName + "\".");
        protection.diversity = DiversitySetting{required<std::string>(*it, "column"), *variant, valueOf(*it, "l", 2.0),
                                                valueOf(*it, "c", 1.0)};
    }
    if (const auto it = json.find("tCloseness"); it != json.end() && !it->is_null()) {
        ClosenessSetting closeness;
        closeness.column = required<std::string>(*it, "column");
        closeness.t = valueOf(*it, "t", 0.2);
        if (const auto distance = it->find("distance"); distance != it->end() && !distance->is_null()) {
            const auto distanceName = valueOf(*it, "distance", std::string());
            closeness.distance = valueIn(closenessDistanceNames, distanceName);
            if (!closeness.distance)
                throw ProjectError("The project names an unknown t-closeness distance \"" + distanceName + "\".");
        }
        if (closeness.distance == ClosenessDistance::Hierarchical) {
            closeness.hierarchySource = valueOf(*it, "source", std::string("project"));
            closeness.hierarchy.rows = required<std::vector<std::vector<std::string>>>(*it, "hierarchy");
            try {
                validateHierarchy(closeness.hierarchy, "the project's t-closeness hierarchy for " + closeness.column);
            } catch (const HierarchyError& error) {
                throw ProjectError(error.what());
            }
        }
        protection.closeness = std::move(closeness);
    }
    protection.suppressionLimit = valueOf(json, "suppressionLimit", 0.0);
    if (!(protection.suppressionLimit >= 0.0 && protection.suppressionLimit <= 1.0))
        throw ProjectError("The project's suppression limit must be between 0 and 1.");
    const auto metricName = valueOf(json, "metric", std::string("loss"));
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
        dl.sensitive = required<std::string>(*it, "sensitive");
        dl.d = optionalInteger<std::uint64_t>(*it, "d").value_or(dl.d);
        dl.l = optionalInteger<std::uint64_t>(*it, "l").value_or(dl.l);
        if (dl.l < 1)
            throw ProjectError("The project's (d, l)-inference l must be at least 1.");
        const auto heuristicName = valueOf(*it, "heuristic", std::string(toString(dl.heuristic)));
        const auto heuristic = parsePartitionHeuristic(heuristicName);
        if (!heuristic)
            throw ProjectError("The project names an unknown (d, l)-inference grouping \"" + heuristicName + "\".");
        dl.heuristic = *heuristic;
        protection.dlInference = std::move(dl);
    }
    if (const auto it = json.find("localSuppression"); it != json.end() && !it->is_null())
        protection.localSuppression = LocalSuppressionSetting{valueOf(*it, "generalise", true),
                                                              valueOf(*it, "keepOrder", std::vector<std::string>{})};
    if (const auto it = json.find("maxColumnLoss"); it != json.end() && !it->is_null()) {
        protection.maxColumnLoss = valueOf(json, "maxColumnLoss", 1.0);
        if (!(*protection.maxColumnLoss >= 0.0 && *protection.maxColumnLoss <= 1.0))
            throw ProjectError("The project's largest loss per column must be between 0 and 1.");
    }
    protection.heuristicSeconds = valueOf(json, "heuristicSeconds", protection.heuristicSeconds);
    if (!(protection.heuristicSeconds > 0.0))
        throw ProjectError("The project's time limit of the heuristic search must be more than 0 seconds.");
    return protection;
}

nlohmann::json riskToJson(const RiskSettings& risk)
{
    return {{"keyColumns", risk.keyColumns},
            {"samplingFraction", risk.samplingFraction},
            {"scoring", toString(risk.scoring)},
            {"maxMsuSize", risk.maxMsuSize ? nlohmann::json(*risk.maxMsuSize) : nlohmann::json(nullptr)}};
}

RiskSettings riskFromJson(const nlohmann::json& json)
{
    RiskSettings risk;
    risk.keyColumns = valueOf(json, "keyColumns", std::vector<std::string>());
    risk.samplingFraction = valueOf(json, "samplingFraction", risk.samplingFraction);
    if (!(risk.samplingFraction > 0.0 && risk.samplingFraction <= 1.0))
        throw ProjectError("The project's sampling fraction must be more than 0 and at most 1.");
    const auto scoringName = valueOf(json, "scoring", std::string(toString(risk.scoring)));
    const auto scoring = valueIn(sudaScoringNames, scoringName);
    if (!scoring)
        throw ProjectError("The project names an unknown SUDA scoring \"" + scoringName + "\".");
    risk.scoring = *scoring;
    if (const auto it = json.find("maxMsuSize"); it != json.end() && !it->is_null()) {
        const double size = valueOf(json, "maxMsuSize", 0.0);
        if (!(size >= 1 && size <= maxKeyColumns && size == std::floor(size)))
            throw ProjectError("The project's largest MSU size must be a whole number of key columns from 1 to " +
                               std::to_string(maxKeyColumns) + ".");
        risk.maxMsuSize = static_cast<int>(size);
    }
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
        if (!json.is_object() || valueOf(json, "format", std::string()) != formatName)
            throw ProjectError("This is not a QIScout project file.");
        const std::optional<int> version = optionalInteger<int>(json, "version");
        if (!version)
            throw ProjectError("The project file gives no format version; this QIScout reads version " +
                               std::to_string(formatVersion) + ".");
        if (*version > formatVersion)
            throw ProjectError("This project was written by a newer QIScout (format version " +
                               std::to_string(*version) + "); this one reads version " + std::to_string(formatVersion) +
                               ".");
        if (*version != formatVersion)
            throw ProjectError("The project file gives format version " + std::to_string(*version) +
                               ", which no QIScout writes; this one reads version " + std::to_string(formatVersion) +
                               ".");
        Project project;
        project.tablePath = required<std::string>(json, "table");
        if (const auto it = json.find("import"); it != json.end())
            project.loadOptions = loadOptionsFromJson(*it);
        if (const auto it = json.find("roles"); it != json.end()) {
            for (const auto& entry : *it) {
                const auto roleName = required<std::string>(entry, "role");
                const auto role = parseColumnRole(roleName);
                if (!role)
                    throw ProjectError("The project gives an unknown column role \"" + roleName + "\".");
                project.roles.push_back({required<std::string>(entry, "column"), *role});
            }
        }
        if (const auto it = json.find("parameters"); it != json.end()) {
            const auto& parameters = *it;
            project.parameters.k = optionalInteger<std::uint64_t>(parameters, "k").value_or(1);
            project.parameters.threads = optionalInteger<int>(parameters, "threads");
            project.parameters.batchSize = optionalInteger<std::uint32_t>(parameters, "batchSize");
            project.parameters.maxSetSize = optionalInteger<int>(parameters, "maxSetSize");
            const auto algorithmName = valueOf(parameters, "algorithm", std::string("auto"));
            const auto algorithm = parseAlgorithm(algorithmName);
            if (!algorithm)
                throw ProjectError("The project names an unknown search strategy \"" + algorithmName + "\".");
            project.algorithm = *algorithm;
            // Projects written before the choice existed searched with missing cells as values.
            const auto semanticsName = valueOf(parameters, "missingSemantics", std::string("value"));
            const auto semantics = parseMissingSemantics(semanticsName);
            if (!semantics)
                throw ProjectError("The project names unknown missing-value semantics \"" + semanticsName + "\".");
            project.parameters.missingSemantics = *semantics;
        }
        if (const auto it = json.find("protection"); it != json.end() && !it->is_null())
            project.protection = protectionFromJson(*it);
        if (const auto it = json.find("risk"); it != json.end() && !it->is_null())
            project.risk = riskFromJson(*it);
        project.analysed = valueOf(json, "analysed", false);
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
