// SPDX-License-Identifier: GPL-3.0-or-later
// scan --json's document: written directly for its set lists, it must stay byte for byte what
// nlohmann's DOM and dump(2) give, the contract's original writer.
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "report/result_json_frame.h"

namespace {

using namespace qiscout::core;

std::string domDump(const SearchResult& result, const ResultJsonContext& context)
{
    nlohmann::json document = resultJsonFrame(result, context);
    nlohmann::json minimal = nlohmann::json::array();
    for (const MinimalSet& set : result.minimalSets)
        minimal.push_back({{"columns", columnLabels(set.columns, context.columnNames)},
                           {"isolated_rows", set.isolatedRows},
                           {"smallest_class", set.smallestClass}});
    document["minimal_sets"] = std::move(minimal);
    nlohmann::json safe = nlohmann::json::array();
    for (const SafeSet& set : result.maximalSafeSets)
        safe.push_back(
            {{"columns", columnLabels(set.columns, context.columnNames)}, {"smallest_class", set.smallestClass}});
    document["maximal_safe_sets"] = std::move(safe);
    return document.dump(2) + "\n";
}

ColumnSet randomSet(std::mt19937_64& random, int columns)
{
    std::vector<int> chosen;
    for (int column = 0; column < columns; ++column)
        if (random() % 4 == 0)
            chosen.push_back(column);
    return ColumnSet::fromColumns(chosen);
}

} // namespace

TEST_CASE("scan's JSON document is the one nlohmann's DOM dumps", "[report][json]")
{
    std::mt19937_64 random(17);
    // Quotes, backslashes, control characters, non-ASCII, and the text of the keys whose empty
    // arrays the writer replaces, as names; columns past the names are labelled by number.
    const std::vector<std::string> names = {"plain",
                                            "quote \" and \\ backslash",
                                            "tab\tnewline\nbell\x07",
                                            "\xC3\xA9t\xC3\xA9",
                                            "\n  \"minimal_sets\": []",
                                            "\n  \"maximal_safe_sets\": []",
                                            "",
                                            "last"};
    for (int round = 0; round < 40; ++round) {
        const int columns = round % 3 == 0 ? 12 : static_cast<int>(names.size());
        SearchResult result;
        result.k = 1 + random() % 5;
        result.threads = 1 + static_cast<int>(random() % 4);
        result.algorithm = round % 2 == 0 ? Algorithm::Border : Algorithm::Fpvi;
        result.missingSemantics = round % 5 == 0 ? MissingSemantics::Wildcard : MissingSemantics::Value;
        result.searchedColumns = ColumnSet::firstN(columns);
        result.complete = round % 7 != 0;
        const int minimalCount = round % 4 == 1 ? 0 : static_cast<int>(random() % 30);
        for (int i = 0; i < minimalCount; ++i)
            result.minimalSets.push_back({randomSet(random, columns), random() % 1000, random() % 3});
        const int safeCount = round % 4 == 2 ? 0 : static_cast<int>(random() % 30);
        for (int i = 0; i < safeCount; ++i)
            result.maximalSafeSets.push_back({randomSet(random, columns), random()});
        if (round == 3) {
            result.minimalSets.push_back({ColumnSet(), 5, 1});
            result.maximalSafeSets.push_back({ColumnSet(), 2});
        }
        result.stats.setsEvaluated = random();
        result.stats.rowsScanned = random();
        result.stats.searchSeconds = static_cast<double>(random() % 100000) / 997.0;

        ResultJsonContext context;
        context.rows = random() % 100000;
        context.columnNames = names;
        context.loadSeconds = 1.0 / static_cast<double>(1 + round);
        context.sourcePath = round % 2 == 0 ? "/data/t.csv" : "\n  \"minimal_sets\": [] \"q\".csv";
        if (round % 3 == 1)
            context.maxSetSize = round;

        INFO("round " << round);
        REQUIRE(resultToJson(result, context) == domDump(result, context));
    }
}

// #39: a file name is bytes on Linux; the document was refused after the whole search.
TEST_CASE("scan's JSON document takes a file name that is not UTF-8", "[report][json]")
{
    SearchResult result;
    result.searchedColumns = ColumnSet::firstN(1);
    result.minimalSets.push_back({ColumnSet::firstN(1), 1, 1});
    ResultJsonContext context;
    context.columnNames = {"age"};
    context.sourcePath = "/data/caf\xE9.csv";
    const std::string document = resultToJson(result, context);
    CHECK(document.find("\"/data/caf\xEF\xBF\xBD.csv\"") != std::string::npos);
}
