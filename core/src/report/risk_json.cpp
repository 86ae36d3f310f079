// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/risk_json.h"

#include <optional>
#include <string_view>

#include "qiscout/core/util/cancellation.h"

#include "report/risk_json_value.h"

namespace qiscout::core {
namespace {

nlohmann::ordered_json orNull(std::optional<double> value)
{
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json orNull(std::optional<int> value)
{
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

std::string nameOf(int column, const std::vector<std::string>& columnNames)
{
    const auto position = static_cast<std::size_t>(column);
    return position < columnNames.size() ? columnNames[position] : std::to_string(column);
}

// One row's record; the same in the records array and in the JSON written record by record.
nlohmann::ordered_json riskRecordJson(const RiskAssessment& risk, std::uint32_t row)
{
    nlohmann::ordered_json record = {{"row", row + 1},
                                     {"class_size", risk.classSizes[row]},
                                     {"prosecutor_risk", risk.prosecutorRisk[row]},
                                     {"suda_score", risk.sudaScores[row]},
                                     {"dis_suda_score", risk.disSudaScores[row]},
                                     {"individual_risk", risk.individualRisk[row]}};
    if (!risk.populationClassSizes.empty())
        record["population_class_size"] = risk.populationClassSizes[row];
    return record;
}

} // namespace

nlohmann::ordered_json riskSummaryJson(const RiskAssessment& risk, const std::vector<std::string>& columnNames)
{
    nlohmann::ordered_json document;
    document["rows"] = risk.rowCount;
    nlohmann::ordered_json keys = nlohmann::ordered_json::array();
    for (const int column : risk.keyColumns)
        keys.push_back(nameOf(column, columnNames));
    document["columns"] = keys;
    document["sampling_fraction"] = risk.samplingFraction;
    document["k"] = risk.k;
    document["weight"] = risk.weightColumn ? nlohmann::ordered_json(nameOf(*risk.weightColumn, columnNames))
                                           : nlohmann::ordered_json(nullptr);
    document["scoring"] = toString(risk.scoring);
    document["missing_semantics"] = toString(riskMissingSemantics);
    document["complete"] = risk.complete;

    nlohmann::ordered_json contributions = nlohmann::ordered_json::object();
    for (std::size_t key = 0; key < risk.keyColumns.size() && key < risk.suda.attributeContributions.size(); ++key)
        contributions[nameOf(risk.keyColumns[key], columnNames)] = risk.suda.attributeContributions[key];
    document["attribute_contributions"] = contributions;

    const PopulationUniqueness& population = risk.population;
    document["population_uniqueness"] = {
        {"pitman", orNull(population.pitman)},
        {"zayatz", orNull(population.zayatz)},
        {"snb", orNull(population.snb)},
        {"dankar", orNull(population.dankar)},
        {"dankar_model", population.dankarModel ? nlohmann::ordered_json(toString(*population.dankarModel))
                                                : nlohmann::ordered_json(nullptr)},
        {"population_size", population.populationSize}};
    document["sample_uniques"] = risk.sample.sampleUniques;
    document["classes"] = risk.sample.classes;
    document["prosecutor"] = {{"highest", risk.sample.highestProsecutorRisk},
                              {"average", risk.sample.averageProsecutorRisk},
                              {"records_at_risk", risk.sample.recordsAtRisk}};
    document["marketer_risk"] = risk.sample.marketerRisk;
    document["global_risk"] = {{"expected_reidentifications", risk.global.expectedReidentifications},
                               {"risk", risk.global.risk}};
    document["suda"] = {{"scored_columns", risk.suda.scoredColumns},
                        {"msus_by_size", risk.suda.msusBySize},
                        {"max_msu_size", orNull(risk.suda.maxMsuSize)},
                        {"dis_probability", risk.suda.disProbability}};
    return document;
}

nlohmann::ordered_json riskRecordsJson(const RiskAssessment& risk)
{
    nlohmann::ordered_json records = nlohmann::ordered_json::array();
    for (std::uint32_t row = 0; row < risk.classSizes.size(); ++row)
        records.push_back(riskRecordJson(risk, row));
    return records;
}

std::string riskToJson(const RiskAssessment& risk, const RiskJsonContext& context, const std::stop_token& stop)
{
    // The records are written as text, record by record, looking at the stop between batches: as
    // one document they took seconds and gigabytes for millions of rows (611 MB of JSON for 3M),
    // after a stop too, and freeing them took as long again (#39).
    constexpr std::string_view placeholder = "qiscout-risk-records";
    nlohmann::ordered_json document = riskSummaryJson(risk, context.columnNames);
    document["source"] = context.sourcePath;
    document["records"] = placeholder;
    document["stats"] = {{"seconds", risk.seconds}, {"load_seconds", context.loadSeconds}};
    // A Linux file name may hold bytes that are not UTF-8, which JSON cannot: they become U+FFFD.
    const std::string outline = document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    // Searched from the end: the source's name, before it, may hold the same letters, but not
    // after a line break and an unescaped quote.
    const std::string marker = "\n  \"records\": \"" + std::string(placeholder) + "\"";
    const std::size_t at = outline.rfind(marker);

    constexpr std::uint32_t recordsPerStopCheck = 1'024;
    std::string text = outline.substr(0, at) + "\n  \"records\": [";
    for (std::uint32_t row = 0; row < risk.classSizes.size(); ++row) {
        if (row % recordsPerStopCheck == 0)
            throwIfStopRequested(stop, "Writing the risk JSON");
        std::string element = riskRecordJson(risk, row).dump(2);
        text += row == 0 ? "\n    " : ",\n    ";
        for (const char c : element) {
            text += c;
            if (c == '\n')
                text += "    ";
        }
    }
    text += risk.classSizes.empty() ? "]" : "\n  ]";
    text += outline.substr(at + marker.size());
    return text + "\n";
}

} // namespace qiscout::core
