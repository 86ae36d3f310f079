// SPDX-License-Identifier: GPL-3.0-or-later
// The report's "Record-level risk" section (#16) in every format.
#include <chrono>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"
#include "qiscout/core/risk/risk_assessment.h"

#include "engines/brute_force_engine.h"
#include "support/report_test_support.h"

namespace {

using namespace qiscout::core;
using qiscout::core::test::checkTagBalance;
using qiscout::core::test::loadPlainCsv;
using qiscout::core::test::randomTable;
using qiscout::core::test::readFile;
using qiscout::core::test::SchemaValidator;

const std::filesystem::path dataDir(QISCOUT_TEST_DATA_DIR);

// A report of `table` on all its columns but `weight`, with the risk assessment attached.
ReportInput assessed(std::shared_ptr<const EncodedTable> table, std::optional<int> weight = std::nullopt,
                     std::uint64_t k = 1)
{
    ColumnSet keys = ColumnSet::firstN(static_cast<int>(table->columnCount()));
    if (weight)
        keys = keys.without(*weight);
    SearchParameters parameters;
    parameters.k = k;
    parameters.threads = 1;
    parameters.columns = keys;
    NullObserver observer;
    ReportInput input;
    input.result = runBruteForce(*table, parameters, {}, observer);
    input.parameters = parameters;
    input.requestedAlgorithm = Algorithm::Brute;
    input.generatedAt = std::chrono::system_clock::time_point{} + std::chrono::seconds{1714564800};
    input.roles.assign(table->columnCount(), ColumnRole::QuasiIdentifier);
    if (weight)
        input.roles[static_cast<std::size_t>(*weight)] = ColumnRole::Weight;

    RiskParameters risk;
    risk.keyColumns = keys;
    risk.weightColumn = weight;
    risk.k = k;
    risk.samplingFraction = 0.1;
    risk.threads = 1;
    input.risk = std::make_shared<const RiskAssessment>(assessRisk(*table, risk));
    input.table = std::move(table);
    return input;
}

std::shared_ptr<const EncodedTable> workedExample()
{
    return std::make_shared<const EncodedTable>(loadPlainCsv(dataDir / "report" / "worked_example" / "table.csv"));
}

std::shared_ptr<const EncodedTable> francdat()
{
    return std::make_shared<const EncodedTable>(loadPlainCsv(dataDir / "tables" / "francdat.csv"));
}

} // namespace

TEST_CASE("A report with record-level risk validates against docs/report.schema.json", "[report][schema][risk]")
{
    SchemaValidator validator(
        nlohmann::json::parse(readFile(dataDir.parent_path().parent_path() / "docs" / "report.schema.json")));
    for (const bool values : {false, true}) {
        for (const ReportInput& input : {assessed(workedExample()), assessed(francdat(), 7, 2),
                                         assessed(std::make_shared<const EncodedTable>(randomTable(3, 5, 60)))}) {
            ReportOptions options;
            options.includeValues = values;
            const nlohmann::json json = nlohmann::json::parse(reportToJson(buildReport(input, options)));
            const auto errors = validator.validate(json);
            INFO((errors.empty() ? std::string() : errors.front()));
            CHECK(errors.empty());
            REQUIRE(json.contains("record_level_risk"));
            const nlohmann::json& section = json["record_level_risk"];
            CHECK(section["records"].size() == input.table->rowCount);
            for (const nlohmann::json& record : section["riskiest_records"])
                CHECK(record["values"].is_null() == !values);
        }
    }
}

TEST_CASE("The report's per-record scores are the assessment's, in every format", "[report][risk]")
{
    const ReportInput input = assessed(francdat(), 7);
    const RiskAssessment& risk = *input.risk;
    const QiReport report = buildReport(input);
    REQUIRE(report.recordRisk);

    const nlohmann::json json = nlohmann::json::parse(reportToJson(report));
    const nlohmann::json& records = json["record_level_risk"]["records"];
    REQUIRE(records.size() == risk.rowCount);
    for (std::uint32_t row = 0; row < risk.rowCount; ++row) {
        CHECK(records[row]["row"] == row + 1);
        CHECK(records[row]["class_size"] == risk.classSizes[row]);
        CHECK(records[row]["suda_score"].get<double>() == risk.sudaScores[row]);
        CHECK(records[row]["individual_risk"].get<double>() == risk.individualRisk[row]);
        CHECK(records[row]["population_class_size"].get<double>() == risk.populationClassSizes[row]);
    }

    // The CSV's third table (after the headline's and the quasi-identifiers'): a header, then one
    // line per record whose numbers read back exactly.
    const std::string csv = reportToCsv(report);
    const std::size_t start = csv.find("\r\n\r\n", csv.find("\r\n\r\n") + 4);
    REQUIRE(start != std::string::npos);
    std::istringstream lines(csv.substr(start + 4));
    std::string line;
    std::getline(lines, line);
    CHECK(line == "row,class_size,prosecutor_risk,suda_score,dis_suda_score,individual_risk,population_class_size\r");
    for (std::uint32_t row = 0; row < risk.rowCount; ++row) {
        REQUIRE(std::getline(lines, line));
        std::vector<std::string> fields;
        std::istringstream cells(line.substr(0, line.size() - 1));
        for (std::string field; std::getline(cells, field, ',');)
            fields.push_back(field);
        REQUIRE(fields.size() == 7);
        CHECK(fields[0] == std::to_string(row + 1));
        CHECK(std::stoul(fields[1]) == risk.classSizes[row]);
        CHECK(std::stod(fields[2]) == risk.prosecutorRisk[row]);
        CHECK(std::stod(fields[3]) == risk.sudaScores[row]);
        CHECK(std::stod(fields[4]) == risk.disSudaScores[row]);
        CHECK(std::stod(fields[5]) == risk.individualRisk[row]);
        CHECK(std::stod(fields[6]) == risk.populationClassSizes[row]);
    }
    CHECK_FALSE(std::getline(lines, line));
}

TEST_CASE("The HTML report's record-level section is well-formed and redacts values", "[report][html][risk]")
{
    const ReportInput input = assessed(workedExample());
    const RiskAssessment& risk = *input.risk;
    const std::vector<std::uint32_t> riskiest = risk.riskiestRows(1);
    REQUIRE(risk.sudaScores[riskiest.front()] > 0);
    // A ZIP code of the riskiest row, which only a report with values may show.
    const std::string value = "ZIP = " + input.table->text(riskiest.front(), 2);
    for (const bool values : {false, true}) {
        ReportOptions options;
        options.includeValues = values;
        const std::string html = reportToHtml(buildReport(input, options));
        CHECK(checkTagBalance(html).empty());
        CHECK_THAT(html, Catch::Contains("Record-level risk") && Catch::Contains("The riskiest records"));
        CHECK_THAT(html, Catch::Contains("Population uniques, Dankar et al.&#39;s rule") ||
                             Catch::Contains("Population uniques, Dankar et al.'s rule"));
        CHECK((html.find(value) != std::string::npos) == values);
    }
    // Without an assessment there is no such section.
    ReportInput plain = input;
    plain.risk.reset();
    const QiReport report = buildReport(plain);
    CHECK_FALSE(report.recordRisk);
    CHECK(reportToHtml(report).find("Record-level risk") == std::string::npos);
    CHECK(nlohmann::json::parse(reportToJson(report)).contains("record_level_risk") == false);
}

TEST_CASE("The record-level charts draw the assessment or say there is none", "[report][risk]")
{
    const ReportInput input = assessed(workedExample());
    const QiReport report = buildReport(input);
    for (const ReportChart chart : {ReportChart::DisSudaScores, ReportChart::AttributeContributions}) {
        const std::string svg = reportChartSvg(report, chart);
        CHECK(checkTagBalance(svg).empty());
        CHECK(svg.find("No record-level risk was assessed.") == std::string::npos);
    }
    // Every key column appears in the contributions chart.
    const std::string contributions = reportChartSvg(report, ReportChart::AttributeContributions);
    for (const int column : input.risk->keyColumns)
        CHECK_THAT(contributions, Catch::Contains(input.table->columns[static_cast<std::size_t>(column)].name));

    ReportInput plain = input;
    plain.risk.reset();
    CHECK_THAT(reportChartSvg(buildReport(plain), ReportChart::DisSudaScores),
               Catch::Contains("No record-level risk was assessed."));
}

TEST_CASE("The record-level summary counts what the assessment counts", "[report][risk]")
{
    const ReportInput input = assessed(workedExample(), std::nullopt, 2);
    const RiskAssessment& risk = *input.risk;
    const std::vector<std::string> sentences = describeRecordRisk(risk, input.table->columnNames());
    REQUIRE(sentences.size() >= 4);
    CHECK_THAT(sentences[0], Catch::StartsWith(std::to_string(risk.sample.sampleUniques) + " of " +
                                               std::to_string(risk.rowCount) + " records"));
    CHECK_THAT(sentences[1], Catch::StartsWith(std::to_string(risk.sample.recordsAtRisk) + " records"));
    const std::uint32_t top = risk.riskiestRows(1).front();
    bool namesRiskiest = false;
    for (const std::string& sentence : sentences)
        namesRiskiest =
            namesRiskiest || sentence.rfind("Record " + std::to_string(top + 1) + " is the riskiest", 0) == 0;
    CHECK(namesRiskiest);
}

TEST_CASE("The record-level summary says when MSUs larger than a bound were not searched", "[report][risk]")
{
    const ReportInput input = assessed(francdat(), std::nullopt, 1);
    const std::vector<std::string> unbounded = describeRecordRisk(*input.risk, input.table->columnNames());
    for (const std::string& sentence : unbounded)
        CHECK_THAT(sentence, !Catch::Contains("were not searched"));

    RiskParameters bounded;
    bounded.keyColumns = ColumnSet::firstN(static_cast<int>(input.table->columnCount()));
    bounded.samplingFraction = 0.1;
    bounded.threads = 1;
    bounded.maxMsuSize = 2;
    const RiskAssessment risk = assessRisk(*input.table, bounded);
    REQUIRE(risk.suda.maxMsuSize == 2);
    const std::vector<std::string> sentences = describeRecordRisk(risk, input.table->columnNames());
    bool says = false;
    for (const std::string& sentence : sentences)
        says = says || sentence.rfind("SUDA searched minimal sample uniques of at most 2 of the " +
                                          std::to_string(input.table->columnCount()) +
                                          " key columns; larger ones "
                                          "were not searched, so each SUDA score below is a lower bound",
                                      0) == 0;
    CHECK(says);

    // A bound of every key column leaves nothing out and is not reported as one.
    bounded.maxMsuSize = static_cast<int>(input.table->columnCount());
    CHECK_FALSE(assessRisk(*input.table, bounded).suda.maxMsuSize);
}
