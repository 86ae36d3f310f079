// SPDX-License-Identifier: GPL-3.0-or-later
// #19: what a hostile table can do to a report. Formula injection through the CSV (case 9), huge
// cells in the HTML and PDF (case 4), and a stop while the report is built (case 5).
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"
#include "qiscout/core/util/cancellation.h"
#include "qiscout/core/util/display_text.h"

using namespace qiscout::core;

namespace {

/// A report on a table whose column names and values are the given texts (each column unique on
/// row 0, so every column is a quasi-identifier for k = 1).
QiReport reportOn(const std::vector<std::string>& names, const std::vector<std::string>& firstRow,
                  bool includeValues = true)
{
    std::vector<std::vector<std::string>> rows{firstRow};
    for (int copy = 0; copy < 3; ++copy)
        rows.push_back(std::vector<std::string>(names.size(), "same"));
    auto table = std::make_shared<const EncodedTable>(encodeRows(names, rows));
    ReportInput input;
    SearchParameters parameters;
    parameters.threads = 1;
    NullObserver quiet;
    input.result = runSearch(*table, parameters, Algorithm::Brute, {}, quiet);
    input.table = std::move(table);
    input.parameters = parameters;
    input.fileSha256 = std::string(64, '0');
    ReportOptions options;
    options.includeValues = includeValues;
    return buildReport(input, options);
}

} // namespace

TEST_CASE("CSV report cells that a spreadsheet would run as formulas are neutralised", "[robust][report]")
{
    const std::vector<std::string> names{"=HYPERLINK(\"http://x\")", "@SUM(A1)", "+1", "-1", "\tcmd", "plain, name"};
    const QiReport report = reportOn(names, {"a", "b", "c", "d", "e", "f"});
    const std::string csv = reportToCsv(report);
    CHECK_THAT(csv, Catch::Contains("\"'=HYPERLINK(\"\"http://x\"\")\""));
    CHECK_THAT(csv, Catch::Contains("\"'@SUM(A1)\""));
    CHECK_THAT(csv, Catch::Contains("\"'+1\""));
    CHECK_THAT(csv, Catch::Contains("\"'-1\""));
    CHECK_THAT(csv, Catch::Contains("\"'\tcmd\""));
    CHECK_THAT(csv, Catch::Contains("\"plain, name\""));
    // No line starts a cell with a trigger character.
    for (const char trigger : std::string("=+-@")) {
        CHECK(csv.find(std::string(",") + trigger) == std::string::npos);
        CHECK(csv.find(std::string("\"") + trigger) == std::string::npos);
    }
    const std::string html = reportToHtml(report);
    CHECK_THAT(html, Catch::Contains("OWASP") && Catch::Contains("apostrophe"));
}

TEST_CASE("Huge names and values are shortened in HTML but whole in CSV and JSON", "[robust][report]")
{
    const std::string hugeName(300'000, 'N');
    const std::string hugeValue(1'000'000, 'v');
    const QiReport report = reportOn({hugeName, "small"}, {hugeValue, "x"});
    const auto started = std::chrono::steady_clock::now();
    const std::string html = reportToHtml(report);
    const std::string rich = reportToHtml(report, HtmlReportOptions{HtmlFlavor::RichText, {}});
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
    for (const std::string& text : {html, rich}) {
        CHECK(text.find(std::string(displayTextLimit + 1, 'N')) == std::string::npos);
        CHECK(text.find(std::string(displayTextLimit + 1, 'v')) == std::string::npos);
        CHECK_THAT(text, Catch::Contains(std::string(displayTextLimit, 'v') + "\u2026 (1000000 characters)"));
        CHECK_THAT(text, Catch::Contains(std::string(displayTextLimit, 'N') + "\u2026 (300000 characters)"));
        CHECK(text.size() < 200'000);
    }
    for (const std::string& sentence : report.summary)
        CHECK(sentence.size() < 2000);
    CHECK_THAT(reportToCsv(report), Catch::Contains(hugeName));
    CHECK_THAT(reportToJson(report), Catch::Contains(hugeName));
}

TEST_CASE("Building a report stops when asked", "[robust][report]")
{
    auto table = std::make_shared<const EncodedTable>(encodeRows({"a", "b"}, {{"1", "x"}, {"2", "y"}, {"2", "y"}}));
    ReportInput input;
    NullObserver quiet;
    SearchParameters parameters;
    parameters.threads = 1;
    input.result = runSearch(*table, parameters, Algorithm::Brute, {}, quiet);
    input.table = table;
    std::stop_source stop;
    stop.request_stop();
    CHECK_THROWS_AS(buildReport(input, {}, stop.get_token()), OperationCancelled);
}
