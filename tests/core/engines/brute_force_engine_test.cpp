// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <bit>
#include <map>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/table/encoded_table.h"

#include "engines/brute_force_engine.h"
#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/result_printing.h"
#include "support/search_observers.h"
#include "support/worked_example.h"

using namespace qiscout::core;

using qiscout::core::testing::columnsOf;
using qiscout::core::testing::RecordingObserver;
using qiscout::core::testing::workedExample;

namespace {

struct NaiveAnswer {
    std::vector<MinimalSet> minimalSets;
    std::vector<SafeSet> maximalSafeSets;
};

// The definitions of section 1 of algorithms.md, with no shortcut: class sizes by counting value
// tuples in a map, minimality and maximality against every proper subset and superset.
NaiveAnswer naiveAnswer(const EncodedTable& table, std::uint64_t k, int maxSize)
{
    const auto width = static_cast<std::uint32_t>(table.columnCount());
    struct Measure {
        bool vulnerable = false;
        std::uint64_t isolated = 0;
        std::uint64_t smallest = 0;
    };
    std::map<std::uint32_t, Measure> measures;
    for (std::uint32_t set = 1; set < (std::uint32_t{1} << width); ++set) {
        if (std::popcount(set) > maxSize)
            continue;
        std::map<std::vector<std::uint32_t>, std::uint64_t> classes;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            std::vector<std::uint32_t> key;
            for (std::uint32_t c = 0; c < width; ++c)
                if ((set >> c) & 1U)
                    key.push_back(table.code(row, c));
            ++classes[key];
        }
        Measure measure;
        measure.smallest = classes.empty() ? 0 : table.rowCount;
        for (const auto& [key, size] : classes) {
            measure.smallest = std::min(measure.smallest, size);
            if (size <= k)
                measure.isolated += size;
        }
        measure.vulnerable = measure.isolated > 0;
        measures[set] = measure;
    }

    NaiveAnswer answer;
    for (const auto& [set, measure] : measures) {
        const auto proper = [set = set](std::uint32_t other) { return other != set && (other & set) == other; };
        if (measure.vulnerable) {
            const bool minimal = std::none_of(measures.begin(), measures.end(), [&](const auto& entry) {
                return proper(entry.first) && entry.second.vulnerable;
            });
            if (minimal)
                answer.minimalSets.push_back({testing::setOfMask(set), measure.isolated, measure.smallest});
        } else {
            const bool maximal = std::none_of(measures.begin(), measures.end(), [&](const auto& entry) {
                return entry.first != set && (entry.first & set) == set && !entry.second.vulnerable;
            });
            if (maximal)
                answer.maximalSafeSets.push_back({testing::setOfMask(set), measure.smallest});
        }
    }
    std::sort(answer.minimalSets.begin(), answer.minimalSets.end(),
              [](const MinimalSet& a, const MinimalSet& b) { return sizeThenLexLess(a.columns, b.columns); });
    std::sort(answer.maximalSafeSets.begin(), answer.maximalSafeSets.end(),
              [](const SafeSet& a, const SafeSet& b) { return sizeThenLexLess(a.columns, b.columns); });
    return answer;
}

} // namespace

TEST_CASE("The exhaustive search agrees with a naive definition-level computation", "[brute]")
{
    NullObserver observer;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 7);
        for (const std::uint64_t k : {1U, 2U, 3U, 5U}) {
            for (const int maxSize : {2, 7}) {
                INFO(testing::describeRandomTable(seed, table) << ", k " << k << ", max size " << maxSize);
                SearchParameters parameters;
                parameters.k = k;
                parameters.maxSetSize = maxSize;
                const SearchResult result = runBruteForce(table, parameters, {}, observer);
                const NaiveAnswer naive = naiveAnswer(table, k, maxSize);
                CHECK(result.complete);
                CHECK(result.minimalSets == naive.minimalSets);
                CHECK(result.maximalSafeSets == naive.maximalSafeSets);
            }
        }
    }
}

TEST_CASE("The exhaustive search finds the worked example's quasi-identifiers", "[brute]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    SearchParameters parameters;
    parameters.k = 1;
    CHECK(columnsOf(runBruteForce(table, parameters, {}, observer).minimalSets) ==
          std::vector<ColumnSet>{ColumnSet::of({3}), ColumnSet::of({0, 2}), ColumnSet::of({1, 2})});
    for (const std::uint64_t k : {2U, 3U}) {
        parameters.k = k;
        CHECK(columnsOf(runBruteForce(table, parameters, {}, observer).minimalSets) ==
              std::vector<ColumnSet>{ColumnSet::of({0}), ColumnSet::of({2}), ColumnSet::of({3})});
    }
}

TEST_CASE("The exhaustive search reports a verdict event for each safe and each minimal set", "[brute]")
{
    const EncodedTable table = testing::makeRandomTable(11);
    RecordingObserver observer;
    SearchParameters parameters;
    parameters.k = 2;
    const SearchResult result = runBruteForce(table, parameters, {}, observer);

    std::vector<MinimalSet> fromEvents;
    std::uint64_t safeEvents = 0;
    std::vector<ColumnSet> scheduled;
    for (const NodeEvent& event : observer.events) {
        if (event.kind == NodeEventKind::Scheduled) {
            scheduled.push_back(event.set);
            continue;
        }
        REQUIRE_FALSE(scheduled.empty());
        CHECK(scheduled.back() == event.set);
        if (event.kind == NodeEventKind::Safe)
            ++safeEvents;
        if (event.kind == NodeEventKind::Vulnerable) {
            const auto it = std::find_if(result.minimalSets.begin(), result.minimalSets.end(),
                                         [&](const MinimalSet& set) { return set.columns == event.set; });
            REQUIRE(it != result.minimalSets.end());
            // The reported row really is in a class of at most k rows on the set.
            std::uint64_t classSize = 0;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                bool same = true;
                for (const int column : event.set.columns())
                    same = same && table.code(row, static_cast<std::size_t>(column)) ==
                                       table.code(event.firstIsolatedRow, static_cast<std::size_t>(column));
                classSize += same ? 1 : 0;
            }
            CHECK(classSize <= parameters.k);
        }
    }
    CHECK(scheduled.size() == result.stats.setsEvaluated);
    CHECK(observer.last.setsVulnerable == result.minimalSets.size());
    CHECK(observer.last.setsSafe == safeEvents);
    CHECK(result.stats.setsEvaluated == (std::uint64_t{1} << table.columnCount()) - 1);
}

TEST_CASE("The exhaustive search stops at once when stop is requested", "[brute]")
{
    const EncodedTable table = testing::makeRandomTable(5);
    std::stop_source source;
    source.request_stop();
    NullObserver observer;
    const SearchResult result = runBruteForce(table, SearchParameters{}, source.get_token(), observer);
    CHECK_FALSE(result.complete);
    CHECK(result.minimalSets.empty());
    CHECK(result.maximalSafeSets.empty());
    CHECK(result.stats.setsEvaluated == 0);
}

TEST_CASE("The exhaustive search refuses lattices of more than 2^20 sets, whatever the table's width", "[brute]")
{
    std::vector<std::string> names;
    for (int c = 0; c < 21; ++c)
        names.push_back("c" + std::to_string(c));
    const EncodedTable table = encodeRows(names, {std::vector<std::string>(21, "x")});
    NullObserver observer;
    CHECK_THROWS_AS(runBruteForce(table, SearchParameters{}, {}, observer), SearchParameterError);
    SearchParameters twenty;
    twenty.columns = ColumnSet::firstN(20);
    twenty.maxSetSize = 1;
    CHECK(runBruteForce(table, twenty, {}, observer).minimalSets.size() == 20);

    std::vector<std::string> wideNames;
    for (int c = 0; c < 1500; ++c)
        wideNames.push_back("c" + std::to_string(c));
    const EncodedTable wide = encodeRows(wideNames, {std::vector<std::string>(1500, "x")});
    SearchParameters pairs;
    pairs.columns = ColumnSet::firstN(1500);
    pairs.maxSetSize = 2;
    // 1500 + C(1500, 2) = 1,125,750 sets.
    CHECK_THROWS_AS(runBruteForce(wide, pairs, {}, observer), SearchParameterError);
    pairs.maxSetSize = 1;
    CHECK(runBruteForce(wide, pairs, {}, observer).minimalSets.size() == 1500);
}
