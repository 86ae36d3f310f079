// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/table/encoded_table.h"

#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/worked_example.h"

using namespace qiscout::core;

namespace {

// The definition with no shortcut: for every column and every determinant within the size limit,
// whether rows with equal determinant values (tuples of codes, which are equal exactly when the
// texts are) always have equal dependent values, and minimal when no determinant one column
// smaller holds (which, by monotonicity, covers every proper subset). Support counts the rows whose
// determinant values occur on another row.
std::vector<FunctionalDependency> naiveDependencies(const EncodedTable& table, ColumnSet columns, int maxLhs)
{
    // Row -> class on a set, and class sizes, computed once per set.
    std::map<std::uint64_t, std::pair<std::vector<std::uint32_t>, std::vector<std::uint64_t>>> classes;
    const auto classesOf = [&](ColumnSet set) -> const auto&
    {
        auto [found, inserted] = classes.try_emplace(testing::maskOf(set));
        if (inserted) {
            std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                std::vector<std::uint32_t> key;
                for (const int column : set.columns())
                    key.push_back(table.code(row, static_cast<std::size_t>(column)));
                const auto [id, added] = ids.emplace(key, static_cast<std::uint32_t>(ids.size()));
                if (added)
                    found->second.second.push_back(0);
                found->second.first.push_back(id->second);
                ++found->second.second[id->second];
            }
        }
        return found->second;
    };
    const auto holds = [&](ColumnSet lhs, int rhs) {
        const auto& [classOfRow, sizes] = classesOf(lhs);
        std::map<std::uint32_t, std::uint32_t> image;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            const std::uint32_t value = table.code(row, static_cast<std::size_t>(rhs));
            const auto [found, inserted] = image.emplace(classOfRow[row], value);
            if (!inserted && found->second != value)
                return false;
        }
        return true;
    };
    std::vector<FunctionalDependency> result;
    for (const int rhs : columns.columns()) {
        const ColumnSet others = columns.without(rhs);
        const std::vector<int> positions = others.columns();
        for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << positions.size()); ++mask) {
            if (std::popcount(mask) > maxLhs)
                continue;
            ColumnSet lhs;
            for (std::size_t i = 0; i < positions.size(); ++i)
                if ((mask >> i) & 1U)
                    lhs = lhs.with(positions[i]);
            if (!holds(lhs, rhs))
                continue;
            const std::vector<int> lhsColumns = lhs.columns();
            const bool minimal = std::none_of(lhsColumns.begin(), lhsColumns.end(),
                                              [&](int column) { return holds(lhs.without(column), rhs); });
            if (!minimal)
                continue;
            std::uint64_t support = 0;
            for (const std::uint64_t size : classesOf(lhs).second)
                support += size >= 2 ? size : 0;
            result.push_back({lhs, rhs, support});
        }
    }
    std::sort(result.begin(), result.end(), dependencyLess);
    return result;
}

// A random table with derived columns appended, so that dependencies with determinants of one,
// two and three columns are common rather than only the vacuous ones of keys.
EncodedTable tableWithDerivedColumns(std::uint64_t seed, int baseColumns)
{
    const EncodedTable base = testing::makeRandomTable(seed, baseColumns);
    std::mt19937_64 random(seed * 7919U + 1U);
    const auto width = static_cast<int>(base.columnCount());
    const int derived = 1 + static_cast<int>(random() % 3U);
    std::vector<std::vector<int>> sources;
    for (int d = 0; d < derived; ++d) {
        std::vector<int> from;
        const int arity = 1 + static_cast<int>(random() % 3U);
        for (int a = 0; a < arity; ++a)
            from.push_back(static_cast<int>(random() % static_cast<std::uint64_t>(width)));
        sources.push_back(from);
    }
    const std::uint64_t modulus = 2 + random() % 5U;
    std::vector<std::string> names = base.columnNames();
    for (int d = 0; d < derived; ++d)
        names.push_back("derived" + std::to_string(d));
    std::vector<std::vector<std::string>> rows;
    for (std::uint32_t row = 0; row < base.rowCount; ++row) {
        std::vector<std::string> cells;
        for (int c = 0; c < width; ++c)
            cells.push_back(base.text(row, static_cast<std::size_t>(c)));
        for (const std::vector<int>& from : sources) {
            std::uint64_t value = 0;
            for (const int c : from)
                value = value * 31U + base.code(row, static_cast<std::size_t>(c));
            cells.push_back(std::to_string(value % modulus));
        }
        rows.push_back(std::move(cells));
    }
    return encodeRows(names, rows);
}

} // namespace

TEST_CASE("Dependency discovery finds exactly the minimal dependencies of a brute force", "[dependencies]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{1}, std::uint64_t{61}));
    const EncodedTable table = tableWithDerivedColumns(seed, 7);
    const auto width = static_cast<int>(table.columnCount());
    const std::vector<FunctionalDependency> all = naiveDependencies(table, ColumnSet::firstN(width), width);
    const std::vector<std::string> names = table.columnNames();
    const auto text = [&](const std::vector<FunctionalDependency>& dependencies) {
        std::vector<std::string> lines;
        for (const FunctionalDependency& dependency : dependencies)
            lines.push_back(describe(dependency, names) + " support " + std::to_string(dependency.support));
        return lines;
    };
    for (const int maxLhs : {0, 1, 2, 3, width}) {
        std::vector<FunctionalDependency> expected;
        std::copy_if(all.begin(), all.end(), std::back_inserter(expected),
                     [maxLhs](const FunctionalDependency& d) { return d.lhs.size() <= maxLhs; });
        for (const int threads : {1, 2}) {
            DependencyParameters parameters;
            parameters.maxLhs = maxLhs;
            parameters.threads = threads;
            const DependencyResult result = discoverDependencies(table, parameters);
            INFO(testing::describeRandomTable(seed, table) << ", max lhs " << maxLhs << ", threads " << threads);
            REQUIRE(result.complete);
            CHECK(text(result.dependencies) == text(expected));
        }
    }
}

TEST_CASE("Dependency discovery examines only the chosen columns", "[dependencies]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{100}, std::uint64_t{120}));
    const EncodedTable table = tableWithDerivedColumns(seed, 6);
    std::mt19937_64 random(seed);
    const auto width = static_cast<int>(table.columnCount());
    const ColumnSet columns = testing::setOfMask(random() & testing::maskOf(ColumnSet::firstN(width)));
    DependencyParameters parameters;
    parameters.columns = columns;
    parameters.threads = 1;
    const DependencyResult result = discoverDependencies(table, parameters);
    CHECK(result.examined == columns);
    CHECK(result.dependencies == naiveDependencies(table, columns, width));
}

TEST_CASE("Dependency discovery on the worked example", "[dependencies]")
{
    const EncodedTable table = testing::workedExample();
    DependencyParameters parameters;
    parameters.threads = 1;
    const DependencyResult result = discoverDependencies(table, parameters);
    std::vector<std::string> found;
    for (const FunctionalDependency& dependency : result.dependencies)
        found.push_back(describe(dependency, table.columnNames()));
    // Birth and Gender determine each other (09/64 is always Female); Birth with ZIP determines
    // Marital, and Marital with ZIP determines Birth.
    CHECK(std::find(found.begin(), found.end(), "{Birth} -> Gender") != found.end());
    CHECK(std::find(found.begin(), found.end(), "{Birth, ZIP} -> Marital") != found.end());
    CHECK(std::find(found.begin(), found.end(), "{Gender} -> Birth") == found.end());
    CHECK(result.dependencies == naiveDependencies(table, ColumnSet::firstN(4), 3));
}

TEST_CASE("Dependency discovery handles constant columns, keys and tiny tables", "[dependencies]")
{
    const EncodedTable table =
        encodeRows({"id", "same", "group", "label"},
                   {{"1", "x", "a", "A"}, {"2", "x", "a", "A"}, {"3", "x", "b", "B"}, {"4", "x", "b", "B"}});
    const DependencyResult result = discoverDependencies(table, DependencyParameters{});
    std::vector<std::string> found;
    for (const FunctionalDependency& dependency : result.dependencies)
        found.push_back(describe(dependency, table.columnNames()) + " " + std::to_string(dependency.support));
    CHECK(found == std::vector<std::string>{"{} -> same 4", "{id} -> group 0", "{id} -> label 0", "{group} -> label 4",
                                            "{label} -> group 4"});

    for (const std::uint32_t rows : {0U, 1U}) {
        std::vector<std::vector<std::string>> cells(rows, std::vector<std::string>{"v", "w"});
        const EncodedTable tiny = encodeRows({"a", "b"}, cells);
        const DependencyResult none = discoverDependencies(tiny, DependencyParameters{});
        CHECK(none.dependencies == naiveDependencies(tiny, ColumnSet::firstN(2), 1));
    }
}

TEST_CASE("Dependency discovery rejects bad parameters and stops when asked", "[dependencies]")
{
    const EncodedTable table = tableWithDerivedColumns(5, 6);
    DependencyParameters negative;
    negative.maxLhs = -1;
    CHECK_THROWS_AS(discoverDependencies(table, negative), DependencyParameterError);
    DependencyParameters outside;
    outside.columns = ColumnSet::single(40);
    CHECK_THROWS_AS(discoverDependencies(table, outside), DependencyParameterError);
    DependencyParameters threads;
    threads.threads = 0;
    CHECK_THROWS_AS(discoverDependencies(table, threads), DependencyParameterError);

    std::stop_source source;
    source.request_stop();
    const DependencyResult stopped = discoverDependencies(table, DependencyParameters{}, source.get_token());
    CHECK_FALSE(stopped.complete);
}
