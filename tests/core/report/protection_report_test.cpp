// SPDX-License-Identifier: GPL-3.0-or-later
// #13: a report written after an anonymisation carries the "Protection applied" section in every
// format, and its JSON still validates against docs/report.schema.json.
#include <filesystem>
#include <memory>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/report/protection_report.h"
#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"

#include "support/report_test_support.h"
#include "support/worked_example.h"

using namespace qiscout::core;

namespace {

SearchResult searchAt(const EncodedTable& table, std::uint64_t k, std::optional<ColumnSet> columns)
{
    SearchParameters parameters;
    parameters.k = k;
    parameters.threads = 1;
    parameters.columns = columns;
    NullObserver quiet;
    return runSearch(table, parameters, Algorithm::Auto, {}, quiet);
}

} // namespace

TEST_CASE("A report after anonymisation has the Protection applied section in every format", "[report][protection]")
{
    const auto table = std::make_shared<const EncodedTable>(testing::workedExample());
    AnonymizationParameters parameters;
    parameters.quasiIdentifiers.push_back({0, buildFlatHierarchy(table->columns[0].dictionary), "automatic"});
    parameters.quasiIdentifiers.push_back({1, buildFlatHierarchy(table->columns[1].dictionary), "gender.csv"});
    parameters.quasiIdentifiers.push_back({2, buildMaskingHierarchy(table->columns[2].dictionary), "automatic"});
    parameters.models.push_back(std::make_shared<KAnonymity>(2));
    parameters.suppressionLimit = 0.2;
    parameters.metric = UtilityMetric::Precision;
    NullAnonymizationObserver observer;
    const AnonymizationResult result = runAnonymization(*table, parameters, {}, observer);
    REQUIRE(result.optimum);
    const ProtectedTable applied = applyTransformation(*table, parameters, result.optimum->transformation);
    const EncodedTable kept = keptQuasiIdentifierTable(applied, parameters);
    const ColumnSet protectedColumns = ColumnSet::of({0, 1, 2});
    const SearchResult before = searchAt(*table, 1, protectedColumns);
    const SearchResult after = searchAt(kept, 1, std::nullopt);
    REQUIRE_FALSE(before.minimalSets.empty());
    REQUIRE(after.minimalSets.empty());

    ReportInput input;
    input.table = table;
    input.roles = {ColumnRole::QuasiIdentifier, ColumnRole::QuasiIdentifier, ColumnRole::QuasiIdentifier,
                   ColumnRole::Ignored};
    input.parameters.k = 1;
    input.parameters.columns = protectedColumns;
    input.result = before;
    input.protection = buildProtectionReport(*table, parameters, result, applied, before, kept, after);
    input.protection->outputPath = "protected.csv";
    const QiReport report = buildReport(input);
    REQUIRE(report.protection);
    REQUIRE(report.protection->after.quasiIdentifiers == 0);
    REQUIRE(report.protection->before.quasiIdentifiers == before.minimalSets.size());
    REQUIRE(report.protection->before.rowsAtRisk > 0);
    REQUIRE(report.protection->suppressedRows == result.optimum->suppressedRows);
    REQUIRE(report.protection->columns.size() == 3);
    REQUIRE(report.protection->columns[1].hierarchySource == "gender.csv");

    const std::filesystem::path schemaPath =
        std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path().parent_path() / "docs" / "report.schema.json";
    test::SchemaValidator validator(nlohmann::json::parse(test::readFile(schemaPath)));
    const nlohmann::json json = nlohmann::json::parse(reportToJson(report));
    const auto errors = validator.validate(json);
    INFO((errors.empty() ? std::string() : errors.front()));
    REQUIRE(errors.empty());
    REQUIRE(json["protection"]["after"]["quasi_identifiers"] == 0);
    REQUIRE(json["protection"]["columns"][2]["level"] == result.optimum->transformation.levels[2]);
    REQUIRE(json["protection"]["output_path"] == "protected.csv");

    for (const HtmlFlavor flavor : {HtmlFlavor::Standalone, HtmlFlavor::RichText}) {
        HtmlReportOptions options;
        options.flavor = flavor;
        const std::string html = reportToHtml(report, options);
        REQUIRE(html.find("Protection applied") != std::string::npos);
        REQUIRE(html.find("gender.csv") != std::string::npos);
        REQUIRE(test::checkTagBalance(html).empty());
    }
    const std::string csv = reportToCsv(report);
    REQUIRE(csv.find("protected_column,hierarchy,height,level") != std::string::npos);
    REQUIRE(csv.find("\"ZIP\",\"automatic\"") != std::string::npos);

    // Without a protection the report has no such section.
    input.protection.reset();
    REQUIRE(reportToHtml(buildReport(input)).find("Protection applied") == std::string::npos);
    REQUIRE_FALSE(nlohmann::json::parse(reportToJson(buildReport(input))).contains("protection"));
}
