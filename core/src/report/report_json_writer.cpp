// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>

#include <nlohmann/json.hpp>

#include "qiscout/core/report/report_writers.h"

#include "report/all_columns_json.h"
#include "report/dependency_json_fields.h"
#include "report/report_protection_section.h"
#include "report/risk_json_value.h"

namespace qiscout::core {
namespace {

using Json = nlohmann::ordered_json;

Json namesJson(const QiReport& report, ColumnSet set)
{
    return Json(report.namesOf(set));
}

Json columnName(const QiReport& report, int column)
{
    return report.columns[static_cast<std::size_t>(column)].name;
}

template <typename T>
Json optionalJson(const std::optional<T>& value)
{
    return value ? Json(*value) : Json(nullptr);
}

} // namespace

std::string reportToJson(const QiReport& report)
{
    Json json;
    json["schema_version"] = reportSchemaVersion;
    // The `scan --json` contract first, unchanged, so tools reading it can read reports too.
    json["rows"] = report.rows;
    json["columns"] = report.columnNames();
    json["k"] = report.k;
    json["algorithm"] = toString(report.algorithm);
    json["threads"] = report.threads;
    json["batch_size"] = report.batchSize;
    Json minimal = Json::array();
    for (const MinimalSet& set : report.minimalSets)
        minimal.push_back({{"columns", namesJson(report, set.columns)},
                           {"size", set.columns.size()},
                           {"isolated_rows", set.isolatedRows},
                           {"smallest_class", set.smallestClass}});
    json["minimal_sets"] = std::move(minimal);
    Json safe = Json::array();
    for (const SafeSet& set : report.maximalSafeSets)
        safe.push_back({{"columns", namesJson(report, set.columns)},
                        {"size", set.columns.size()},
                        {"smallest_class", set.smallestClass}});
    json["maximal_safe_sets"] = std::move(safe);
    json["all_columns"] = allColumnsJson<Json>(report.allColumns, report.columnNames());
    json["stats"] = {{"sets_evaluated", report.stats.setsEvaluated},
                     {"rows_scanned", report.stats.rowsScanned},
                     {"search_seconds", report.stats.searchSeconds},
                     {"load_seconds", report.loadSeconds}};

    json["complete"] = report.complete;
    json["qiscout_version"] = report.qiscoutVersion;
    json["generated_at"] = report.generatedAt;
    json["run_seconds"] = report.runSeconds();

    Json columns = Json::array();
    for (const ReportColumn& column : report.columns)
        columns.push_back({{"name", column.name},
                           {"role", toString(column.role)},
                           {"type", toString(column.type)},
                           {"distinct_values", column.distinctValues},
                           {"missing_cells", column.missingCells},
                           {"searched", column.searched},
                           {"description", column.description}});
    json["dataset"] = {{"file_name", report.fileName}, {"path", report.filePath},
                       {"part", report.sourcePart},    {"sha256", optionalJson(report.fileSha256)},
                       {"rows", report.rows},          {"columns", std::move(columns)}};
    json["parameters"] = {{"k", report.k},
                          {"algorithm_requested", toString(report.requestedAlgorithm)},
                          {"algorithm", toString(report.algorithm)},
                          {"missing_semantics", toString(report.missingSemantics)},
                          {"threads", report.threads},
                          {"batch_size", report.batchSize},
                          {"max_set_size", optionalJson(report.maxSetSize)},
                          {"searched_columns", namesJson(report, report.searchedColumns)}};
    json["summary"] = report.summary;

    Json ranking = Json::array();
    for (const ColumnRank& rank : report.columnRanking)
        ranking.push_back({{"column", columnName(report, rank.column)}, {"minimal_sets", rank.minimalSets}});
    json["column_ranking"] = std::move(ranking);

    Json steps = Json::array();
    for (const HittingStep& step : report.remediation.steps)
        steps.push_back({{"column", columnName(report, step.column)}, {"newly_hit_sets", step.newlyHitSets}});
    json["remediation"] = {{"columns_first", std::move(steps)},
                           {"remaining_columns", namesJson(report, report.remediation.remaining)},
                           {"remaining_smallest_class", optionalJson(report.remediation.remainingSmallestClass)}};

    const RecordsAtRisk& risk = report.recordsAtRisk;
    Json histogram = Json::array();
    for (const RiskBin& bin : risk.histogram)
        histogram.push_back({{"isolating_sets", bin.isolatingSets}, {"rows", bin.rows}});
    Json riskiest = Json::array();
    for (const RiskyRow& row : risk.riskiest)
        riskiest.push_back({{"row_number", std::uint64_t{row.row} + 1},
                            {"isolating_sets", row.isolatingSets},
                            {"smallest_isolating_set", namesJson(report, row.smallestIsolatingSet)},
                            {"class_size", row.classSize},
                            {"values", risk.valuesIncluded ? Json(row.values) : Json(nullptr)}});
    json["records_at_risk"] = {{"rows_at_risk", risk.rowsAtRisk},
                               {"histogram", std::move(histogram)},
                               {"values_included", risk.valuesIncluded},
                               {"value_columns", namesJson(report, report.searchedColumns)},
                               {"riskiest_rows", std::move(riskiest)}};

    const DependencyAnalysis& analysis = report.dependencies;
    const std::vector<std::string> names = report.columnNames();
    Json dependencies = Json::array();
    for (const FunctionalDependency& dependency : analysis.dependencies)
        dependencies.push_back(dependencyJson<Json>(dependency, names, analysis.quasiIdentifiers));
    Json release = nullptr;
    if (analysis.release) {
        const ReleaseCheck& check = *analysis.release;
        Json attacks = Json::array();
        for (const ReleasedAttack& attack : check.attacks) {
            Json entry = dependencyJson<Json>(attack.dependency, names, analysis.quasiIdentifiers);
            entry["succeeds"] = attack.succeeds;
            entry["findings"] = attack.findings;
            entry["exposed_rows"] = attack.exposedRows;
            attacks.push_back(std::move(entry));
        }
        release = {{"sensitive", check.sensitive},
                   {"l", check.requirement.l},
                   {"d", optionalJson(check.requirement.d)},
                   {"rows", check.rows},
                   {"qi_groups", check.qiGroups},
                   {"non_diverse_groups", check.nonDiverseGroups},
                   {"dl_inference", check.dlInference},
                   {"attack_succeeds", check.attackSucceeds()},
                   {"attacks", std::move(attacks)}};
    }
    json["functional_dependencies"] = {{"examined_columns", namesJson(report, analysis.examined)},
                                       {"quasi_identifiers", namesJson(report, analysis.quasiIdentifiers)},
                                       {"max_lhs", optionalJson(analysis.maxLhs)},
                                       {"unsafe_count", analysis.unsafeCount()},
                                       {"dependencies", std::move(dependencies)},
                                       {"after_protection", std::move(release)}};

    Json levels = Json::array();
    for (const LatticeLevel& level : report.latticeLevels)
        levels.push_back({{"size", level.size},
                          {"sets", level.sets},
                          {"minimal_sets", level.minimalSets},
                          {"maximal_safe_sets", level.maximalSafeSets},
                          {"vulnerable_sets", optionalJson(level.vulnerableSets)},
                          {"explored", level.explored}});
    json["lattice_levels"] = std::move(levels);
    if (report.protection)
        json["protection"] = protectionJson(*report.protection);

    if (report.recordRisk) {
        const RecordRiskSection& recordRisk = *report.recordRisk;
        Json section = riskSummaryJson(*recordRisk.assessment, report.columnNames());
        section["summary"] = recordRisk.summary;
        Json bins = Json::array();
        for (const RiskHistogramBin& bin : recordRisk.disSudaScores.bins)
            bins.push_back({{"above", bin.lower},
                            {"at_most", std::isinf(bin.upper) ? Json(nullptr) : Json(bin.upper)},
                            {"records", bin.records}});
        section["dis_suda_histogram"] = std::move(bins);
        Json records = Json::array();
        for (const RiskiestRecord& record : recordRisk.riskiest)
            records.push_back({{"row_number", std::uint64_t{record.row} + 1},
                               {"suda_score", record.sudaScore},
                               {"dis_suda_score", record.disSudaScore},
                               {"individual_risk", record.individualRisk},
                               {"class_size", record.classSize},
                               {"top_column", record.topColumn ? columnName(report, *record.topColumn) : Json(nullptr)},
                               {"values", recordRisk.valuesIncluded ? Json(record.values) : Json(nullptr)}});
        section["values_included"] = recordRisk.valuesIncluded;
        section["riskiest_records"] = std::move(records);
        section["records"] = riskRecordsJson(*recordRisk.assessment);
        json["record_level_risk"] = std::move(section);
    }

    // Names and values come from the file; invalid UTF-8 is replaced rather than failing the report.
    return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace qiscout::core
