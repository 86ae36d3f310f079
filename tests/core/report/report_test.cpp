// SPDX-License-Identifier: GPL-3.0-or-later
// The quasi-identifier report (#6): model, JSON/CSV/HTML writers, schema and golden files.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"

#include "engines/brute_force_engine.h"
#include "partition/class_partition.h"
#include "report/file_digest.h"
#include "support/column_masks.h"
#include "support/report_test_support.h"

namespace {

using namespace qiscout::core;
using qiscout::core::test::checkTagBalance;
using qiscout::core::test::loadPlainCsv;
using qiscout::core::test::randomTable;
using qiscout::core::test::readFile;
using qiscout::core::test::SchemaValidator;

const std::filesystem::path workedExampleDir =
    std::filesystem::path(QISCOUT_TEST_DATA_DIR) / "report" / "worked_example";
const std::filesystem::path schemaPath =
    std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path().parent_path() / "docs" / "report.schema.json";

ReportInput analyse(std::shared_ptr<const EncodedTable> table, std::uint64_t k,
                    std::optional<int> maxSetSize = std::nullopt)
{
    SearchParameters parameters;
    parameters.k = k;
    parameters.threads = 1;
    parameters.maxSetSize = maxSetSize;
    NullObserver observer;
    ReportInput input;
    input.result = runBruteForce(*table, parameters, {}, observer);
    input.table = std::move(table);
    input.parameters = parameters;
    input.requestedAlgorithm = Algorithm::Brute;
    input.loadSeconds = 0.25;
    input.generatedAt = std::chrono::system_clock::time_point{} + std::chrono::seconds{1714564800};
    return input;
}

ReportInput workedExample(std::uint64_t k)
{
    return analyse(std::make_shared<const EncodedTable>(loadPlainCsv(workedExampleDir / "table.csv")), k);
}

/// The report JSON with every field that depends on the run (time, machine, engine, path) nulled.
nlohmann::json normalised(const std::string& text)
{
    nlohmann::json json = nlohmann::json::parse(text);
    for (const char* key : {"generated_at", "qiscout_version", "run_seconds", "algorithm", "threads", "batch_size"})
        json[key] = nullptr;
    for (auto& [key, value] : json["stats"].items())
        value = nullptr;
    for (const char* key : {"algorithm", "threads", "batch_size"})
        json["parameters"][key] = nullptr;
    json["dataset"]["path"] = nullptr;
    json["dataset"]["sha256"] = nullptr;
    return json;
}

nlohmann::json loadSchema()
{
    return nlohmann::json::parse(readFile(schemaPath));
}

TEST_CASE("The worked example's JSON report matches the golden file", "[report]")
{
    const QiReport report = buildReport(workedExample(1));
    const nlohmann::json expected = nlohmann::json::parse(readFile(workedExampleDir / "expected.json"));
    const nlohmann::json actual = normalised(reportToJson(report));
    INFO(actual.dump(2));
    CHECK(actual == expected);
}

TEST_CASE("The worked example's CSV report matches the golden file", "[report]")
{
    const QiReport report = buildReport(workedExample(1));
    CHECK(reportToCsv(report) == readFile(workedExampleDir / "expected.csv"));
}

TEST_CASE("A list of quasi-identifiers exports as the report's CSV table, in the order given", "[report]")
{
    const QiReport report = buildReport(workedExample(1));
    REQUIRE(report.minimalSets.size() >= 2);
    // The whole list is exactly the report's second table, after the headline's.
    const std::string all = minimalSetsCsv(report.minimalSets, report.columnNames());
    const std::string csv = reportToCsv(report);
    CHECK(csv.starts_with("all_columns,rows,rows_at_risk,share,smallest_class,classes\r\n"
                          "\"Birth; Gender; ZIP; Marital\",10,4,0.4,1,7\r\n\r\n" +
                          all));
    // A chosen order and subset (a sorted, filtered GUI list) is written as given.
    const std::vector<MinimalSet> chosen{report.minimalSets.back(), report.minimalSets.front()};
    const std::vector<std::string> names{"=age", "zip, code", "sex", "d", "e", "f", "g", "h"};
    std::string expected = "size,columns,isolated_rows,smallest_class\r\n";
    for (const MinimalSet& set : chosen) {
        std::string columns;
        for (const int column : set.columns.columns())
            columns += (columns.empty() ? "" : "; ") + names.at(static_cast<std::size_t>(column));
        if (columns.starts_with("="))
            columns.insert(0, "'");
        std::string quoted;
        for (const char c : columns)
            quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        expected += std::to_string(set.columns.size()) + ",\"" + quoted + "\"," + std::to_string(set.isolatedRows) +
                    "," + std::to_string(set.smallestClass) + "\r\n";
    }
    CHECK(minimalSetsCsv(chosen, names) == expected);
    CHECK(minimalSetsCsv({}, names) == "size,columns,isolated_rows,smallest_class\r\n");
}

TEST_CASE("The report hashes the analysed file", "[report]")
{
    const QiReport report = buildReport(workedExample(1));
    REQUIRE(report.fileSha256.has_value());
    CHECK(*report.fileSha256 == sha256Hex(readFile(workedExampleDir / "table.csv")));
    CHECK(report.fileName == "table.csv");
    CHECK(report.generatedAt == "2024-05-01T12:00:00Z");
}

TEST_CASE("The report's JSON validates against docs/report.schema.json", "[report][schema]")
{
    SchemaValidator validator(loadSchema());
    const auto [seed, k, maxSize] = GENERATE(table<std::uint32_t, std::uint64_t, int>({
        {1, 1, 0},
        {2, 2, 0},
        {3, 1, 2},
        {4, 3, 0},
    }));
    auto table = std::make_shared<const EncodedTable>(randomTable(seed, 6, 40));
    ReportInput input = analyse(table, k, maxSize > 0 ? std::optional<int>(maxSize) : std::nullopt);
    input.roles.assign(table->columnCount(), ColumnRole::QuasiIdentifier);
    ReportOptions options;
    options.includeValues = seed % 2 == 0;
    const nlohmann::json json = nlohmann::json::parse(reportToJson(buildReport(input, options)));
    const auto errors = validator.validate(json);
    INFO((errors.empty() ? std::string() : errors.front()));
    CHECK(errors.empty());
}

TEST_CASE("The schema validator rejects output that disagrees with the schema", "[report][schema]")
{
    SchemaValidator validator(loadSchema());
    nlohmann::json json = nlohmann::json::parse(reportToJson(buildReport(workedExample(1))));
    REQUIRE(validator.validate(json).empty());

    nlohmann::json missing = json;
    missing["records_at_risk"].erase("histogram");
    CHECK_FALSE(validator.validate(missing).empty());
    nlohmann::json extra = json;
    extra["stats"]["surprise"] = 1;
    CHECK_FALSE(validator.validate(extra).empty());
    nlohmann::json wrongType = json;
    wrongType["minimal_sets"][0]["isolated_rows"] = "1";
    CHECK_FALSE(validator.validate(wrongType).empty());
    nlohmann::json badEnum = json;
    badEnum["dataset"]["columns"][0]["role"] = "secret";
    CHECK_FALSE(validator.validate(badEnum).empty());
}

TEST_CASE("The report's minimal and maximal safe sets equal the engine's answer", "[report]")
{
    const std::uint32_t seed = GENERATE(11U, 12U, 13U);
    const std::uint64_t k = GENERATE(1U, 2U);
    auto table = std::make_shared<const EncodedTable>(randomTable(seed, 7, 60));
    const ReportInput input = analyse(table, k);
    const nlohmann::json json = nlohmann::json::parse(reportToJson(buildReport(input)));
    const auto names = table->columnNames();
    REQUIRE(json["minimal_sets"].size() == input.result.minimalSets.size());
    for (std::size_t i = 0; i < input.result.minimalSets.size(); ++i) {
        const MinimalSet& set = input.result.minimalSets[i];
        std::vector<std::string> expected;
        for (const int column : set.columns.columns())
            expected.push_back(names[static_cast<std::size_t>(column)]);
        CHECK(json["minimal_sets"][i]["columns"].get<std::vector<std::string>>() == expected);
        CHECK(json["minimal_sets"][i]["isolated_rows"] == set.isolatedRows);
        CHECK(json["minimal_sets"][i]["smallest_class"] == set.smallestClass);
    }
    REQUIRE(json["maximal_safe_sets"].size() == input.result.maximalSafeSets.size());
    for (std::size_t i = 0; i < input.result.maximalSafeSets.size(); ++i)
        CHECK(json["maximal_safe_sets"][i]["size"] == input.result.maximalSafeSets[i].columns.size());
    CHECK(json["rows"] == table->rowCount);
    CHECK(json["k"] == k);
    CHECK(json["columns"].get<std::vector<std::string>>() == names);
}

TEST_CASE("The HTML report is well-formed and names every minimal set", "[report][html]")
{
    const std::uint32_t seed = GENERATE(21U, 22U);
    auto table = std::make_shared<const EncodedTable>(randomTable(seed, 6, 50));
    ReportOptions options;
    options.includeValues = true;
    const QiReport report = buildReport(analyse(table, 1), options);
    for (const HtmlFlavor flavor : {HtmlFlavor::Standalone, HtmlFlavor::RichText}) {
        HtmlReportOptions htmlOptions;
        htmlOptions.flavor = flavor;
        htmlOptions.latticePng = std::string("\x89PNG\r\n\x1a\n", 8);
        const std::string html = reportToHtml(report, htmlOptions);
        CHECK(checkTagBalance(html).empty());
        INFO(checkTagBalance(html));
        for (const MinimalSet& set : report.minimalSets) {
            std::string names;
            for (const std::string& name : report.namesOf(set.columns))
                names += (names.empty() ? "" : ", ") + name;
            CHECK(html.find("<td>" + names + "</td>") != std::string::npos);
        }
        for (const std::string& sentence : report.summary)
            CHECK(html.find(sentence) != std::string::npos);
        CHECK(html.find("<script") == std::string::npos);
        CHECK(html.find("http://") == html.find("http://www.w3.org/"));
    }
}

TEST_CASE("The standalone HTML report is self-contained", "[report][html]")
{
    HtmlReportOptions options;
    options.latticePng = std::string("not really a png");
    const std::string html = reportToHtml(buildReport(workedExample(1)), options);
    CHECK(html.find("<svg") != std::string::npos);
    CHECK(html.find("data:image/png;base64," + base64Encode("not really a png")) != std::string::npos);
    CHECK(html.find(" src=\"http") == std::string::npos);
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("@media print") != std::string::npos);
}

TEST_CASE("The HTML report escapes text from the file", "[report][html]")
{
    auto table = std::make_shared<const EncodedTable>(
        encodeRows({"<b>name</b>", "a&b", "\"quoted\""},
                   {{"<script>", "x", "1"}, {"y", "x", "2"}, {"y", "&amp;", "3"}, {"y", "z", "3"}}));
    ReportOptions options;
    options.includeValues = true;
    const std::string html = reportToHtml(buildReport(analyse(table, 1), options));
    CHECK(checkTagBalance(html).empty());
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("&lt;b&gt;name&lt;/b&gt;") != std::string::npos);
    CHECK(html.find("a&amp;b") != std::string::npos);
}

TEST_CASE("Riskiest rows are redacted unless values are requested", "[report]")
{
    const QiReport redacted = buildReport(workedExample(1));
    REQUIRE_FALSE(redacted.recordsAtRisk.riskiest.empty());
    for (const RiskyRow& row : redacted.recordsAtRisk.riskiest)
        CHECK(row.values.empty());
    const std::string html = reportToHtml(redacted);
    CHECK(html.find("Widow") == std::string::npos);
    CHECK(reportToJson(redacted).find("Widow") == std::string::npos);

    ReportOptions options;
    options.includeValues = true;
    const QiReport disclosed = buildReport(workedExample(1), options);
    // Row 2 (0-based) is the only widow and is isolated by {Marital}, the smallest quasi-identifier.
    REQUIRE_FALSE(disclosed.recordsAtRisk.riskiest.empty());
    CHECK(disclosed.recordsAtRisk.riskiest.front().row == 2);
    CHECK(disclosed.recordsAtRisk.riskiest.front().values ==
          std::vector<std::string>{"04/64", "Male", "94138", "Widow"});
    CHECK(reportToHtml(disclosed).find("Widow") != std::string::npos);
}

TEST_CASE("Records at risk count, per row, the minimal sets isolating it", "[report][risk]")
{
    const std::uint32_t seed = GENERATE(31U, 32U, 33U);
    const std::uint64_t k = GENERATE(1U, 2U);
    const EncodedTable table = randomTable(seed, 6, 45);
    std::vector<ColumnSet> sets;
    NullObserver observer;
    SearchParameters parameters;
    parameters.k = k;
    for (const MinimalSet& set : runBruteForce(table, parameters, {}, observer).minimalSets)
        sets.push_back(set.columns);
    const std::vector<std::uint32_t> counts = isolatingSetCounts(table, sets, k, MissingSemantics::Value);
    REQUIRE(counts.size() == table.rowCount);
    // Brute force: a row's class size on a set is the number of rows agreeing with it there.
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::uint32_t expected = 0;
        for (const ColumnSet& set : sets) {
            std::uint64_t classSize = 0;
            for (std::uint32_t other = 0; other < table.rowCount; ++other) {
                const auto columns = set.columns();
                classSize += std::all_of(columns.begin(), columns.end(), [&](int c) {
                    return table.code(row, static_cast<std::size_t>(c)) ==
                           table.code(other, static_cast<std::size_t>(c));
                });
            }
            expected += classSize <= k ? 1U : 0U;
        }
        CHECK(counts[row] == expected);
    }
}

TEST_CASE("The histogram and the riskiest rows agree with the per-row counts", "[report][risk]")
{
    auto table = std::make_shared<const EncodedTable>(randomTable(41, 6, 80));
    const ReportInput input = analyse(table, 1);
    ReportOptions options;
    options.riskiestRowLimit = 10;
    const QiReport report = buildReport(input, options);
    std::vector<ColumnSet> sets;
    for (const MinimalSet& set : report.minimalSets)
        sets.push_back(set.columns);
    const auto counts = isolatingSetCounts(*table, sets, 1, MissingSemantics::Value);
    std::uint64_t total = 0;
    for (const RiskBin& bin : report.recordsAtRisk.histogram) {
        CHECK(bin.rows == static_cast<std::uint64_t>(std::count(counts.begin(), counts.end(), bin.isolatingSets)));
        total += bin.rows;
    }
    CHECK(total == table->rowCount);
    CHECK(report.recordsAtRisk.rowsAtRisk ==
          static_cast<std::uint64_t>(std::count_if(counts.begin(), counts.end(), [](auto c) { return c > 0; })));
    const auto& riskiest = report.recordsAtRisk.riskiest;
    REQUIRE(riskiest.size() == std::min<std::size_t>(10, report.recordsAtRisk.rowsAtRisk));
    const std::uint32_t mostExposed = *std::max_element(counts.begin(), counts.end());
    CHECK(riskiest.front().isolatingSets == mostExposed);
    for (std::size_t i = 1; i < riskiest.size(); ++i)
        CHECK(riskiest[i - 1].isolatingSets >= riskiest[i].isolatingSets);
    for (const RiskyRow& row : riskiest) {
        CHECK(row.isolatingSets == counts[row.row]);
        const ClassPartition partition = partitionRows(*table, row.smallestIsolatingSet);
        CHECK(row.classSize == partition.classSizes[partition.classOfRow[row.row]]);
        CHECK(row.classSize <= 1);
    }
}

TEST_CASE("The greedy hitting set hits every set and picks the largest gain each time", "[report][hitting]")
{
    std::mt19937 random(GENERATE(51U, 52U, 53U, 54U));
    std::vector<ColumnSet> sets;
    for (int i = 0; i < 12; ++i)
        sets.push_back(testing::setOfMask((random() % 255U) + 1U));
    const std::vector<HittingStep> steps = greedyHittingSet(sets);
    std::vector<bool> hit(sets.size(), false);
    for (const HittingStep& step : steps) {
        std::uint64_t bestGain = 0;
        for (int column = 0; column < 8; ++column) {
            std::uint64_t gain = 0;
            for (std::size_t i = 0; i < sets.size(); ++i)
                gain += !hit[i] && sets[i].contains(column) ? 1U : 0U;
            bestGain = std::max(bestGain, gain);
        }
        std::uint64_t gain = 0;
        for (std::size_t i = 0; i < sets.size(); ++i)
            if (!hit[i] && sets[i].contains(step.column)) {
                hit[i] = true;
                ++gain;
            }
        CHECK(step.newlyHitSets == gain);
        CHECK(gain == bestGain);
    }
    CHECK(std::all_of(hit.begin(), hit.end(), [](bool h) { return h; }));

    // No smaller hitting set than the minimum exists; greedy is at least that large.
    std::size_t minimum = 9;
    for (std::uint64_t mask = 1; mask < 256; ++mask)
        if (std::all_of(sets.begin(), sets.end(), [mask](ColumnSet s) { return (testing::maskOf(s) & mask) != 0; }))
            minimum = std::min<std::size_t>(minimum, static_cast<std::size_t>(std::popcount(mask)));
    CHECK(steps.size() >= minimum);
}

TEST_CASE("Removing the hitting set leaves columns that are safe together", "[report][hitting]")
{
    const std::uint32_t seed = GENERATE(61U, 62U, 63U);
    auto table = std::make_shared<const EncodedTable>(randomTable(seed, 7, 50));
    const QiReport report = buildReport(analyse(table, 1));
    for (const MinimalSet& set : report.minimalSets)
        CHECK_FALSE(set.columns.intersected(report.remediation.removed).empty());
    if (!report.remediation.remaining.empty()) {
        REQUIRE(report.remediation.remainingSmallestClass.has_value());
        CHECK(*report.remediation.remainingSmallestClass ==
              measureClasses(*table, report.remediation.remaining, 1).smallestClass);
        CHECK(*report.remediation.remainingSmallestClass > 1);
    }
}

TEST_CASE("The dependencies section lists minimal dependencies and marks the unsafe ones", "[report][dependencies]")
{
    // #18: the paper's Table 1 with Disease sensitive: Phone is neither searched nor sensitive, so it
    // is not examined; Zip with Disease determines Sex, an unsafe dependency (Disease is sensitive).
    auto table = std::make_shared<const EncodedTable>(
        encodeRows({"Sex", "Zip", "Phone", "Disease"}, {{"F", "07921", "1111111", "Ovarian cancer"},
                                                        {"M", "07920", "2222222", "Bronchitis"},
                                                        {"M", "07902", "3333333", "Diabetes"},
                                                        {"F", "07901", "1000001", "Ovarian cancer"},
                                                        {"F", "07902", "3333333", "Bronchitis"},
                                                        {"F", "07903", "2000001", "Pneumonia"}}));
    SearchParameters parameters;
    parameters.threads = 1;
    parameters.columns = ColumnSet::of({0, 1});
    NullObserver observer;
    ReportInput input;
    input.result = runBruteForce(*table, parameters, {}, observer);
    input.table = table;
    input.parameters = parameters;
    input.roles = {ColumnRole::QuasiIdentifier, ColumnRole::QuasiIdentifier, ColumnRole::Ignored,
                   ColumnRole::Sensitive};
    const QiReport report = buildReport(input);
    const DependencyAnalysis& analysis = report.dependencies;
    CHECK(analysis.examined == ColumnSet::of({0, 1, 3}));
    CHECK(analysis.quasiIdentifiers == ColumnSet::of({0, 1}));
    std::vector<std::string> found;
    for (const FunctionalDependency& dependency : analysis.dependencies)
        found.push_back(describe(dependency, table->columnNames()) +
                        (isSafe(dependency, analysis.quasiIdentifiers) ? "" : " unsafe"));
    CHECK(found == std::vector<std::string>{"{Sex, Zip} -> Disease", "{Zip, Disease} -> Sex unsafe"});
    CHECK(analysis.unsafeCount() == 1);
    CHECK_FALSE(analysis.release);

    // The published Table 1 (b) as the protected release: Zip with Disease matches no rows across
    // its two groups, so that attack fails; both groups show three diseases.
    ReportInput protectedInput = input;
    protectedInput.protectedRelease =
        ProtectedRelease{std::make_shared<const EncodedTable>(encodeRows({"Sex", "Zip", "Phone", "Disease"},
                                                                         {{"*", "079**", "1111111", "Ovarian cancer"},
                                                                          {"*", "079**", "2222222", "Bronchitis"},
                                                                          {"*", "079**", "3333333", "Diabetes"},
                                                                          {"F", "0790*", "1000001", "Ovarian cancer"},
                                                                          {"F", "0790*", "3333333", "Bronchitis"},
                                                                          {"F", "0790*", "2000001", "Pneumonia"}})),
                         {"Sex", "Zip"},
                         "Disease",
                         DiversityRequirement{3, std::nullopt}};
    const QiReport checked = buildReport(protectedInput);
    REQUIRE(checked.dependencies.release);
    const ReleaseCheck& release = *checked.dependencies.release;
    CHECK(release.qiGroups == 2);
    CHECK(release.nonDiverseGroups == 0);
    CHECK_FALSE(release.dlInference);
    REQUIRE(release.attacks.size() == 1);
    CHECK_FALSE(release.attacks.front().succeeds);
    CHECK(checked.summary.back() == "On the protected table, no unsafe dependency lets the FFD attack succeed.");

    // Once Phone is examined as a published column, Phone -> Zip is found and its attack succeeds.
    ReportInput withPhone = protectedInput;
    withPhone.roles[2] = ColumnRole::Sensitive;
    const QiReport attacked = buildReport(withPhone);
    REQUIRE(attacked.dependencies.release);
    CHECK(attacked.dependencies.release->attackSucceeds());
    const std::string html = reportToHtml(attacked);
    CHECK(html.find("After protection") != std::string::npos);
    CHECK(html.find("<b>succeeds</b>") != std::string::npos);
    const nlohmann::json json = nlohmann::json::parse(reportToJson(attacked));
    CHECK(json["functional_dependencies"]["after_protection"]["attack_succeeds"] == true);
    CHECK(SchemaValidator(nlohmann::json::parse(readFile(schemaPath))).validate(json).empty());
}

TEST_CASE("Lattice levels count sets and vulnerable sets exactly", "[report][lattice]")
{
    const std::uint32_t seed = GENERATE(81U, 82U);
    const int maxSize = GENERATE(0, 3);
    auto table = std::make_shared<const EncodedTable>(randomTable(seed, 6, 40));
    const QiReport report = buildReport(analyse(table, 1, maxSize > 0 ? std::optional<int>(maxSize) : std::nullopt));
    REQUIRE(report.latticeLevels.size() == 6);
    std::vector<std::uint64_t> sets(7, 0);
    std::vector<std::uint64_t> vulnerable(7, 0);
    for (std::uint64_t mask = 1; mask < 64; ++mask) {
        const auto size = static_cast<std::size_t>(std::popcount(mask));
        ++sets[size];
        vulnerable[size] += measureClasses(*table, testing::setOfMask(mask), 1).isolatedRows > 0 ? 1U : 0U;
    }
    for (const LatticeLevel& level : report.latticeLevels) {
        const auto size = static_cast<std::size_t>(level.size);
        CHECK(level.sets == sets[size]);
        CHECK(level.explored == (maxSize == 0 || level.size <= maxSize));
        if (level.explored) {
            REQUIRE(level.vulnerableSets.has_value());
            CHECK(*level.vulnerableSets == vulnerable[size]);
        } else {
            CHECK_FALSE(level.vulnerableSets.has_value());
        }
    }
}

TEST_CASE("The summary speaks plainly about the worked example", "[report]")
{
    // Counted by hand on table.csv: 7 distinct rows; 4 rows alone, 6 in pairs.
    const QiReport report = buildReport(workedExample(1));
    REQUIRE(report.summary.size() >= 4);
    CHECK(report.summary[0] == "On the 4 columns searched, together (Birth, Gender, ZIP, Marital), 4 of the 10 rows "
                               "(40.0%) are unique: someone who knows these facts about a person finds their row. The "
                               "smallest group has 1 row; there are 7 groups.");
    CHECK(report.summary[1] == "The quasi-identifiers are the smallest combinations of columns that already single out "
                               "at least one person (k = 1), so they say where to coarsen first: 3 combinations were "
                               "found.");
    CHECK(report.summary[2] == "The most dangerous is a single column: Marital.");
    const QiReport forK2 = buildReport(workedExample(2));
    CHECK(forK2.summary[0] ==
          "On the 4 columns searched, together (Birth, Gender, ZIP, Marital), 10 of the 10 rows (100.0%) are in a "
          "group of 2 or fewer rows: someone who knows these facts about a person narrows them down to at most 2 "
          "rows. The smallest group has 1 row; there are 7 groups.");
    CHECK(forK2.summary[1] == "The quasi-identifiers are the smallest combinations of columns that already put at "
                              "least one person in a group of 2 or fewer rows (k = 2), so they say where to coarsen "
                              "first: 3 combinations were found.");
    CHECK(forK2.summary[2] == "The most dangerous are single columns: Birth, Marital, ZIP.");
}

TEST_CASE("Report formats are chosen by extension", "[report]")
{
    CHECK(reportFormatFor("out.html") == ReportFormat::Html);
    CHECK(reportFormatFor("out.HTM") == ReportFormat::Html);
    CHECK(reportFormatFor("dir/out.pdf") == ReportFormat::Pdf);
    CHECK(reportFormatFor("out.json") == ReportFormat::Json);
    CHECK(reportFormatFor("out.Csv") == ReportFormat::Csv);
    CHECK_FALSE(reportFormatFor("out.txt").has_value());
    CHECK_FALSE(reportFormatFor("out").has_value());
}

TEST_CASE("base64 follows RFC 4648's test vectors", "[report]")
{
    CHECK(base64Encode("") == "");
    CHECK(base64Encode("f") == "Zg==");
    CHECK(base64Encode("fo") == "Zm8=");
    CHECK(base64Encode("foo") == "Zm9v");
    CHECK(base64Encode("foob") == "Zm9vYg==");
    CHECK(base64Encode("fooba") == "Zm9vYmE=");
    CHECK(base64Encode("foobar") == "Zm9vYmFy");
}

} // namespace

TEST_CASE("The report shows column descriptions and the sheet, table or query read", "[report][readers]")
{
    EncodedTable table = loadPlainCsv(workedExampleDir / "table.csv");
    table.columns[0].description = "Year of <birth>";
    table.sourcePart = "Wave 2";
    const ReportInput input = analyse(std::make_shared<const EncodedTable>(std::move(table)), 1);
    const QiReport report = buildReport(input);
    CHECK(report.columns[0].description == "Year of <birth>");
    CHECK(report.sourcePart == "Wave 2");
    const nlohmann::json json = nlohmann::json::parse(reportToJson(report));
    CHECK(json["dataset"]["columns"][0]["description"] == "Year of <birth>");
    CHECK(json["dataset"]["part"] == "Wave 2");
    CHECK(SchemaValidator(loadSchema()).validate(json).empty());
    const std::string html = reportToHtml(report);
    CHECK(html.find("<th>Description</th>") != std::string::npos);
    CHECK(html.find("Year of &lt;birth&gt;") != std::string::npos);
    CHECK(html.find("Wave 2") != std::string::npos);
    CHECK(reportToHtml(buildReport(workedExample(1))).find("<th>Description</th>") == std::string::npos);
}

TEST_CASE("A report on a database names the connection and hashes no file", "[report][readers]")
{
    EncodedTable table = loadPlainCsv(workedExampleDir / "table.csv");
    table.sourcePath = "postgresql://alice@db.example/survey";
    const QiReport report = buildReport(analyse(std::make_shared<const EncodedTable>(std::move(table)), 1));
    CHECK(report.fileName == "postgresql://alice@db.example/survey");
    CHECK_FALSE(report.fileSha256);
}
