// SPDX-License-Identifier: GPL-3.0-or-later
// Every engine under both missing-value semantics against references that compare rows pair by pair
// (wildcard) or group them the obvious way (value), on random tables with missing cells.
#include <array>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/search_engine.h"

#include "engines/border_engine.h"
#include "engines/brute_force_engine.h"
#include "engines/fpvi_engine.h"
#include "engines/mtui_engine.h"
#include "engines/suda2_engine.h"
#include "support/column_masks.h"
#include "support/lattice_reference.h"
#include "support/random_table.h"
#include "support/result_printing.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

namespace {

using EngineFunction = SearchResult (*)(const EncodedTable&, const SearchParameters&, std::stop_token, SearchObserver&);

struct CheckedEngine {
    const char* name;
    EngineFunction run;
};

const std::array<CheckedEngine, 4> checkedEngines{{
    {"fpvi", runFpvi},
    {"mtui", runMtui},
    {"border", runBorderSearch},
    {"brute", runBruteForce},
}};

// The reference answer of every k for one table and semantics: each set's class sizes are counted
// once, row by row, and thresholded per k.
class Reference {
public:
    Reference(const EncodedTable& table, MissingSemantics semantics) : m_sizes(std::uint64_t{1} << table.columnCount())
    {
        for (std::uint64_t mask = 1; mask < m_sizes.size(); ++mask) {
            const ColumnSet set = testing::setOfMask(mask);
            if (semantics == MissingSemantics::Wildcard) {
                m_sizes[mask] = testing::wildcardClassSizes(table, set);
                continue;
            }
            const ClassPartition partition = partitionRows(table, set);
            for (std::uint32_t row = 0; row < table.rowCount; ++row)
                m_sizes[mask].push_back(partition.classSizes[partition.classOfRow[row]]);
        }
    }

    [[nodiscard]] testing::ReferenceAnswer answer(const ColumnSet& searched, int maxSize, std::uint64_t k) const
    {
        return testing::referenceAnswerBy(searched, maxSize, [&](const ColumnSet& set) {
            return testing::statisticsOfSizes(m_sizes[testing::maskOf(set)], k).classes;
        });
    }

private:
    std::vector<std::vector<std::uint64_t>> m_sizes;
};

void checkEngines(const EncodedTable& table, const std::string& description, MissingSemantics semantics,
                  const Reference& reference, SearchParameters parameters)
{
    parameters.missingSemantics = semantics;
    const int columnCount = static_cast<int>(table.columnCount());
    const testing::ReferenceAnswer expected =
        reference.answer(parameters.columns.value_or(ColumnSet::firstN(columnCount)),
                         parameters.maxSetSize.value_or(columnCount), parameters.k);
    NullObserver observer;
    for (const CheckedEngine& engine : checkedEngines) {
        for (const int threads : {1, 2}) {
            for (const std::uint32_t batchSize : {1U, 7U, 500U}) {
                parameters.threads = threads;
                parameters.batchSize = batchSize;
                INFO(description << ", " << toString(semantics) << ", k " << parameters.k << ", engine " << engine.name
                                 << ", threads " << threads << ", batch " << batchSize << ", max size "
                                 << parameters.maxSetSize.value_or(0));
                const SearchResult result = engine.run(table, parameters, {}, observer);
                CHECK(result.complete);
                CHECK(result.missingSemantics == semantics);
                CHECK(result.minimalSets == expected.minimalSets);
                CHECK(result.maximalSafeSets == expected.maximalSafeSets);
            }
        }
    }
}

// a, b with missing cells: under the wildcard semantics the rows' classes on {a, b} have 2, 3, 1
// and 2 rows (counted by hand below), so only {a, b} isolates a row for k = 1; as values every
// missing cell is a value of its own and each single column isolates rows.
EncodedTable handTable()
{
    return encodeRows({"a", "b"}, {{"1", "x"}, {"1", ""}, {"2", "x"}, {"", "y"}}, {""});
}

} // namespace

TEST_CASE("Every engine equals the reference under both semantics on random tables with missing cells",
          "[wildcard][property]")
{
    for (std::uint64_t seed = 1; seed <= 36; ++seed) {
        const std::uint32_t percent = std::array<std::uint32_t, 3>{5, 20, 45}[seed % 3];
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 6), seed, percent);
        const std::string description =
            testing::describeRandomTable(seed, table) + ", " + std::to_string(percent) + " % missing";
        for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard}) {
            const Reference reference(table, semantics);
            for (const std::uint64_t k : {1U, 2U, 3U, 5U}) {
                SearchParameters parameters;
                parameters.k = k;
                checkEngines(table, description, semantics, reference, parameters);
                // A size limit and a selection: the engines' other way through the lattice.
                parameters.maxSetSize = 1 + static_cast<int>(seed % 3);
                ColumnSet selection;
                for (int column = 0; column < static_cast<int>(table.columnCount());
                     column += 1 + static_cast<int>(seed % 2))
                    selection = selection.with(column);
                parameters.columns = selection;
                checkEngines(table, description + ", selection", semantics, reference, parameters);
            }
        }
    }
}

TEST_CASE("The wildcard semantics count a missing cell as a match for any value, as counted by hand", "[wildcard]")
{
    const EncodedTable table = handTable();
    const ColumnSet a = ColumnSet::single(0);
    const ColumnSet b = ColumnSet::single(1);
    CHECK(testing::wildcardClassSizes(table, a.united(b)) == std::vector<std::uint64_t>{2, 3, 1, 2});
    CHECK(testing::wildcardClassSizes(table, a) == std::vector<std::uint64_t>{3, 3, 2, 4});
    CHECK(testing::wildcardClassSizes(table, b) == std::vector<std::uint64_t>{3, 4, 3, 2});
    NullObserver observer;
    for (const CheckedEngine& engine : checkedEngines) {
        INFO(engine.name);
        SearchParameters parameters;
        parameters.k = 1;
        parameters.missingSemantics = MissingSemantics::Wildcard;
        const SearchResult wildcard = engine.run(table, parameters, {}, observer);
        CHECK(wildcard.minimalSets == std::vector<MinimalSet>{{a.united(b), 1, 1}});
        CHECK(wildcard.maximalSafeSets == std::vector<SafeSet>{{a, 2}, {b, 2}});
        parameters.k = 2;
        const SearchResult wildcardTwo = engine.run(table, parameters, {}, observer);
        CHECK(wildcardTwo.minimalSets == std::vector<MinimalSet>{{a, 1, 2}, {b, 1, 2}});
        CHECK(wildcardTwo.maximalSafeSets.empty());
        parameters.k = 1;
        parameters.missingSemantics = MissingSemantics::Value;
        const SearchResult value = engine.run(table, parameters, {}, observer);
        CHECK(value.minimalSets == std::vector<MinimalSet>{{a, 2, 1}, {b, 2, 1}});
    }
}

TEST_CASE("SUDA2 refuses the wildcard semantics; the automatic choice honours them", "[wildcard]")
{
    const EncodedTable table = handTable();
    SearchParameters parameters;
    parameters.missingSemantics = MissingSemantics::Wildcard;
    NullObserver observer;
    CHECK_THROWS_AS(runSuda2(table, parameters, {}, observer), SearchParameterError);
    const SearchResult chosen = runSearch(table, parameters, Algorithm::Auto, {}, observer);
    CHECK(chosen.missingSemantics == MissingSemantics::Wildcard);
    CHECK(chosen.minimalSets == std::vector<MinimalSet>{{ColumnSet::firstN(2), 1, 1}});
}

TEST_CASE("Without missing cells both semantics give the same answer", "[wildcard]")
{
    for (std::uint64_t seed = 301; seed <= 320; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed);
        NullObserver observer;
        SearchParameters parameters;
        parameters.k = 1 + seed % 4;
        const SearchResult value = runFpvi(table, parameters, {}, observer);
        parameters.missingSemantics = MissingSemantics::Wildcard;
        for (const CheckedEngine& engine : checkedEngines) {
            INFO(testing::describeRandomTable(seed, table) << ", engine " << engine.name);
            const SearchResult wildcard = engine.run(table, parameters, {}, observer);
            CHECK(wildcard.minimalSets == value.minimalSets);
            CHECK(wildcard.maximalSafeSets == value.maximalSafeSets);
        }
    }
}
