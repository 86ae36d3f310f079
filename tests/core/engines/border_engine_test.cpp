// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <sstream>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/table_loader.h"

#include "engines/border_engine.h"
#include "engines/brute_force_engine.h"
#include "engines/fpvi_engine.h"
#include "partition/class_partition.h"
#include "support/column_masks.h"
#include "support/search_observers.h"
#include "support/thread_counts.h"
#include "support/worked_example.h"

using namespace qiscout::core;

using qiscout::core::testing::RecordingObserver;
using qiscout::core::testing::StoppingObserver;
using qiscout::core::testing::threadCounts;
using qiscout::core::testing::workedExample;

namespace {

// Text forms, so that a failed comparison shows both answers.
std::string text(const std::vector<MinimalSet>& sets)
{
    std::ostringstream out;
    for (const MinimalSet& set : sets)
        out << testing::maskOf(set.columns) << ':' << set.isolatedRows << '/' << set.smallestClass << ' ';
    return out.str();
}

std::string text(const std::vector<SafeSet>& sets)
{
    std::ostringstream out;
    for (const SafeSet& set : sets)
        out << testing::maskOf(set.columns) << ':' << set.smallestClass << ' ';
    return out.str();
}

void requireSameAnswer(const SearchResult& actual, const SearchResult& expected)
{
    REQUIRE(text(actual.minimalSets) == text(expected.minimalSets));
    REQUIRE(text(actual.maximalSafeSets) == text(expected.maximalSafeSets));
    REQUIRE(actual.minimalSets == expected.minimalSets);
    REQUIRE(actual.maximalSafeSets == expected.maximalSafeSets);
}

// A seeded table of 0..60 rows and 1..maxColumns columns mixing constant, binary, skewed and
// near-unique columns, copies of columns (functional dependencies) and duplicated rows. Raw
// engine output only, so the same seed gives the same table everywhere.
EncodedTable randomTable(std::uint32_t seed, int maxColumns)
{
    std::mt19937 random(seed);
    const auto below = [&random](std::uint32_t bound) {
        return bound == 0 ? 0U : static_cast<std::uint32_t>(random() % bound);
    };
    const int columnCount = 1 + static_cast<int>(below(static_cast<std::uint32_t>(maxColumns)));
    const std::uint32_t rowCount = below(61);
    std::vector<std::uint32_t> cardinality(static_cast<std::size_t>(columnCount));
    std::vector<bool> skewed(cardinality.size());
    std::vector<int> copyOf(cardinality.size(), -1);
    for (std::size_t c = 0; c < cardinality.size(); ++c) {
        switch (below(6)) {
        case 0:
            cardinality[c] = 1;
            break;
        case 1:
            cardinality[c] = 2;
            break;
        case 2:
            cardinality[c] = 3 + below(4);
            break;
        case 3:
            cardinality[c] = 8 + below(40);
            break;
        default:
            cardinality[c] = 2 + below(10);
            skewed[c] = true;
        }
        if (c > 0 && below(8) == 0)
            copyOf[c] = static_cast<int>(below(static_cast<std::uint32_t>(c)));
    }
    std::vector<std::string> names;
    for (int c = 0; c < columnCount; ++c)
        names.push_back("c" + std::to_string(c));
    std::vector<std::vector<std::string>> rows;
    for (std::uint32_t r = 0; r < rowCount; ++r) {
        if (!rows.empty() && below(5) == 0) {
            rows.push_back(rows[below(static_cast<std::uint32_t>(rows.size()))]);
            continue;
        }
        std::vector<std::uint32_t> values(cardinality.size());
        std::vector<std::string> row;
        for (std::size_t c = 0; c < cardinality.size(); ++c) {
            if (copyOf[c] >= 0)
                values[c] = values[static_cast<std::size_t>(copyOf[c])] % cardinality[c];
            else if (skewed[c] && below(3) != 0)
                values[c] = 0;
            else
                values[c] = below(cardinality[c]);
            row.push_back(std::to_string(values[c]));
        }
        rows.push_back(std::move(row));
    }
    return encodeRows(names, rows);
}

// Two identical rows over `columns` columns: every set is a quasi-identifier at k = 2, so only the
// table's width decides which algorithm `auto` picks.
EncodedTable twoIdenticalRows(int columns)
{
    std::vector<std::string> names;
    std::vector<std::string> row;
    for (int c = 0; c < columns; ++c) {
        names.push_back("c" + std::to_string(c));
        row.push_back(std::to_string(c));
    }
    return encodeRows(names, {row, row});
}

std::string sharedData(const std::string& file)
{
    return std::string(QISCOUT_TEST_TABLES_DIR) + "/" + file;
}

} // namespace

TEST_CASE("The border search finds the worked example's quasi-identifiers", "[border]")
{
    const EncodedTable table = workedExample();
    const int birth = 0;
    const int gender = 1;
    const int zip = 2;
    const int marital = 3;
    NullObserver observer;
    SearchParameters parameters;
    parameters.threads = GENERATE(from_range(threadCounts()));

    parameters.k = 1;
    SearchResult result = runBorderSearch(table, parameters, {}, observer);
    CHECK(result.complete);
    CHECK(result.algorithm == Algorithm::Border);
    CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({marital}), 1, 1},
                                                        {ColumnSet::of({birth, zip}), 4, 1},
                                                        {ColumnSet::of({gender, zip}), 3, 1}});
    CHECK(result.maximalSafeSets ==
          std::vector<SafeSet>{{ColumnSet::of({zip}), 2}, {ColumnSet::of({birth, gender}), 2}});

    for (const std::uint64_t k : {2U, 3U}) {
        parameters.k = k;
        result = runBorderSearch(table, parameters, {}, observer);
        CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({birth}), 6, 2},
                                                            {ColumnSet::of({zip}), 4, 2},
                                                            {ColumnSet::of({marital}), 5, 1}});
        CHECK(result.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({gender}), 4}});
    }
}

TEST_CASE("The border search equals the exhaustive reference on random tables", "[border]")
{
    NullObserver observer;
    for (std::uint32_t seed = 1; seed <= 240; ++seed) {
        const EncodedTable table = randomTable(seed, 10);
        const int columnCount = static_cast<int>(table.columnCount());
        std::mt19937 random(seed);
        for (const std::uint64_t k : {1U, 2U, 3U, 5U}) {
            SearchParameters parameters;
            parameters.k = k;
            // Every other run narrows the search: a size limit, a column selection or both.
            if (random() % 2 == 0)
                parameters.maxSetSize = 1 + static_cast<int>(random() % static_cast<std::uint32_t>(columnCount));
            if (random() % 3 == 0)
                parameters.columns = testing::setOfMask(random() % (std::uint64_t{1} << columnCount))
                                         .intersected(ColumnSet::firstN(columnCount));
            const SearchResult expected = runBruteForce(table, parameters, {}, observer);
            for (const int threads : threadCounts()) {
                parameters.threads = threads;
                INFO("seed " << seed << ", " << table.rowCount << " rows x " << columnCount << " columns, k " << k
                             << ", threads " << threads << ", limit " << parameters.maxSetSize.value_or(0)
                             << ", selection " << testing::maskOf(parameters.columns.value_or(ColumnSet::firstN(64))));
                const SearchResult actual = runBorderSearch(table, parameters, {}, observer);
                REQUIRE(actual.complete);
                REQUIRE(actual.searchedColumns == expected.searchedColumns);
                requireSameAnswer(actual, expected);
            }
        }
    }
}

// The searched columns spread over a wide table, some equal modulo 64, so that the border search's
// vulnerable sets carry columns of several words and share its per-bucket lists; a width past 512
// columns takes heap-backed sets, which keep sets of three columns in those lists too.
TEST_CASE("The border search equals the exhaustive reference when the searched columns spread over a wide table",
          "[border]")
{
    NullObserver observer;
    for (const int width : {100, 300, 600}) {
        std::vector<int> searched;
        for (const int column : {1, 3, 65, 67, 70, 97, 129, 200, 257, 299, 385, 450, 513, 599})
            if (column < width)
                searched.push_back(column);
        for (std::uint32_t seed = 1; seed <= 12; ++seed) {
            std::mt19937 random(seed);
            std::vector<std::string> names;
            for (int c = 0; c < width; ++c)
                names.push_back("c" + std::to_string(c));
            std::vector<std::uint32_t> cardinality;
            for (std::size_t i = 0; i < searched.size(); ++i)
                cardinality.push_back(2 + static_cast<std::uint32_t>(random() % 4));
            std::vector<std::vector<std::string>> rows(30 + static_cast<std::size_t>(random() % 30),
                                                       std::vector<std::string>(static_cast<std::size_t>(width), "0"));
            for (std::vector<std::string>& row : rows)
                for (std::size_t i = 0; i < searched.size(); ++i)
                    row[static_cast<std::size_t>(searched[i])] = std::to_string(random() % cardinality[i]);
            const EncodedTable table = encodeRows(names, rows);
            SearchParameters parameters;
            ColumnSet columns;
            for (const int column : searched)
                columns = columns.with(column);
            parameters.columns = columns;
            for (const std::uint64_t k : {1U, 2U}) {
                parameters.k = k;
                const SearchResult expected = runBruteForce(table, parameters, {}, observer);
                for (const int threads : threadCounts()) {
                    parameters.threads = threads;
                    INFO("width " << width << ", seed " << seed << ", k " << k << ", threads " << threads);
                    const SearchResult actual = runBorderSearch(table, parameters, {}, observer);
                    REQUIRE(actual.complete);
                    REQUIRE(actual.minimalSets == expected.minimalSets);
                    REQUIRE(actual.maximalSafeSets == expected.maximalSafeSets);
                }
            }
        }
    }
}

TEST_CASE("The border search handles tables without rows, empty selections and huge k", "[border]")
{
    NullObserver observer;
    const EncodedTable example = workedExample();
    SearchParameters parameters;

    SECTION("no rows: every set is safe")
    {
        const EncodedTable empty = encodeRows({"a", "b", "c"}, {});
        requireSameAnswer(runBorderSearch(empty, parameters, {}, observer),
                          runBruteForce(empty, parameters, {}, observer));
        parameters.maxSetSize = 2;
        requireSameAnswer(runBorderSearch(empty, parameters, {}, observer),
                          runBruteForce(empty, parameters, {}, observer));
    }
    SECTION("an empty selection searches nothing")
    {
        parameters.columns = ColumnSet{};
        const SearchResult result = runBorderSearch(example, parameters, {}, observer);
        CHECK(result.complete);
        CHECK(result.minimalSets.empty());
        CHECK(result.maximalSafeSets.empty());
    }
    SECTION("k at least the row count isolates every row on every column")
    {
        for (const std::uint64_t k : {std::uint64_t{10}, std::uint64_t{11}, maxK}) {
            parameters.k = k;
            const SearchResult result = runBorderSearch(example, parameters, {}, observer);
            CHECK(result.minimalSets.size() == 4);
            requireSameAnswer(result, runBruteForce(example, parameters, {}, observer));
        }
    }
    SECTION("invalid parameters are refused")
    {
        parameters.k = 0;
        CHECK_THROWS_AS(runBorderSearch(example, parameters, {}, observer), SearchParameterError);
    }
}

TEST_CASE("The border search reports consistent events and counters", "[border]")
{
    const EncodedTable table = randomTable(77, 10);
    REQUIRE(table.rowCount > 10);
    SearchParameters parameters;
    parameters.k = GENERATE(1U, 2U);
    parameters.threads = GENERATE(from_range(threadCounts()));
    RecordingObserver observer;
    const SearchResult result = runBorderSearch(table, parameters, {}, observer);

    std::vector<ColumnSet> scheduled;
    std::vector<ColumnSet> vulnerable;
    std::uint64_t safeEvents = 0;
    CHECK_FALSE(observer.overlapped);
    CHECK_FALSE(observer.countersWentBack);
    for (const NodeEvent& event : observer.events) {
        switch (event.kind) {
        case NodeEventKind::Scheduled:
            scheduled.push_back(event.set);
            break;
        case NodeEventKind::Safe:
            ++safeEvents;
            CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) != scheduled.end());
            CHECK(measureClasses(table, event.set, parameters.k).isolatedRows == 0);
            break;
        case NodeEventKind::Vulnerable: {
            vulnerable.push_back(event.set);
            CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) != scheduled.end());
            const ClassPartition partition = partitionRows(table, event.set);
            CHECK(partition.classSizes[partition.classOfRow[event.firstIsolatedRow]] <= parameters.k);
            break;
        }
        case NodeEventKind::Pruned:
            CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) != scheduled.end());
            CHECK(measureClasses(table, event.set, parameters.k).isolatedRows > 0);
            break;
        }
    }
    std::vector<ColumnSet> minimal;
    for (const MinimalSet& set : result.minimalSets)
        minimal.push_back(set.columns);
    std::sort(vulnerable.begin(), vulnerable.end(), sizeThenLexLess);
    CHECK(vulnerable == minimal);
    CHECK(observer.last.setsVulnerable == minimal.size());
    CHECK(observer.last.setsSafe == safeEvents);
    CHECK(observer.last.setsScheduled == scheduled.size());
    CHECK(observer.last.setsEvaluated == result.stats.setsEvaluated);
    CHECK(observer.last.rowsScanned == result.stats.rowsScanned);
    CHECK(result.stats.setsEvaluated <= scheduled.size());
    CHECK(result.stats.setsEvaluated > 0);
}

TEST_CASE("The border search does the same work for every thread count", "[border]")
{
    const EncodedTable table = loadTable(sharedData("free1.csv"));
    NullObserver observer;
    SearchParameters parameters;
    parameters.k = 2;
    parameters.maxSetSize = 5;
    parameters.threads = 1;
    const SearchResult single = runBorderSearch(table, parameters, {}, observer);
    for (const int threads : threadCounts()) {
        parameters.threads = threads;
        const SearchResult result = runBorderSearch(table, parameters, {}, observer);
        requireSameAnswer(result, single);
        CHECK(result.stats.setsEvaluated == single.stats.setsEvaluated);
        CHECK(result.stats.rowsScanned == single.stats.rowsScanned);
    }
    // Every reported set is measured exactly, and every reported maximal safe set is maximal.
    for (const MinimalSet& set : single.minimalSets) {
        const ClassStatistics reference = measureClasses(table, set.columns, parameters.k);
        CHECK(set.isolatedRows == reference.isolatedRows);
        CHECK(set.smallestClass == reference.smallestClass);
    }
    for (const SafeSet& set : single.maximalSafeSets) {
        CHECK(measureClasses(table, set.columns, parameters.k).smallestClass == set.smallestClass);
        CHECK(set.smallestClass > parameters.k);
    }
}

// #4: the border strategy must give FPVI's answer on every shared dataset, with and without a
// size limit, wherever FPVI finishes within a minute. Only mushroom always needs a limit: without
// one FPVI evaluates 5 million safe sets.
TEST_CASE("The border search equals FPVI on every shared dataset FPVI settles within a minute", "[border]")
{
    struct Case {
        const char* file;
        std::optional<int> maxSetSize;
    };
    const auto [file, maxSetSize] = GENERATE(values<Case>({{"francdat.csv", {}},
                                                           {"francdat.csv", 3},
                                                           {"fertility.csv", {}},
                                                           {"gss_wages.csv", {}},
                                                           {"adult.csv", {}},
                                                           {"mushroom.csv", 2},
                                                           {"mushroom.csv", 4},
                                                           {"free1.csv", {}},
                                                           {"free1.csv", 2},
                                                           {"sd2011.csv", {}},
                                                           {"sd2011.csv", 2}}));
    const EncodedTable table = loadTable(sharedData(file));
    NullObserver observer;
    for (const std::uint64_t k : {1U, 2U, 5U}) {
        SearchParameters parameters;
        parameters.k = k;
        parameters.maxSetSize = maxSetSize;
        INFO(file << " k " << k << " size limit " << maxSetSize.value_or(0));
        requireSameAnswer(runBorderSearch(table, parameters, {}, observer), runFpvi(table, parameters, {}, observer));
    }
}

TEST_CASE("The border search stops when asked and keeps only settled sets", "[border][cancel]")
{
    const EncodedTable table = loadTable(sharedData("free1.csv"));
    SearchParameters parameters;
    parameters.k = 1;
    parameters.threads = threadCounts().back();
    NullObserver quiet;
    const SearchResult full = runBorderSearch(table, parameters, {}, quiet);
    REQUIRE(full.complete);

    SECTION("stop requested before the search starts")
    {
        std::stop_source source;
        source.request_stop();
        const SearchResult result = runBorderSearch(table, parameters, source.get_token(), quiet);
        CHECK_FALSE(result.complete);
        CHECK(result.minimalSets.empty());
        CHECK(result.maximalSafeSets.empty());
        CHECK(result.stats.setsEvaluated == 0);
    }
    SECTION("stop requested at the first report")
    {
        std::stop_source source;
        StoppingObserver stopper(source);
        const SearchResult result = runBorderSearch(table, parameters, source.get_token(), stopper);
        CHECK_FALSE(result.complete);
        CHECK(result.stats.setsEvaluated < full.stats.setsEvaluated);
        for (const MinimalSet& set : result.minimalSets)
            CHECK(std::find(full.minimalSets.begin(), full.minimalSets.end(), set) != full.minimalSets.end());
        for (const SafeSet& set : result.maximalSafeSets)
            CHECK(std::find(full.maximalSafeSets.begin(), full.maximalSafeSets.end(), set) !=
                  full.maximalSafeSets.end());
    }
}

TEST_CASE("chooseAlgorithm keeps FPVI for narrow or size-limited searches and the border search for wide ones",
          "[border][auto]")
{
    const EncodedTable example = workedExample();
    SearchParameters parameters;
    CHECK(chooseAlgorithm(example, parameters) == Algorithm::Fpvi);

    const EncodedTable wide = twoIdenticalRows(30);
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Border);
    parameters.maxSetSize = 3;
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Fpvi);
    parameters.maxSetSize = 12;
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Border);
    parameters.maxSetSize.reset();
    // A limit of 3 keeps FPVI even where the lattice within it exceeds a million sets.
    const EncodedTable wider = twoIdenticalRows(300);
    parameters.maxSetSize = 3;
    CHECK(chooseAlgorithm(wider, parameters) == Algorithm::Fpvi);
    parameters.maxSetSize = 4;
    CHECK(chooseAlgorithm(wider, parameters) == Algorithm::Border);
    parameters.maxSetSize.reset();
    parameters.columns = ColumnSet::firstN(8);
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Fpvi);
    // The FPVI benchmark shape (20 columns) stays with FPVI; one more column goes to the border.
    parameters.columns = ColumnSet::firstN(20);
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Fpvi);
    parameters.columns = ColumnSet::firstN(21);
    CHECK(chooseAlgorithm(wide, parameters) == Algorithm::Border);
}
