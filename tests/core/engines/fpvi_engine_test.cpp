// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <deque>
#include <filesystem>
#include <random>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engines/fpvi_engine.h"
#include "engines/search_setup.h"
#include "partition/class_partition.h"
#include "support/lattice_reference.h"
#include "support/search_observers.h"
#include "support/thread_counts.h"

using namespace qiscout::core;
using qiscout::core::testing::columnsOf;
using qiscout::core::testing::randomTable;
using qiscout::core::testing::RecordingObserver;
using qiscout::core::testing::referenceAnswer;
using qiscout::core::testing::StoppingObserver;
using qiscout::core::testing::threadCounts;
using qiscout::core::testing::workedExample;

namespace {

// Birth, Gender, ZIP, Marital in the worked example.
constexpr int birth = 0;
constexpr int gender = 1;
constexpr int zip = 2;
constexpr int marital = 3;

} // namespace

TEST_CASE("FPVI finds the worked example's quasi-identifiers and maximal safe sets", "[fpvi]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    const auto threads = GENERATE(from_range(threadCounts()));
    const std::uint32_t batch = GENERATE(1U, 3U, 4096U);
    SearchParameters parameters;
    parameters.threads = threads;
    parameters.batchSize = batch;

    SECTION("k = 1")
    {
        parameters.k = 1;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        CHECK(result.complete);
        CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({marital}), 1, 1},
                                                            {ColumnSet::of({birth, zip}), 4, 1},
                                                            {ColumnSet::of({gender, zip}), 3, 1}});
        CHECK(result.maximalSafeSets ==
              std::vector<SafeSet>{{ColumnSet::of({zip}), 2}, {ColumnSet::of({birth, gender}), 2}});
    }
    SECTION("k = 2")
    {
        parameters.k = 2;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({birth}), 6, 2},
                                                            {ColumnSet::of({zip}), 4, 2},
                                                            {ColumnSet::of({marital}), 5, 1}});
        CHECK(result.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({gender}), 4}});
    }
    SECTION("k = 3")
    {
        parameters.k = 3;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({birth}), 6, 2},
                                                            {ColumnSet::of({zip}), 4, 2},
                                                            {ColumnSet::of({marital}), 5, 1}});
        CHECK(result.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({gender}), 4}});
    }
}

TEST_CASE("FPVI's statistics of every reported set match measureClasses", "[fpvi]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    for (const std::uint64_t k : {1U, 2U, 3U, 6U, 10U}) {
        SearchParameters parameters;
        parameters.k = k;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        for (const MinimalSet& set : result.minimalSets) {
            const ClassStatistics reference = measureClasses(table, set.columns, k);
            CHECK(set.isolatedRows == reference.isolatedRows);
            CHECK(set.smallestClass == reference.smallestClass);
        }
        for (const SafeSet& set : result.maximalSafeSets)
            CHECK(set.smallestClass == measureClasses(table, set.columns, k).smallestClass);
    }
}

TEST_CASE("FPVI equals the exhaustive reference on random tables for every thread count and batch size", "[fpvi]")
{
    std::mt19937 random(20240611);
    for (int trial = 0; trial < 40; ++trial) {
        const auto rows = std::uniform_int_distribution<std::size_t>(1, 120)(random);
        const auto columns = std::uniform_int_distribution<std::size_t>(1, 8)(random);
        const EncodedTable table = randomTable(random, rows, columns);
        const std::uint64_t k = std::array<std::uint64_t, 4>{1, 2, 3, 5}[static_cast<std::size_t>(trial % 4)];
        SearchParameters parameters;
        parameters.k = k;
        ColumnSet searched = ColumnSet::firstN(static_cast<int>(columns));
        if (trial % 5 == 4 && columns > 2)
            searched = searched.without(1);
        parameters.columns = searched;
        int maxSize = searched.size();
        if (trial % 3 == 2) {
            maxSize = std::max(1, searched.size() - 2);
            parameters.maxSetSize = maxSize;
        }
        const auto expected = referenceAnswer(table, searched, maxSize, k);
        for (const int threads : threadCounts()) {
            for (const std::uint32_t batch : {1U, 7U, 500U, 100000U}) {
                INFO("trial " << trial << ", threads " << threads << ", batch " << batch);
                parameters.threads = threads;
                parameters.batchSize = batch;
                NullObserver observer;
                const SearchResult result = runFpvi(table, parameters, {}, observer);
                REQUIRE(result.complete);
                CHECK(result.minimalSets == expected.minimalSets);
                CHECK(result.maximalSafeSets == expected.maximalSafeSets);
                CHECK(result.k == k);
                CHECK(result.threads == threads);
                CHECK(result.batchSize == batch);
                CHECK(result.searchedColumns == searched);
                CHECK(result.algorithm == Algorithm::Fpvi);
            }
        }
    }
}

TEST_CASE("FPVI reports consistent events and counters", "[fpvi]")
{
    std::mt19937 random(7);
    const EncodedTable table = randomTable(random, 400, 7);
    for (const std::uint32_t batch : {1U, 13U, 4096U}) {
        SearchParameters parameters;
        parameters.k = 2;
        parameters.batchSize = batch;
        RecordingObserver observer;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        REQUIRE(result.complete);
        REQUIRE(observer.calls > 0);
        CHECK_FALSE(observer.overlapped);
        CHECK_FALSE(observer.countersWentBack);

        std::vector<ColumnSet> scheduled;
        std::vector<ColumnSet> vulnerable;
        std::uint64_t safe = 0;
        std::uint64_t pruned = 0;
        for (const NodeEvent& event : observer.events) {
            switch (event.kind) {
            case NodeEventKind::Scheduled:
                CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) == scheduled.end());
                scheduled.push_back(event.set);
                break;
            case NodeEventKind::Safe:
                CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) != scheduled.end());
                CHECK(measureClasses(table, event.set, parameters.k).isolatedRows == 0);
                ++safe;
                break;
            case NodeEventKind::Vulnerable: {
                CHECK(std::find(scheduled.begin(), scheduled.end(), event.set) != scheduled.end());
                vulnerable.push_back(event.set);
                // The reported row really is k-isolated on the set.
                const ClassPartition partition = partitionRows(table, event.set);
                CHECK(partition.classSizes[partition.classOfRow[event.firstIsolatedRow]] <= parameters.k);
                break;
            }
            case NodeEventKind::Pruned:
                CHECK(event.prunedCount == supersetCount(event.set.size(), 7, 7));
                pruned += event.prunedCount;
                break;
            }
        }
        std::sort(vulnerable.begin(), vulnerable.end(), sizeThenLexLess);
        CHECK(vulnerable == columnsOf(result.minimalSets));
        CHECK(observer.last.setsScheduled == scheduled.size());
        CHECK(observer.last.setsEvaluated == result.stats.setsEvaluated);
        CHECK(observer.last.setsVulnerable == result.minimalSets.size());
        CHECK(observer.last.setsSafe == safe);
        CHECK(observer.last.supersetsPruned == pruned);
        CHECK(observer.last.rowsScanned == result.stats.rowsScanned);
        CHECK(result.stats.setsEvaluated == scheduled.size());
        CHECK(result.stats.rowsScanned >= result.stats.setsEvaluated * table.rowCount);
    }
}

TEST_CASE("FPVI reports the same counters, and no events, to an observer that declines events", "[fpvi]")
{
    class CountersOnly final : public SearchObserver {
    public:
        void eventsReported(std::span<const NodeEvent> reported, const SearchCounters& counters) override
        {
            events += reported.size();
            last = counters;
        }
        [[nodiscard]] bool wantsEvents() const override { return false; }

        std::size_t events = 0;
        SearchCounters last;
    };
    std::mt19937 random(11);
    const EncodedTable table = randomTable(random, 300, 6);
    SearchParameters parameters;
    parameters.k = 2;
    parameters.batchSize = 17;
    RecordingObserver recording;
    CountersOnly countersOnly;
    const SearchResult recorded = runFpvi(table, parameters, {}, recording);
    const SearchResult counted = runFpvi(table, parameters, {}, countersOnly);
    REQUIRE(recorded.complete);
    REQUIRE(counted.complete);
    CHECK_FALSE(recording.events.empty());
    CHECK(countersOnly.events == 0);
    CHECK(columnsOf(counted.minimalSets) == columnsOf(recorded.minimalSets));
    CHECK(counted.maximalSafeSets.size() == recorded.maximalSafeSets.size());
    CHECK(countersOnly.last.setsScheduled == recording.last.setsScheduled);
    CHECK(countersOnly.last.setsEvaluated == recording.last.setsEvaluated);
    CHECK(countersOnly.last.setsSafe == recording.last.setsSafe);
    CHECK(countersOnly.last.setsVulnerable == recording.last.setsVulnerable);
    CHECK(countersOnly.last.supersetsPruned == recording.last.supersetsPruned);
    CHECK(countersOnly.last.rowsScanned == recording.last.rowsScanned);
}

TEST_CASE("One FPVI worker finishes a set before it starts the next", "[fpvi]")
{
    // Every row twice, so that with k = 1 every set is safe and ends with a Safe event. Batches of
    // one row give a worker that switched sets between batches every chance to show it.
    std::mt19937 random(11);
    std::vector<std::vector<std::string>> cells;
    for (int row = 0; row < 60; ++row) {
        std::vector<std::string> values;
        for (int column = 0; column < 5; ++column)
            values.push_back(std::to_string(std::uniform_int_distribution<int>(0, 3)(random)));
        cells.push_back(values);
        cells.push_back(values);
    }
    const EncodedTable table = encodeRows({"a", "b", "c", "d", "e"}, cells);
    SearchParameters parameters;
    parameters.k = 1;
    parameters.threads = 1;
    parameters.batchSize = 1;
    RecordingObserver observer;
    const SearchResult result = runFpvi(table, parameters, {}, observer);
    REQUIRE(result.complete);
    CHECK(result.minimalSets.empty());
    REQUIRE(observer.events.size() == 2 * 31);
    // Sets of one prefix whose columns share a pack are scanned together: all of them are
    // scheduled, then all settle, in the same order, before the next set is scheduled.
    std::deque<ColumnSet> open;
    bool settling = false;
    std::size_t together = 0;
    for (const NodeEvent& event : observer.events) {
        if (event.kind == NodeEventKind::Scheduled) {
            CHECK_FALSE(settling);
            open.push_back(event.set);
            together = std::max(together, open.size());
        } else {
            REQUIRE(event.kind == NodeEventKind::Safe);
            REQUIRE_FALSE(open.empty());
            CHECK(event.set == open.front());
            open.pop_front();
            settling = !open.empty();
        }
    }
    CHECK(open.empty());
    // The packs did open several sets at once.
    CHECK(together > 1);
}

TEST_CASE("FPVI handles tables without rows, empty selections and size limits", "[fpvi]")
{
    NullObserver observer;
    SECTION("no rows: every set is safe")
    {
        const EncodedTable table = encodeRows({"a", "b", "c"}, {});
        const SearchResult result = runFpvi(table, {}, {}, observer);
        CHECK(result.complete);
        CHECK(result.minimalSets.empty());
        CHECK(result.maximalSafeSets == std::vector<SafeSet>{{ColumnSet::of({0, 1, 2}), 0}});
    }
    SECTION("no searched column")
    {
        const EncodedTable table = workedExample();
        SearchParameters parameters;
        parameters.columns = ColumnSet{};
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        CHECK(result.complete);
        CHECK(result.minimalSets.empty());
        CHECK(result.maximalSafeSets.empty());
        CHECK(result.stats.setsEvaluated == 0);
    }
    SECTION("a large k makes every single column vulnerable")
    {
        const EncodedTable table = workedExample();
        SearchParameters parameters;
        parameters.k = maxK;
        const SearchResult result = runFpvi(table, parameters, {}, observer);
        CHECK(result.minimalSets.size() == 4);
        CHECK(result.maximalSafeSets.empty());
        for (const MinimalSet& set : result.minimalSets)
            CHECK(set.isolatedRows == 10);
    }
    SECTION("invalid parameters are rejected")
    {
        const EncodedTable table = workedExample();
        SearchParameters parameters;
        parameters.k = 0;
        CHECK_THROWS_AS(runFpvi(table, parameters, {}, observer), SearchParameterError);
    }
}

namespace {

std::size_t threadsOfProcess()
{
    const std::filesystem::path tasks("/proc/self/task");
    if (!std::filesystem::exists(tasks))
        return 0;
    return static_cast<std::size_t>(
        std::distance(std::filesystem::directory_iterator(tasks), std::filesystem::directory_iterator()));
}

} // namespace

TEST_CASE("FPVI stops when asked, reports a partial result and leaves no thread behind", "[fpvi][cancel]")
{
    // Thousands of safe sets over 200,000 rows: seconds of work, so the first delivery of events
    // (after about 20 ms) always comes long before the end.
    const EncodedTable table = qiscout::core::testing::wideSafeTable(200000, 12, 2, 5);
    SearchParameters parameters;
    parameters.k = 1;
    parameters.batchSize = 256;
    parameters.threads = threadCounts().back();

    NullObserver quiet;
    SearchParameters warmUp = parameters;
    warmUp.maxSetSize = 1;
    REQUIRE(runFpvi(table, warmUp, {}, quiet).complete);
    const std::size_t threadsBefore = threadsOfProcess();

    SECTION("stop requested before the search starts")
    {
        std::stop_source source;
        source.request_stop();
        const SearchResult result = runFpvi(table, parameters, source.get_token(), quiet);
        CHECK_FALSE(result.complete);
        CHECK(result.minimalSets.empty());
        CHECK(result.maximalSafeSets.empty());
    }
    SECTION("stop requested while the search runs")
    {
        std::stop_source source;
        StoppingObserver stopper(source, 1);
        const SearchResult result = runFpvi(table, parameters, source.get_token(), stopper);
        CHECK_FALSE(result.complete);
        CHECK(result.stats.setsEvaluated < latticeSize(12, 12));
        // What was settled is right, even though the search did not finish.
        for (const MinimalSet& set : result.minimalSets) {
            const ClassStatistics reference = measureClasses(table, set.columns, 1);
            CHECK(set.isolatedRows == reference.isolatedRows);
            CHECK(set.smallestClass == reference.smallestClass);
        }
        for (const SafeSet& set : result.maximalSafeSets)
            CHECK(measureClasses(table, set.columns, 1).isolatedRows == 0);
    }
    CHECK(threadsOfProcess() <= threadsBefore);
}
