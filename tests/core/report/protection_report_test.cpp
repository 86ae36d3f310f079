// SPDX-License-Identifier: GPL-3.0-or-later
// #13: a report written after an anonymisation carries the "Protection applied" section in every
// format, and its JSON still validates against docs/report.schema.json; after (d, l)-inference too
// (#18).
#include <algorithm>
#include <filesystem>
#include <memory>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
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

/// The report's JSON, required to validate against docs/report.schema.json.
nlohmann::json validatedJson(const QiReport& report)
{
    const std::filesystem::path schemaPath =
        std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path().parent_path() / "docs" / "report.schema.json";
    test::SchemaValidator validator(nlohmann::json::parse(test::readFile(schemaPath)));
    const nlohmann::json json = nlohmann::json::parse(reportToJson(report));
    const auto errors = validator.validate(json);
    INFO((errors.empty() ? std::string() : errors.front()));
    REQUIRE(errors.empty());
    return json;
}

/// The report's HTML in both flavours, tag-balanced, holding each of `texts`.
void requireHtmlHolds(const QiReport& report, const std::vector<std::string>& texts)
{
    for (const HtmlFlavor flavor : {HtmlFlavor::Standalone, HtmlFlavor::RichText}) {
        HtmlReportOptions options;
        options.flavor = flavor;
        const std::string html = reportToHtml(report, options);
        for (const std::string& text : texts)
            CHECK(html.find(text) != std::string::npos);
        CHECK(test::checkTagBalance(html).empty());
    }
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
    REQUIRE(std::holds_alternative<LatticeSearchFacts>(report.protection->method));

    const nlohmann::json json = validatedJson(report);
    REQUIRE(json["protection"]["after"]["quasi_identifiers"] == 0);
    REQUIRE(json["protection"]["columns"][2]["level"] == result.optimum->transformation.levels[2]);
    REQUIRE(json["protection"]["output_path"] == "protected.csv");
    REQUIRE(json["protection"]["method"] == "lattice");
    REQUIRE(json["protection"]["dl_inference"].is_null());
    // The count of minimal transformations only when the search was asked for the whole frontier.
    REQUIRE(json["protection"]["lattice"]["minimal_transformations"].is_null());
    AnonymizationParameters withFrontier = parameters;
    withFrontier.fullFrontier = true;
    const AnonymizationResult whole = runAnonymization(*table, withFrontier, {}, observer);
    REQUIRE(whole.frontier);
    input.protection = buildProtectionReport(*table, withFrontier, whole, applied, before, kept, after);
    REQUIRE(validatedJson(buildReport(input))["protection"]["lattice"]["minimal_transformations"] ==
            whole.frontier->size());

    // What was lost, as data (#34): the profile of each column, as informationLossProfile gives it.
    const std::vector<ColumnLossProfile> profiles =
        informationLossProfile(*table, applied.table, {0, 1, 2}, applied.suppressedRows, applied.suppressedCells);
    for (std::size_t q = 0; q < 3; ++q) {
        const nlohmann::json& profile = json["protection"]["columns"][q]["loss_profile"];
        REQUIRE(profile["cells_changed"] == profiles[q].cellsChanged);
        REQUIRE(profile["cells_suppressed"] == profiles[q].cellsSuppressed);
        REQUIRE(profile["cells_suppressed"] == applied.suppressedRows.size());
        REQUIRE(profile["before"].size() == profiles[q].before.size());
        REQUIRE(profile["after"].back()["rows"] == profiles[q].after.back().rows);
    }
    requireHtmlHolds(report,
                     {"Protection applied", "gender.csv", "What was lost, as data", "distribution before and after"});
    const std::string csv = reportToCsv(report);
    REQUIRE(csv.find("protected_column,hierarchy,height,level") != std::string::npos);
    REQUIRE(csv.find("suppressed_cells,cells_changed,cells_suppressed") != std::string::npos);
    REQUIRE(csv.find("\"ZIP\",\"automatic\"") != std::string::npos);

    // Without a protection the report has no such section.
    input.protection.reset();
    REQUIRE(reportToHtml(buildReport(input)).find("Protection applied") == std::string::npos);
    REQUIRE_FALSE(nlohmann::json::parse(reportToJson(buildReport(input))).contains("protection"));
}

TEST_CASE("A report after (d, l)-inference has the Protection applied section in every format",
          "[report][protection][dl-inference]")
{
    // The FFD paper's Example 1 frequencies: nine diseases, ages spread over the rows.
    const std::vector<std::uint64_t> frequencies{1, 7, 9, 10, 26, 30, 40, 45, 50};
    std::vector<std::vector<std::string>> cells;
    for (std::size_t v = 0; v < frequencies.size(); ++v)
        for (std::uint64_t r = 0; r < frequencies[v]; ++r)
            cells.push_back(
                {std::to_string(20 + (r * 7 + v) % 50), v % 2 == 0 ? "F" : "M", "s" + std::to_string(v + 1)});
    EncodedTable original = encodeRows({"age", "sex", "disease"}, cells);
    original.columns[0].type = ColumnType::Integer;
    const auto table = std::make_shared<const EncodedTable>(std::move(original));
    DlAnonymizationParameters parameters;
    parameters.quasiIdentifiers = {0, 1};
    parameters.sensitive = 2;
    parameters.d = 3;
    parameters.l = 2;
    parameters.minGroupSize = 2;
    const DlAnonymization anonymization = anonymizeForDlInference(*table, parameters);
    REQUIRE(anonymization.check.satisfied);
    REQUIRE_FALSE(anonymization.removedRows.empty());
    const EncodedTable published = publishDlAnonymization(*table, parameters, anonymization);
    const ColumnSet protectedColumns = ColumnSet::of({0, 1});
    const SearchResult before = searchAt(*table, 1, protectedColumns);
    const SearchResult after = searchAt(published, 1, protectedColumns);

    ReportInput input;
    input.table = table;
    input.roles = {ColumnRole::QuasiIdentifier, ColumnRole::QuasiIdentifier, ColumnRole::Sensitive};
    input.parameters.k = 1;
    input.parameters.columns = protectedColumns;
    input.result = before;
    input.protection = buildProtectionReport(*table, parameters, anonymization, published, before, after);
    const QiReport report = buildReport(input);
    REQUIRE(report.protection);
    const ProtectionReport& protection = *report.protection;
    const auto* dl = std::get_if<DlInferenceFacts>(&protection.method);
    REQUIRE(dl);
    CHECK(dl->heuristic == "top-down");
    CHECK(dl->removedByGrouping + dl->removedByGroupSize == anonymization.removedRows.size());
    CHECK(protection.suppressedRows == anonymization.removedRows.size());
    CHECK(protection.classes == anonymization.groups.size());
    CHECK(protection.metricValue == anonymization.informationLoss);
    CHECK(protection.privacyModels ==
          std::vector<std::string>{"(d, l)-inference on disease (d = 3, l = 2)", "nobody unique (2-anonymity)"});
    REQUIRE(protection.columns.size() == 2);
    CHECK(protection.columns[0].hierarchySource == "group intervals");
    CHECK(protection.columns[1].hierarchySource == "group values or *");
    for (std::size_t q = 0; q < 2; ++q) {
        CHECK_FALSE(protection.columns[q].level.has_value());
        CHECK(protection.columns[q].metricValue == anonymization.columnLoss[q]);
        CHECK(protection.columns[q].distinctAfter == published.columns[q].distinctCount());
    }
    CHECK(protection.before.rows == table->rowCount);
    CHECK(protection.after.rows == published.rowCount);
    CHECK(protection.after.quasiIdentifiers == after.minimalSets.size());
    // The summary speaks of groups and rows left out, not of a lattice nor of the paper's
    // definitions, which the technical facts hold (#33).
    const std::vector<std::string> summary = protection.summary();
    REQUIRE(summary.size() == 2);
    CHECK(summary[0].find("left out") != std::string::npos);
    for (const std::string& sentence : summary)
        CHECK(sentence.find("Definition") == std::string::npos);
    for (const std::string& sentence : summary)
        CHECK(sentence.find("lattice") == std::string::npos);

    const nlohmann::json json = validatedJson(report);
    CHECK(json["protection"]["method"] == "dl-inference");
    CHECK(json["protection"]["lattice"].is_null());
    CHECK(json["protection"]["columns"][0]["level"].is_null());
    CHECK(json["protection"]["dl_inference"]["removed_by_grouping"] == dl->removedByGrouping);

    requireHtmlHolds(report, {"Protection applied", "Generalised columns", "Rows left out"});
    CHECK(reportToHtml(report).find("in the lattice") == std::string::npos);
    const std::string csv = reportToCsv(report);
    CHECK(csv.find("\"age\",\"group intervals\",,," + std::to_string(table->columns[0].distinctCount()) + "," +
                   std::to_string(published.columns[0].distinctCount()) + ",") != std::string::npos);
}

TEST_CASE("A report shows two k values only with the sentence that explains them", "[report][protection]")
{
    // One k (#33): the findings' k and the protection's are the same number in the same words, or
    // page one says once how they differ, naming both and the usual k-anonymity number.
    const auto table = std::make_shared<const EncodedTable>(testing::workedExample());
    const ColumnSet protectedColumns = ColumnSet::of({0, 1, 2});
    for (const std::uint64_t findingsK : {1U, 2U})
        for (const std::uint64_t target : {1U, 2U, 3U}) {
            INFO("findings at k = " << findingsK << ", protection against groups of " << target << " or fewer");
            AnonymizationParameters parameters;
            parameters.quasiIdentifiers.push_back({0, buildFlatHierarchy(table->columns[0].dictionary), "automatic"});
            parameters.quasiIdentifiers.push_back({1, buildFlatHierarchy(table->columns[1].dictionary), "automatic"});
            parameters.quasiIdentifiers.push_back(
                {2, buildMaskingHierarchy(table->columns[2].dictionary), "automatic"});
            parameters.models.push_back(std::make_shared<KAnonymity>(target + 1));
            parameters.suppressionLimit = 1.0;
            NullAnonymizationObserver observer;
            const AnonymizationResult result = runAnonymization(*table, parameters, {}, observer);
            REQUIRE(result.optimum);
            const ProtectedTable applied = applyTransformation(*table, parameters, result.optimum->transformation);
            const EncodedTable kept = keptQuasiIdentifierTable(applied, parameters);
            const SearchResult before = searchAt(*table, findingsK, protectedColumns);
            const SearchResult after = searchAt(kept, target, std::nullopt);
            ReportInput input;
            input.table = table;
            input.parameters.k = findingsK;
            input.parameters.columns = protectedColumns;
            input.result = before;
            input.protection = buildProtectionReport(*table, parameters, result, applied, before, kept, after);
            const QiReport report = buildReport(input);

            const std::string usual = std::to_string(target + 1) + "-anonymity";
            const auto explaining = std::count_if(report.summary.begin(), report.summary.end(), [&](const auto& s) {
                return s.find("in the usual terms") != std::string::npos;
            });
            CHECK(explaining == (findingsK == target ? 0 : 1));
            // The privacy model says the target in the findings' words, the usual number after it.
            REQUIRE(report.protection->privacyModels.size() == 1);
            CHECK(report.protection->privacyModels[0].find("(" + usual + ")") != std::string::npos);
            if (findingsK != target)
                CHECK(std::any_of(report.summary.begin(), report.summary.end(), [&](const std::string& s) {
                    return s.find("(k = " + std::to_string(findingsK) + ")") != std::string::npos &&
                           s.find("(k = " + std::to_string(target) + ", which is " + usual) != std::string::npos;
                }));
        }
}

TEST_CASE("A report says why an answer is not proven optimal", "[report][protection]")
{
    const auto table = std::make_shared<const EncodedTable>(testing::workedExample());
    AnonymizationParameters parameters;
    for (int column = 0; column < 3; ++column)
        parameters.quasiIdentifiers.push_back(
            {column, buildFlatHierarchy(table->columns[static_cast<std::size_t>(column)].dictionary), "automatic"});
    parameters.models.push_back(std::make_shared<KAnonymity>(2));
    parameters.suppressionLimit = 0.2;
    NullAnonymizationObserver observer;
    const AnonymizationResult exact = runAnonymization(*table, parameters, {}, observer);
    REQUIRE(exact.optimum);
    REQUIRE(exact.optimal);
    const ProtectedTable applied = applyTransformation(*table, parameters, exact.optimum->transformation);
    const EncodedTable kept = keptQuasiIdentifierTable(applied, parameters);
    const SearchResult before = searchAt(*table, 1, ColumnSet::of({0, 1, 2}));
    const SearchResult after = searchAt(kept, 1, std::nullopt);
    const auto summaryOf = [&](const AnonymizationResult& result) {
        std::string text;
        for (const std::string& sentence :
             buildProtectionReport(*table, parameters, result, applied, before, kept, after).summary())
            text += sentence + "\n";
        return text;
    };
    CHECK(summaryOf(exact).find("NOT proven optimal") == std::string::npos);

    // The lattice is small, so an unproven answer that ran to its end met a time limit, and one that
    // did not was stopped: neither may claim the lattice was too large.
    AnonymizationResult timedOut = exact;
    timedOut.optimal = false;
    const std::string timedOutText = summaryOf(timedOut);
    CHECK(timedOutText.find("The time limit ended the search") != std::string::npos);
    CHECK(timedOutText.find("too large") == std::string::npos);
    AnonymizationResult stopped = timedOut;
    stopped.complete = false;
    const std::string stoppedText = summaryOf(stopped);
    CHECK(stoppedText.find("The search was stopped") != std::string::npos);
    CHECK(stoppedText.find("too large") == std::string::npos);
}
