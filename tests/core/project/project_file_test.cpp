// SPDX-License-Identifier: GPL-3.0-or-later
#include <filesystem>

#include <catch2/catch.hpp>

#include "qiscout/core/project/project_file.h"

using namespace qiscout::core;

namespace {

Project sampleProject()
{
    Project project;
    project.tablePath = "data/people.csv";
    project.loadOptions.delimiter = ';';
    project.loadOptions.hasHeader = false;
    project.loadOptions.missingTokens = {"", "-", "n/a"};
    project.loadOptions.encoding = TextEncoding::Windows1252;
    project.loadOptions.skipRaggedRows = true;
    project.roles = {{"name", ColumnRole::DirectIdentifier},
                     {"age", ColumnRole::QuasiIdentifier},
                     {"diagnosis", ColumnRole::Sensitive},
                     {"comment", ColumnRole::Ignored},
                     {"weight", ColumnRole::Weight}};
    project.parameters.k = 5;
    project.parameters.threads = 3;
    project.parameters.batchSize = 8192;
    project.parameters.maxSetSize = 4;
    project.parameters.missingSemantics = MissingSemantics::Wildcard;
    project.algorithm = Algorithm::Mtui;
    return project;
}

void requireSame(const Project& actual, const Project& expected)
{
    REQUIRE(actual.tablePath == expected.tablePath);
    REQUIRE(actual.loadOptions.delimiter == expected.loadOptions.delimiter);
    REQUIRE(actual.loadOptions.hasHeader == expected.loadOptions.hasHeader);
    REQUIRE(actual.loadOptions.missingTokens == expected.loadOptions.missingTokens);
    REQUIRE(actual.loadOptions.encoding == expected.loadOptions.encoding);
    REQUIRE(actual.loadOptions.skipRaggedRows == expected.loadOptions.skipRaggedRows);
    REQUIRE(actual.roles == expected.roles);
    REQUIRE(actual.parameters.k == expected.parameters.k);
    REQUIRE(actual.parameters.threads == expected.parameters.threads);
    REQUIRE(actual.parameters.batchSize == expected.parameters.batchSize);
    REQUIRE(actual.parameters.maxSetSize == expected.parameters.maxSetSize);
    REQUIRE(actual.parameters.missingSemantics == expected.parameters.missingSemantics);
    REQUIRE(actual.algorithm == expected.algorithm);
    REQUIRE(actual.analysed == expected.analysed);
    REQUIRE(actual.protection.has_value() == expected.protection.has_value());
    if (expected.protection)
        REQUIRE(sameProtection(*actual.protection, *expected.protection));
    REQUIRE(actual.risk == expected.risk);
}

/// A Protect set-up with every setting away from its default. #15
ProtectionSettings sampleProtection()
{
    ProtectionSettings protection;
    Hierarchy age;
    age.rows = {{"30", "[30, 40)", "*"}, {"31", "[30, 40)", "*"}, {"45", "[40, 50)", "*"}};
    Hierarchy zip;
    zip.rows = {{"1234;5", "123*", "*"}, {"1235", "123*", "*"}};
    protection.quasiIdentifiers = {{"age", age, "automatic"}, {"zip \"code\"", zip, "zip.csv"}};
    protection.k = 7;
    protection.diversity = DiversitySetting{"diagnosis", DiversityVariant::Recursive, 3.0, 2.5};
    protection.closeness = ClosenessSetting{"income", 0.15, {}, {}, {}};
    protection.suppressionLimit = 0.03;
    protection.metric = UtilityMetric::Discernibility;
    protection.threads = 2;
    protection.chosenLevels = std::vector<int>{1, 0};
    protection.dlInference = DlInferenceSetting{"diagnosis", 40, 3, PartitionHeuristic::BottomUp};
    protection.localSuppression = LocalSuppressionSetting{false, {"zip \"code\"", "age"}};
    protection.maxColumnLoss = 0.5;
    return protection;
}

/// The project's JSON with the first `from` replaced by `to`, to break one setting.
std::string jsonWithReplaced(const Project& project, const std::string& from, const std::string& to)
{
    std::string json = projectToJson(project);
    const auto at = json.find(from);
    REQUIRE(at != std::string::npos);
    return json.replace(at, from.size(), to);
}

/// A Risk set-up with every setting away from its default. #16
RiskSettings sampleRisk()
{
    return {{"age", "zip \"code\""}, 0.125, SudaScoring::Ihsn, 4};
}

/// A version-1 project written before the Protect step had a Dependency attack tab and before the
/// Risk step was saved: no "dlInference", no "risk".
constexpr const char* projectWithoutRiskOrDlInference = R"({
  "format": "qiscout-project",
  "version": 1,
  "table": "people.csv",
  "roles": [{"column": "age", "role": "quasi-identifier"}],
  "parameters": {"k": 2, "threads": null, "batchSize": null, "maxSetSize": null, "algorithm": "auto"},
  "protection": {"quasiIdentifiers": [{"column": "age", "source": "automatic", "hierarchy": [["30", "*"]]}],
                 "k": 5, "lDiversity": null, "tCloseness": null, "suppressionLimit": 0.0, "metric": "loss",
                 "threads": null, "chosenLevels": null},
  "analysed": true
})";

} // namespace

TEST_CASE("A project survives a round trip through JSON", "[project]")
{
    const Project project = sampleProject();
    requireSame(projectFromJson(projectToJson(project)), project);
}

TEST_CASE("A project says whether it had been analysed; older files had not", "[project]")
{
    Project project = sampleProject();
    for (const bool analysed : {true, false}) {
        project.analysed = analysed;
        CHECK(projectFromJson(projectToJson(project)).analysed == analysed);
    }
    CHECK_FALSE(projectFromJson(R"({"format": "qiscout-project", "version": 1, "table": "t.csv"})").analysed);
    CHECK_THROWS_AS(
        projectFromJson(R"({"format": "qiscout-project", "version": 1, "table": "t.csv", "analysed": "yes"})"),
        ProjectError);
}

TEST_CASE("A project keeps the Protect set-up through JSON", "[project]")
{
    Project project = sampleProject();
    project.protection = sampleProtection();
    requireSame(projectFromJson(projectToJson(project)), project);

    project.protection->diversity.reset();
    project.protection->closeness.reset();
    project.protection->threads.reset();
    project.protection->chosenLevels.reset();
    project.protection->maxColumnLoss.reset();
    requireSame(projectFromJson(projectToJson(project)), project);
    // A project without one reads back without one.
    REQUIRE_FALSE(projectFromJson(projectToJson(sampleProject())).protection.has_value());
}

TEST_CASE("A project keeps t-closeness's distance, its hierarchy and the heuristic's time limit", "[project]")
{
    // #40
    Project project = sampleProject();
    project.protection = sampleProtection();
    project.protection->heuristicSeconds = 12.5;
    ClosenessSetting& closeness = *project.protection->closeness;
    closeness.distance = ClosenessDistance::Equal;
    Project back = projectFromJson(projectToJson(project));
    requireSame(back, project);
    REQUIRE(back.protection->closeness->distance == ClosenessDistance::Equal);
    REQUIRE(back.protection->heuristicSeconds == 12.5);

    closeness.distance = ClosenessDistance::Hierarchical;
    closeness.hierarchy.rows = {{"low", "some", "*"}, {"mid", "some", "*"}, {"high", "high", "*"}};
    closeness.hierarchySource = "income.csv";
    back = projectFromJson(projectToJson(project));
    requireSame(back, project);
    REQUIRE(back.protection->closeness->hierarchy.rows == closeness.hierarchy.rows);
    REQUIRE(back.protection->closeness->hierarchySource == "income.csv");
    REQUIRE_THROWS_WITH(projectFromJson(jsonWithReplaced(project, "\"hierarchical\"", "\"crooked\"")),
                        Catch::Contains("crooked"));
    REQUIRE_THROWS_AS(
        projectFromJson(jsonWithReplaced(project, "\"heuristicSeconds\": 12.5", "\"heuristicSeconds\": 0")),
        ProjectError);

    // Written before #40: no distance (the column's type chooses it), the CLI's time limit.
    const Project older = projectFromJson(jsonWithReplaced(sampleProject(), "\"analysed\"",
                                                           "\"protection\": {\"quasiIdentifiers\": [], \"tCloseness\": "
                                                           "{\"column\": \"income\", \"t\": 0.3}}, \"analysed\""));
    REQUIRE(older.protection->closeness->t == 0.3);
    REQUIRE_FALSE(older.protection->closeness->distance.has_value());
    REQUIRE(older.protection->heuristicSeconds == AnonymizationParameters{}.heuristicSeconds);
}

TEST_CASE("A project keeps the Risk set-up and the (d, l)-inference set-up through JSON", "[project][risk]")
{
    Project project = sampleProject();
    project.protection = sampleProtection();
    project.risk = sampleRisk();
    const Project back = projectFromJson(projectToJson(project));
    requireSame(back, project);
    REQUIRE(back.protection->dlInference == sampleProtection().dlInference);
    REQUIRE(back.risk->keyColumns == std::vector<std::string>{"age", "zip \"code\""});
    REQUIRE(back.risk->samplingFraction == 0.125);
    REQUIRE(back.risk->scoring == SudaScoring::Ihsn);
    REQUIRE(back.risk->maxMsuSize == 4);

    // Each on its own, and the defaults, come back as they were.
    project.protection->dlInference.reset();
    project.risk = RiskSettings{};
    requireSame(projectFromJson(projectToJson(project)), project);
    project.protection.reset();
    project.risk->keyColumns.clear();
    requireSame(projectFromJson(projectToJson(project)), project);
    project.risk.reset();
    requireSame(projectFromJson(projectToJson(project)), project);
}

TEST_CASE("A project saved before the Risk and (d, l)-inference set-ups were stored still opens", "[project][risk]")
{
    const Project project = projectFromJson(projectWithoutRiskOrDlInference);
    REQUIRE(project.tablePath == "people.csv");
    REQUIRE(project.analysed);
    REQUIRE(project.protection.has_value());
    REQUIRE(project.protection->k == 5);
    REQUIRE_FALSE(project.protection->dlInference.has_value());
    REQUIRE_FALSE(project.risk.has_value());
}

TEST_CASE("A project's bad Risk or (d, l)-inference set-up is an error naming what is wrong", "[project][risk]")
{
    Project project = sampleProject();
    project.protection = sampleProtection();
    project.risk = sampleRisk();
    const auto replaced = [&project](const std::string& from, const std::string& to) {
        return jsonWithReplaced(project, from, to);
    };
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"ihsn\"", "\"loudest\"")), Catch::Contains("loudest"));
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"samplingFraction\": 0.125", "\"samplingFraction\": 1.5")),
                        Catch::Contains("sampling fraction"));
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"samplingFraction\": 0.125", "\"samplingFraction\": 0")),
                        Catch::Contains("sampling fraction"));
    REQUIRE_THROWS_AS(projectFromJson(replaced("\"keyColumns\": [", "\"keyColumns\": [1, ")), ProjectError);
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"bottom-up\"", "\"sideways\"")), Catch::Contains("sideways"));
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"l\": 3", "\"l\": 0")), Catch::Contains("at least 1"));
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"d\": 40", "\"d\": -1")), Catch::Contains("\"d\""));
    REQUIRE_THROWS_AS(projectFromJson(replaced("\"sensitive\": \"diagnosis\"", "\"sensitive\": null")), ProjectError);
}

TEST_CASE("A project's bad Protect set-up is an error naming what is wrong", "[project]")
{
    Project project = sampleProject();
    project.protection = sampleProtection();
    const auto replaced = [&project](const std::string& from, const std::string& to) {
        return jsonWithReplaced(project, from, to);
    };
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"discernibility\"", "\"happiness\"")), Catch::Contains("happiness"));
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"recursive\"", "\"sideways\"")), Catch::Contains("sideways"));
    // A non-monotone hierarchy: 30 and 31 share a group at level 1 but not at level 2.
    REQUIRE_THROWS_AS(projectFromJson(replaced("\"[30, 40)\",\n            \"*\"", "\"[30, 40)\",\n            \"x\"")),
                      ProjectError);
    REQUIRE_THROWS_AS(projectFromJson(replaced("\"suppressionLimit\": 0.03", "\"suppressionLimit\": 3")), ProjectError);
    REQUIRE_THROWS_WITH(projectFromJson(replaced("\"maxColumnLoss\": 0.5", "\"maxColumnLoss\": 1.5")),
                        Catch::Contains("loss per column")); // #34
}

TEST_CASE("Unset options stay unset through JSON", "[project]")
{
    Project project;
    project.tablePath = "/abs/table.csv";
    const Project back = projectFromJson(projectToJson(project));
    REQUIRE_FALSE(back.loadOptions.delimiter.has_value());
    REQUIRE_FALSE(back.loadOptions.hasHeader.has_value());
    REQUIRE_FALSE(back.parameters.threads.has_value());
    REQUIRE_FALSE(back.parameters.batchSize.has_value());
    REQUIRE_FALSE(back.parameters.maxSetSize.has_value());
    REQUIRE(back.loadOptions.missingTokens == LoadOptions{}.missingTokens);
    REQUIRE(back.algorithm == Algorithm::Auto);
    REQUIRE(back.parameters.missingSemantics == MissingSemantics::Value);
}

TEST_CASE("A saved project resolves its relative table path against the project's folder", "[project]")
{
    const auto folder = std::filesystem::temp_directory_path() / "qiscout_project_file_test";
    std::filesystem::create_directories(folder);
    const auto path = (folder / "analysis.qiscout").string();
    saveProject(path, sampleProject());
    const Project loaded = loadProject(path);
    REQUIRE(loaded.tablePath == (folder / "data" / "people.csv").lexically_normal().string());
    REQUIRE(loaded.roles == sampleProject().roles);
    std::filesystem::remove_all(folder);
}

TEST_CASE("Invalid project files raise ProjectError with a sentence", "[project]")
{
    const auto text = GENERATE(as<std::string>{}, "not json", "{\"format\": \"something-else\", \"version\": 1}",
                               "{\"format\": \"qiscout-project\", \"version\": 99, \"table\": \"a.csv\"}",
                               "{\"format\": \"qiscout-project\", \"version\": 1}",
                               "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"a.csv\", "
                               "\"roles\": [{\"column\": \"x\", \"role\": \"boss\"}]}",
                               "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"a.csv\", "
                               "\"parameters\": {\"algorithm\": \"quantum\"}}",
                               "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"a.csv\", "
                               "\"parameters\": {\"missingSemantics\": \"sometimes\"}}",
                               "{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"a.csv\", "
                               "\"import\": {\"delimiter\": \";;\"}}");
    REQUIRE_THROWS_AS(projectFromJson(text), ProjectError);
}

// #39
TEST_CASE("A project's version and the types of its values are named in its errors", "[project]")
{
    const auto messageFor = [](const std::string& text) {
        try {
            static_cast<void>(projectFromJson(text));
        } catch (const ProjectError& error) {
            return std::string(error.what());
        }
        FAIL("the project was read: " << text);
        return std::string();
    };
    const std::string head = R"({"format": "qiscout-project", )";
    CHECK(messageFor(head + R"("table": "a.csv"})") ==
          "The project file gives no format version; this QIScout reads version 1.");
    CHECK(messageFor(head + R"("version": 0, "table": "a.csv"})").find("newer") == std::string::npos);
    CHECK(messageFor(head + R"("version": 99, "table": "a.csv"})").find("newer QIScout (format version 99)") !=
          std::string::npos);
    const std::string current = head + R"("version": 1, )";
    CHECK(messageFor(current + R"("table": 7})") == "The project's \"table\" must be text, not a number.");
    CHECK(messageFor(current + R"("table": "a.csv", "analysed": "yes"})") ==
          "The project's \"analysed\" must be true or false, not a string.");
    CHECK(messageFor(current + R"("table": "a.csv", "import": {"missingTokens": "NA"}})") ==
          "The project's \"missingTokens\" must be a list of texts, not a string.");
    CHECK(messageFor(current + R"("table": "a.csv", "risk": {"samplingFraction": "half"}})") ==
          "The project's \"samplingFraction\" must be a number, not a string.");
    CHECK(messageFor(head + R"("version": 1})") == "The project lacks \"table\".");
}

TEST_CASE("Opening a missing project file raises ProjectError", "[project]")
{
    REQUIRE_THROWS_AS(loadProject("/nonexistent/folder/project.qiscout"), ProjectError);
}

TEST_CASE("A project keeps its source's format, sheet, table, query and label choice", "[project][readers]")
{
    Project project;
    project.tablePath = "survey.xlsx";
    project.loadOptions.format = SourceFormat::Excel;
    project.loadOptions.sheet = "Wave 2";
    project.loadOptions.table = "people";
    project.loadOptions.query = "SELECT * FROM people WHERE age > 17";
    project.loadOptions.valueLabels = false;
    const Project back = projectFromJson(projectToJson(project));
    CHECK(back.loadOptions.format == SourceFormat::Excel);
    CHECK(back.loadOptions.sheet == "Wave 2");
    CHECK(back.loadOptions.table == "people");
    CHECK(back.loadOptions.query == project.loadOptions.query);
    CHECK_FALSE(back.loadOptions.valueLabels);
    CHECK_FALSE(projectFromJson(projectToJson(Project{})).loadOptions.format);
    CHECK_THROWS_AS(projectFromJson("{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"a\", "
                                    "\"import\": {\"format\": \"lotus\"}}"),
                    ProjectError);
}

TEST_CASE("A project never holds a database password", "[project][readers][password]")
{
    Project project;
    project.tablePath = "postgresql://alice:s3cret@db.example/survey?password=s3cret";
    project.loadOptions.password = "other-s3cret";
    project.loadOptions.table = "people";
    const std::string json = projectToJson(project);
    CHECK(json.find("s3cret") == std::string::npos);
    CHECK(projectFromJson(json).tablePath == "postgresql://alice@db.example/survey");
    project.tablePath = "host=db.example password=s3cret dbname=survey";
    project.loadOptions.format = SourceFormat::PostgreSql;
    CHECK(projectToJson(project).find("s3cret") == std::string::npos);
}

TEST_CASE("A saved project resolves sqlite: paths but leaves connection strings alone", "[project][readers]")
{
    const auto folder = std::filesystem::temp_directory_path() / "qiscout_project_source_test";
    std::filesystem::create_directories(folder);
    const auto path = (folder / "analysis.qiscout").string();
    Project project;
    project.tablePath = "sqlite:data/people.db";
    saveProject(path, project);
    CHECK(loadProject(path).tablePath == "sqlite:" + (folder / "data" / "people.db").lexically_normal().string());
    project.tablePath = "postgresql://alice@localhost/survey";
    saveProject(path, project);
    CHECK(loadProject(path).tablePath == project.tablePath);
    std::filesystem::remove_all(folder);
}
