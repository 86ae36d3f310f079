// SPDX-License-Identifier: GPL-3.0-or-later
// Every engine against the exhaustive search on random small tables (issue 3, Tests).
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engines/border_engine.h"
#include "engines/brute_force_engine.h"
#include "engines/fpvi_engine.h"
#include "engines/msu_finder.h"
#include "engines/mtui_engine.h"
#include "engines/search_setup.h"
#include "engines/suda2_engine.h"
#include "support/random_table.h"
#include "support/result_printing.h"
#include "support/thread_counts.h"

using namespace qiscout::core;
using qiscout::core::testing::threadCounts;

namespace {

using EngineFunction = SearchResult (*)(const EncodedTable&, const SearchParameters&, std::stop_token, SearchObserver&);

struct Engine {
    const char* name;
    EngineFunction run;
    bool usesBatches;
    bool onlyKOne;
    int maxColumns;
};

const std::array<Engine, 4> engines{{
    {"fpvi", runFpvi, true, false, std::numeric_limits<int>::max()},
    {"mtui", runMtui, true, false, std::numeric_limits<int>::max()},
    {"border", runBorderSearch, true, false, std::numeric_limits<int>::max()},
    {"suda2", runSuda2, false, true, maxMsuColumns},
}};

constexpr std::array<std::uint32_t, 4> batchSizes{1, 7, 500, 100000};

// Runs every engine, thread count and batch size on one table and compares with the brute force.
void checkAgainstBrute(const EncodedTable& table, const std::string& tableDescription, SearchParameters parameters,
                       std::span<const std::uint32_t> batches = batchSizes)
{
    NullObserver observer;
    const SearchResult expected = runBruteForce(table, parameters, {}, observer);
    REQUIRE(expected.complete);
    for (const Engine& engine : engines) {
        if ((engine.onlyKOne && parameters.k != 1) || static_cast<std::size_t>(engine.maxColumns) < table.columnCount())
            continue;
        for (const int threads : threadCounts()) {
            for (const std::uint32_t batchSize : batches) {
                if (!engine.usesBatches && batchSize != batches.front())
                    continue;
                parameters.threads = threads;
                parameters.batchSize = batchSize;
                INFO(tableDescription << ", k " << parameters.k << ", engine " << engine.name << ", threads " << threads
                                      << ", batch " << batchSize << ", max size " << parameters.maxSetSize.value_or(0)
                                      << ", columns " << parameters.columns.value_or(ColumnSet{}));
                const SearchResult result = engine.run(table, parameters, {}, observer);
                CHECK(result.complete);
                CHECK(result.minimalSets == expected.minimalSets);
                CHECK(result.maximalSafeSets == expected.maximalSafeSets);
            }
        }
    }
}

} // namespace

TEST_CASE("Every engine finds exactly the brute force's minimal and maximal safe sets", "[property]")
{
    const std::uint64_t k = GENERATE(1U, 2U, 3U, 5U);
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed);
        SearchParameters parameters;
        parameters.k = k;
        checkAgainstBrute(table, testing::describeRandomTable(seed, table), parameters);
    }
}

TEST_CASE("Every engine agrees with the brute force under a size limit and a column selection", "[property]")
{
    const std::uint64_t k = GENERATE(1U, 3U);
    for (std::uint64_t seed = 1001; seed <= 1040; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed);
        const auto columnCount = static_cast<int>(table.columnCount());
        SearchParameters parameters;
        parameters.k = k;
        parameters.maxSetSize = 1 + static_cast<int>(seed % 3);
        // Every other column, starting from the first, keeps at least one column searched.
        ColumnSet selection;
        for (int column = 0; column < columnCount; column += 1 + static_cast<int>(seed % 2))
            selection = selection.with(column);
        parameters.columns = selection;
        checkAgainstBrute(table, testing::describeRandomTable(seed, table), parameters);
    }
}

// Wide tables take the engines' wider set types (two words up to 128 columns, eight beyond), and a
// selection of late columns keeps a narrow search inside a wide table.
TEST_CASE("Every engine agrees with the brute force on tables of 70 to 130 columns under a size limit",
          "[property][wide]")
{
    constexpr std::array<std::uint32_t, 2> wideBatches{1, 500};
    const std::uint64_t k = GENERATE(1U, 3U);
    for (std::uint64_t seed = 2001; seed <= 2004; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 130, 70);
        const auto columnCount = static_cast<int>(table.columnCount());
        SearchParameters parameters;
        parameters.k = k;
        // Pairs over every column: triples over 70-80 columns cost twenty times more and check no
        // more of the wide set types; the late selection below goes to size 4.
        parameters.maxSetSize = 2;
        // Without a selection a search spans every column, however many.
        REQUIRE(resolveParameters(table, parameters).columns == ColumnSet::firstN(columnCount));
        checkAgainstBrute(table, testing::describeRandomTable(seed, table), parameters, wideBatches);
        ColumnSet late;
        for (int column = columnCount - 1; column >= 0 && late.size() < 12; column -= 5)
            late = late.with(column);
        parameters.columns = late;
        parameters.maxSetSize = 4;
        checkAgainstBrute(table, testing::describeRandomTable(seed, table) + ", late columns", parameters, wideBatches);
    }
}

// Beyond 512 columns the engines search with the heap-backed ColumnSet itself: the set type follows
// the last searched column, so every fourth column and the last one (131 columns, 8,515 pairs) take
// that path at a sixteenth of the cost of all 135,000 pairs, which took two minutes.
TEST_CASE("Every engine agrees with the brute force on a table of 520 columns", "[property][wide]")
{
    constexpr std::array<std::uint32_t, 1> oneBatch{500};
    constexpr std::uint64_t seed = 3001;
    const EncodedTable table = testing::makeRandomTable(seed, 520, 520);
    SearchParameters parameters;
    parameters.k = 2;
    parameters.maxSetSize = 2;
    ColumnSet spread = ColumnSet::single(519);
    for (int column = 0; column < 520; column += 4)
        spread = spread.with(column);
    parameters.columns = spread;
    checkAgainstBrute(table, testing::describeRandomTable(seed, table), parameters, oneBatch);
}
