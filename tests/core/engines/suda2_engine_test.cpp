// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <bit>
#include <chrono>
#include <map>
#include <random>
#include <stop_token>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/table/encoded_table.h"

#include "engines/brute_force_engine.h"
#include "engines/suda2_engine.h"
#include "support/random_table.h"
#include "support/result_printing.h"
#include "support/worked_example.h"

using namespace qiscout::core;

using qiscout::core::testing::workedExample;

namespace {

using ItemSet = std::vector<std::pair<int, std::uint32_t>>;

// MSUs straight from the definition: every (row, column subset) itemset, supports counted in a
// map, an itemset kept when one row holds it and each subset one item smaller (if any) two or more.
std::vector<std::pair<ItemSet, std::uint32_t>> naiveMsus(const EncodedTable& table, int maxSize)
{
    const auto width = static_cast<std::uint32_t>(table.columnCount());
    const auto itemsOf = [&](std::uint32_t row, std::uint32_t set) {
        ItemSet items;
        for (std::uint32_t c = 0; c < width; ++c)
            if ((set >> c) & 1U)
                items.emplace_back(static_cast<int>(c), table.code(row, c));
        return items;
    };
    std::map<ItemSet, std::uint32_t> support;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (std::uint32_t set = 1; set < (std::uint32_t{1} << width); ++set)
            ++support[itemsOf(row, set)];

    std::vector<std::pair<ItemSet, std::uint32_t>> msus;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        for (std::uint32_t set = 1; set < (std::uint32_t{1} << width); ++set) {
            if (std::popcount(set) > maxSize || support[itemsOf(row, set)] != 1)
                continue;
            bool minimal = true;
            for (std::uint32_t c = 0; c < width; ++c)
                if (((set >> c) & 1U) && set != (1U << c))
                    minimal = minimal && support[itemsOf(row, set & ~(1U << c))] >= 2;
            if (minimal)
                msus.emplace_back(itemsOf(row, set), row);
        }
    }
    std::sort(msus.begin(), msus.end(), [](const auto& a, const auto& b) {
        if (a.first.size() != b.first.size())
            return a.first.size() < b.first.size();
        return std::tie(a.first, a.second) < std::tie(b.first, b.second);
    });
    return msus;
}

std::vector<std::pair<ItemSet, std::uint32_t>> asPairs(const std::vector<MinimalSampleUnique>& msus)
{
    std::vector<std::pair<ItemSet, std::uint32_t>> pairs;
    for (const MinimalSampleUnique& msu : msus) {
        ItemSet items;
        for (const Item& item : msu.items)
            items.emplace_back(item.column, item.code);
        pairs.emplace_back(items, msu.row);
    }
    return pairs;
}

SearchParameters kOne(int threads)
{
    SearchParameters parameters;
    parameters.k = 1;
    parameters.threads = threads;
    return parameters;
}

} // namespace

TEST_CASE("SUDA2 finds the worked example's minimal sample uniques", "[suda2]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    const Suda2Result result = runSuda2Full(table, kOne(1), {}, observer);

    std::vector<ColumnSet> projected;
    for (const MinimalSet& set : result.projected.minimalSets)
        projected.push_back(set.columns);
    // {Marital}, {Birth, ZIP}, {Gender, ZIP}.
    CHECK(projected == std::vector<ColumnSet>{ColumnSet::of({3}), ColumnSet::of({0, 2}), ColumnSet::of({1, 2})});
    CHECK(asPairs(result.msus) == naiveMsus(table, 4));

    // Row 2 is the only widow: a 1-MSU, the smallest kind there is.
    const auto widow = std::find_if(result.msus.begin(), result.msus.end(), [&](const MinimalSampleUnique& msu) {
        return msu.items.size() == 1 && msu.items[0].column == 3 && table.text(msu.row, 3) == "Widow";
    });
    REQUIRE(widow != result.msus.end());
    CHECK(widow->row == 2);
    CHECK(widow->columns() == ColumnSet::of({3}));
    CHECK(result.msuCountsBySize[2][0] == 1);
    CHECK(result.projected.minimalSets.front() == MinimalSet{ColumnSet::of({3}), 1, 1});
}

TEST_CASE("SUDA2 finds exactly the MSUs of the definition on random tables", "[suda2]")
{
    NullObserver observer;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 7);
        for (const int maxSize : {1, 2, 3, 7}) {
            for (const int threads : {1, 2}) {
                INFO(testing::describeRandomTable(seed, table) << ", max size " << maxSize << ", threads " << threads);
                SearchParameters parameters = kOne(threads);
                parameters.maxSetSize = maxSize;
                const Suda2Result result = runSuda2Full(table, parameters, {}, observer);
                const auto expected = naiveMsus(table, maxSize);
                CHECK(asPairs(result.msus) == expected);

                std::vector<std::vector<std::uint32_t>> counts(table.rowCount);
                std::size_t largest = 0;
                for (const auto& [items, row] : expected)
                    largest = std::max(largest, items.size());
                for (auto& row : counts)
                    row.assign(largest, 0);
                for (const auto& [items, row] : expected)
                    ++counts[row][items.size() - 1];
                CHECK(result.msuCountsBySize == counts);

                const SearchResult brute = runBruteForce(table, parameters, {}, observer);
                CHECK(result.projected.minimalSets == brute.minimalSets);
                CHECK(result.projected.maximalSafeSets == brute.maximalSafeSets);
                CHECK(result.projected.complete);
            }
        }
    }
}

TEST_CASE("SUDA2 treats every value of a one-row table as a sample unique", "[suda2]")
{
    const EncodedTable table = encodeRows({"a", "b"}, {{"x", "y"}});
    NullObserver observer;
    const Suda2Result result = runSuda2Full(table, kOne(1), {}, observer);
    REQUIRE(result.msus.size() == 2);
    CHECK(result.projected.minimalSets ==
          std::vector<MinimalSet>{{ColumnSet::of({0}), 1, 1}, {ColumnSet::of({1}), 1, 1}});
    CHECK(result.projected.maximalSafeSets.empty());
}

TEST_CASE("SUDA2 searches only the chosen columns", "[suda2]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    SearchParameters parameters = kOne(1);
    parameters.columns = ColumnSet::of({0, 1, 2});
    const Suda2Result result = runSuda2Full(table, parameters, {}, observer);
    for (const MinimalSampleUnique& msu : result.msus)
        CHECK(msu.columns().isSubsetOf(ColumnSet::of({0, 1, 2})));
    const SearchResult brute = runBruteForce(table, parameters, {}, observer);
    CHECK(result.projected.minimalSets == brute.minimalSets);
    CHECK(result.projected.maximalSafeSets == brute.maximalSafeSets);
}

TEST_CASE("SUDA2 rejects k other than 1", "[suda2]")
{
    NullObserver observer;
    SearchParameters parameters;
    parameters.k = 2;
    CHECK_THROWS_AS(runSuda2(workedExample(), parameters, {}, observer), SearchParameterError);
}

TEST_CASE("SUDA2 returns an incomplete result when stopped", "[suda2]")
{
    const EncodedTable table = testing::makeRandomTable(3);
    std::stop_source source;
    source.request_stop();
    NullObserver observer;
    const Suda2Result result = runSuda2Full(table, kOne(2), source.get_token(), observer);
    CHECK_FALSE(result.projected.complete);
    CHECK(result.projected.minimalSets.empty());
    CHECK(result.projected.maximalSafeSets.empty());
}

TEST_CASE("SUDA2 reports each minimal set with an isolated row and each maximal safe set", "[suda2]")
{
    class Recorder final : public SearchObserver {
    public:
        void eventsReported(std::span<const NodeEvent> batch, const SearchCounters&) override
        {
            events.insert(events.end(), batch.begin(), batch.end());
        }
        std::vector<NodeEvent> events;
    };
    const EncodedTable table = workedExample();
    Recorder recorder;
    const SearchResult result = runSuda2(table, kOne(1), {}, recorder);
    std::vector<ColumnSet> vulnerable;
    std::vector<ColumnSet> safe;
    for (const NodeEvent& event : recorder.events) {
        if (event.kind == NodeEventKind::Vulnerable) {
            vulnerable.push_back(event.set);
            std::uint32_t classSize = 0;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                bool same = true;
                for (const int column : event.set.columns())
                    same = same && table.code(row, static_cast<std::size_t>(column)) ==
                                       table.code(event.firstIsolatedRow, static_cast<std::size_t>(column));
                classSize += same ? 1U : 0U;
            }
            CHECK(classSize == 1);
        }
        if (event.kind == NodeEventKind::Safe)
            safe.push_back(event.set);
    }
    CHECK(vulnerable.size() == result.minimalSets.size());
    CHECK(safe.size() == result.maximalSafeSets.size());
}

TEST_CASE("SUDA2 stopped mid-run returns only true MSUs and no column sets", "[suda2]")
{
    // Wide enough that the search outlives the stop request on any machine.
    std::mt19937_64 engine(3);
    std::vector<std::string> names;
    for (int c = 0; c < 24; ++c)
        names.push_back("c" + std::to_string(c));
    std::vector<std::vector<std::string>> rows(4000);
    for (auto& row : rows)
        for (int c = 0; c < 24; ++c)
            row.push_back(std::to_string(engine() % static_cast<std::uint64_t>(2 + c % 4)));
    const EncodedTable table = encodeRows(names, rows);

    std::stop_source source;
    std::jthread stopper([&source] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        source.request_stop();
    });
    NullObserver observer;
    const Suda2Result result = runSuda2Full(table, kOne(2), source.get_token(), observer);
    stopper.join();
    if (result.projected.complete)
        return;
    CHECK(result.projected.minimalSets.empty());
    CHECK(result.projected.maximalSafeSets.empty());
    const auto support = [&](const std::vector<Item>& items) {
        std::uint32_t holders = 0;
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            holders += std::all_of(items.begin(), items.end(),
                                   [&](const Item& item) {
                                       return table.code(row, static_cast<std::size_t>(item.column)) == item.code;
                                   })
                           ? 1U
                           : 0U;
        return holders;
    };
    for (std::size_t i = 0; i < result.msus.size(); i += 1 + result.msus.size() / 100) {
        const MinimalSampleUnique& msu = result.msus[i];
        CHECK(support(msu.items) == 1);
        for (std::size_t drop = 0; drop < msu.items.size() && msu.items.size() > 1; ++drop) {
            auto smaller = msu.items;
            smaller.erase(smaller.begin() + static_cast<std::ptrdiff_t>(drop));
            CHECK(support(smaller) >= 2);
        }
    }
}
