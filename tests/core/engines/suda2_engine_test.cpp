// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <bit>
#include <chrono>
#include <iterator>
#include <memory>
#include <random>
#include <stop_token>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/table/encoded_table.h"

#include "engines/brute_force_engine.h"
#include "engines/msu_finder.h"
#include "engines/suda2_engine.h"
#include "support/naive_msus.h"
#include "support/random_table.h"
#include "support/result_printing.h"
#include "support/worked_example.h"

using namespace qiscout::core;

using qiscout::core::testing::workedExample;

namespace {

using testing::ItemSet;
using testing::NaiveMsu;

// Every MSU the search reports, as itemsets of the table's columns.
class CollectingSink final : public MsuSink {
public:
    explicit CollectingSink(std::vector<int> columns) : m_columns(std::move(columns)) {}
    void found(std::uint32_t row, std::uint64_t localColumns) override { m_found.emplace_back(row, localColumns); }
    [[nodiscard]] std::unique_ptr<MsuSink> fork() const override { return std::make_unique<CollectingSink>(m_columns); }
    void join(MsuSink& other) override
    {
        const auto& found = static_cast<CollectingSink&>(other).m_found;
        m_found.insert(m_found.end(), found.begin(), found.end());
    }
    /// Sorted as naiveMsus sorts.
    [[nodiscard]] std::vector<NaiveMsu> msus(const EncodedTable& table) const
    {
        std::vector<NaiveMsu> msus;
        for (const auto& [row, localColumns] : m_found) {
            ItemSet items;
            for (std::uint64_t rest = localColumns; rest != 0; rest &= rest - 1) {
                const int column = m_columns[static_cast<std::size_t>(std::countr_zero(rest))];
                items.emplace_back(column, table.code(row, static_cast<std::size_t>(column)));
            }
            msus.push_back({items, row});
        }
        std::sort(msus.begin(), msus.end(), [](const NaiveMsu& a, const NaiveMsu& b) {
            return std::tuple(a.items.size(), a.items, a.row) < std::tuple(b.items.size(), b.items, b.row);
        });
        return msus;
    }

private:
    std::vector<int> m_columns;
    std::vector<std::pair<std::uint32_t, std::uint64_t>> m_found;
};

struct Found {
    std::vector<NaiveMsu> msus;
    MsuSearchOutcome outcome;
};

Found findMsus(const EncodedTable& table, MsuSearchOptions options, int threads, std::stop_token stop = {})
{
    CollectingSink sink(options.columns.columns());
    options.threads = threads;
    const MsuSearchOutcome outcome = findMinimalSampleUniques(table, options, stop, sink);
    return {sink.msus(table), outcome};
}

MsuSearchOptions allColumns(const EncodedTable& table, int maxSize = maxMsuColumns, bool missingValuesAreItems = true)
{
    return {ColumnSet::firstN(static_cast<int>(table.columnCount())), maxSize, missingValuesAreItems, 1};
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
    const SearchResult result = runSuda2(table, kOne(1), {}, observer);

    std::vector<ColumnSet> projected;
    for (const MinimalSet& set : result.minimalSets)
        projected.push_back(set.columns);
    // {Marital}, {Birth, ZIP}, {Gender, ZIP}.
    CHECK(projected == std::vector<ColumnSet>{ColumnSet::of({3}), ColumnSet::of({0, 2}), ColumnSet::of({1, 2})});
    CHECK(result.minimalSets.front() == MinimalSet{ColumnSet::of({3}), 1, 1});

    // Birth 09/64 and Gender Female hold the same rows: the search merges them and must still
    // report the MSUs of each.
    const Found found = findMsus(table, allColumns(table), 1);
    CHECK(found.msus == testing::naiveMsus(table, 4));
    // Row 2 is the only widow: a 1-MSU, the smallest kind there is.
    const auto widow = std::find_if(found.msus.begin(), found.msus.end(), [&](const NaiveMsu& msu) {
        return msu.items.size() == 1 && msu.items[0].first == 3 && table.text(msu.row, 3) == "Widow";
    });
    REQUIRE(widow != found.msus.end());
    CHECK(widow->row == 2);
}

TEST_CASE("SUDA2 finds exactly the MSUs of the definition on random tables", "[suda2]")
{
    NullObserver observer;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const EncodedTable plain = testing::makeRandomTable(seed, 7);
        const EncodedTable withMissing = testing::withMissingCells(plain, seed, 15);
        for (const EncodedTable* table : {&plain, &withMissing}) {
            for (const bool missingValuesAreItems : {true, false}) {
                const std::vector<NaiveMsu> all = testing::naiveMsus(*table, 7, missingValuesAreItems);
                for (const int maxSize : {1, 2, 3, 7}) {
                    std::vector<NaiveMsu> expected;
                    std::copy_if(all.begin(), all.end(), std::back_inserter(expected),
                                 [&](const NaiveMsu& msu) { return static_cast<int>(msu.items.size()) <= maxSize; });
                    for (const int threads : {1, 2}) {
                        INFO(testing::describeRandomTable(seed, *table)
                             << (table == &withMissing ? " with missing cells" : "") << ", missing values are items "
                             << missingValuesAreItems << ", max size " << maxSize << ", threads " << threads);
                        const Found found =
                            findMsus(*table, allColumns(*table, maxSize, missingValuesAreItems), threads);
                        CHECK(found.outcome.complete);
                        CHECK(found.msus == expected);
                    }
                }
            }
        }
        for (const int maxSize : {1, 2, 3, 7}) {
            for (const int threads : {1, 2}) {
                INFO(testing::describeRandomTable(seed, plain) << ", max size " << maxSize << ", threads " << threads);
                SearchParameters parameters = kOne(threads);
                parameters.maxSetSize = maxSize;
                const SearchResult result = runSuda2(plain, parameters, {}, observer);
                const SearchResult brute = runBruteForce(plain, parameters, {}, observer);
                CHECK(result.minimalSets == brute.minimalSets);
                CHECK(result.maximalSafeSets == brute.maximalSafeSets);
                CHECK(result.complete);
            }
        }
    }
}

TEST_CASE("SUDA2 finds exactly the MSUs of the definition on a tall table", "[suda2]")
{
    // Tall enough that checks on the whole table go through the common items' bitsets and, for
    // column sets checked often, through whole-table answers per column set.
    std::mt19937_64 engine(21);
    std::vector<std::vector<std::string>> rows(40000);
    for (auto& row : rows) {
        std::uint64_t skewed = 0;
        while (skewed < 60 && engine() % 3 != 0)
            ++skewed;
        row = {std::to_string(engine() % 2), std::to_string(engine() % 5), std::to_string(skewed),
               std::to_string(engine() % 300), std::to_string(engine() % 7)};
    }
    const EncodedTable table = encodeRows({"a", "b", "c", "d", "e"}, rows);
    const std::vector<NaiveMsu> expected = testing::naiveMsus(table, 5);
    REQUIRE(expected.size() > 1000);
    for (const int threads : {1, 2}) {
        INFO("threads " << threads);
        CHECK(findMsus(table, allColumns(table), threads).msus == expected);
    }
}

TEST_CASE("SUDA2 finds the MSUs of the definition on tables of many repeated rows", "[suda2]")
{
    // Rows held three times or more are searched as two copies; the MSUs must come back on the
    // original rows, also when the searched columns are not the table's first ones (an extra
    // column, unique per row and left out of the search, makes no two rows of the table equal).
    std::mt19937_64 engine(5);
    for (int round = 0; round < 60; ++round) {
        std::vector<std::vector<std::string>> distinct(2 + engine() % 30);
        for (auto& row : distinct)
            for (std::uint64_t c = 0; c < 5; ++c)
                row.push_back(std::to_string(engine() % (2 + c)));
        std::vector<std::vector<std::string>> rows;
        for (const auto& row : distinct)
            for (std::uint64_t copies = 1 + engine() % 5; copies > 0; --copies)
                rows.push_back(row);
        std::shuffle(rows.begin(), rows.end(), engine);
        std::vector<std::vector<std::string>> withId;
        for (const auto& row : rows) {
            withId.push_back({"id" + std::to_string(withId.size())});
            withId.back().insert(withId.back().end(), row.begin(), row.end());
        }
        const EncodedTable table = encodeRows({"a", "b", "c", "d", "e"}, rows);
        const EncodedTable identified = encodeRows({"id", "a", "b", "c", "d", "e"}, withId);
        const std::vector<NaiveMsu> expected = testing::naiveMsus(table, 5);
        for (const int threads : {1, 2}) {
            INFO("round " << round << ", " << rows.size() << " rows, threads " << threads);
            CHECK(findMsus(table, allColumns(table), threads).msus == expected);
            MsuSearchOptions keysOnly = allColumns(identified);
            keysOnly.columns = ColumnSet::firstN(6).without(0);
            std::vector<NaiveMsu> shifted;
            for (const NaiveMsu& msu : findMsus(identified, keysOnly, threads).msus) {
                shifted.push_back(msu);
                for (auto& item : shifted.back().items)
                    --item.first;
            }
            CHECK(shifted == expected);
        }
    }
}

TEST_CASE("SUDA2 expands the MSUs of perfectly correlated items at every depth", "[suda2]")
{
    // Columns that copy or recode another column make items with identical rows in the whole table
    // (b = a, d = a's parity) and in sub-tables only (e equals c on the rows where a is 0).
    std::mt19937_64 engine(11);
    for (int round = 0; round < 40; ++round) {
        std::vector<std::vector<std::string>> rows;
        const auto rowCount = 5 + engine() % 40;
        for (std::uint64_t r = 0; r < rowCount; ++r) {
            const auto a = engine() % 4;
            const auto c = engine() % 3;
            const auto f = engine() % 5;
            rows.push_back({std::to_string(a), "b" + std::to_string(a), std::to_string(c), std::to_string(a % 2),
                            a == 0 ? std::to_string(c) : std::to_string(engine() % 3), std::to_string(f)});
        }
        const EncodedTable table = encodeRows({"a", "b", "c", "d", "e", "f"}, rows);
        for (const int threads : {1, 2}) {
            INFO("round " << round << ", threads " << threads);
            CHECK(findMsus(table, allColumns(table), threads).msus == testing::naiveMsus(table, 6));
        }
    }
}

TEST_CASE("SUDA2 treats every value of a one-row table as a sample unique", "[suda2]")
{
    const EncodedTable table = encodeRows({"a", "b"}, {{"x", "y"}});
    NullObserver observer;
    CHECK(findMsus(table, allColumns(table), 1).msus.size() == 2);
    const SearchResult result = runSuda2(table, kOne(1), {}, observer);
    CHECK(result.minimalSets == std::vector<MinimalSet>{{ColumnSet::of({0}), 1, 1}, {ColumnSet::of({1}), 1, 1}});
    CHECK(result.maximalSafeSets.empty());
}

TEST_CASE("SUDA2 searches only the chosen columns", "[suda2]")
{
    const EncodedTable table = workedExample();
    NullObserver observer;
    SearchParameters parameters = kOne(1);
    parameters.columns = ColumnSet::of({0, 1, 2});
    const SearchResult result = runSuda2(table, parameters, {}, observer);
    for (const NaiveMsu& msu : findMsus(table, {ColumnSet::of({0, 1, 2}), 3, true, 1}, 1).msus)
        for (const auto& item : msu.items)
            CHECK(item.first <= 2);
    const SearchResult brute = runBruteForce(table, parameters, {}, observer);
    CHECK(result.minimalSets == brute.minimalSets);
    CHECK(result.maximalSafeSets == brute.maximalSafeSets);
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
    const SearchResult result = runSuda2(table, kOne(2), source.get_token(), observer);
    CHECK_FALSE(result.complete);
    CHECK(result.minimalSets.empty());
    CHECK(result.maximalSafeSets.empty());
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

TEST_CASE("SUDA2 stopped mid-run reports only true MSUs", "[suda2]")
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
    const Found found = findMsus(table, allColumns(table), 2, source.get_token());
    stopper.join();
    if (found.outcome.complete)
        return;
    const auto support = [&](const ItemSet& items) {
        std::uint32_t holders = 0;
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            holders += std::all_of(items.begin(), items.end(),
                                   [&](const auto& item) {
                                       return table.code(row, static_cast<std::size_t>(item.first)) == item.second;
                                   })
                           ? 1U
                           : 0U;
        return holders;
    };
    for (std::size_t i = 0; i < found.msus.size(); i += 1 + found.msus.size() / 100) {
        const NaiveMsu& msu = found.msus[i];
        CHECK(support(msu.items) == 1);
        for (std::size_t drop = 0; drop < msu.items.size() && msu.items.size() > 1; ++drop) {
            auto smaller = msu.items;
            smaller.erase(smaller.begin() + static_cast<std::ptrdiff_t>(drop));
            CHECK(support(smaller) >= 2);
        }
    }
}
