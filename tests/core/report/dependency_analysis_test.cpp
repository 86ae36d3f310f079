// SPDX-License-Identifier: GPL-3.0-or-later
// The report's dependency analysis stays affordable on the wide tables a search may now span (#17).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/report/dependency_analysis.h"
#include "qiscout/core/table/encoded_table.h"

using namespace qiscout::core;

namespace {

/// C(n, k) by Pascal's rule in doubles (exact below 2^53, far above the budget beyond):
/// independent of the lattice layout's table.
double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    std::vector<double> row(static_cast<std::size_t>(k) + 1, 0.0);
    row[0] = 1.0;
    for (int i = 1; i <= n; ++i)
        for (int j = std::min(i, k); j >= 1; --j)
            row[static_cast<std::size_t>(j)] += row[static_cast<std::size_t>(j - 1)];
    return row[static_cast<std::size_t>(k)];
}

} // namespace

TEST_CASE("The dependency analysis lowers its largest determinant only as far as a wide table needs", "[report][wide]")
{
    CHECK(affordableMaxLhs(15, 3) == 3);
    CHECK(affordableMaxLhs(64, 3) == 3);
    CHECK(affordableMaxLhs(100, 3) == 2);
    CHECK(affordableMaxLhs(300, 3) == 1);
    CHECK(affordableMaxLhs(4096, 3) == 0);
    CHECK(affordableMaxLhs(10, std::nullopt) == std::nullopt);
    CHECK(affordableMaxLhs(100, std::nullopt) == 2);

    for (int columns = 0; columns <= 140; ++columns)
        for (const std::optional<int> asked : {std::optional<int>(), std::optional<int>(0), std::optional<int>(1),
                                               std::optional<int>(2), std::optional<int>(3), std::optional<int>(6)}) {
            INFO("columns " << columns << ", asked " << (asked ? std::to_string(*asked) : "no limit"));
            const std::optional<int> given = affordableMaxLhs(columns, asked);
            const int widest = std::max(0, std::min(asked.value_or(columns - 1), columns - 1));
            // Every level up to the determinants given plus one fits the budget...
            const int levels = given.value_or(widest);
            for (int size = 2; size <= levels + 1; ++size)
                CHECK(choose(columns, size) <= static_cast<double>(maxDependencyLevelSets));
            if (given == asked) {
                // ... and nothing was lowered unless a level was over it.
                continue;
            }
            REQUIRE(given.has_value());
            CHECK(*given < widest);
            CHECK(choose(columns, *given + 2) > static_cast<double>(maxDependencyLevelSets));
        }
}

TEST_CASE("A report over 100 columns looks for determinants of at most 2 columns and says so", "[report][wide]")
{
    std::mt19937 random(17);
    std::vector<std::string> names;
    for (int column = 0; column < 100; ++column)
        names.push_back("c" + std::to_string(column));
    std::vector<std::vector<std::string>> rows(40, std::vector<std::string>(100));
    for (auto& row : rows)
        for (int column = 0; column < 100; ++column)
            row[static_cast<std::size_t>(column)] = std::to_string(random() % 3);
    // c99 follows c0 and c1 together: a dependency with a determinant of two columns.
    for (auto& row : rows)
        row[99] = std::to_string((std::stoi(row[0]) + std::stoi(row[1])) % 3);
    const EncodedTable table = encodeRows(names, rows);
    const ColumnSet all = ColumnSet::firstN(100);

    const DependencyAnalysis analysis = analyseDependencies(table, all, all, 3, std::nullopt);
    REQUIRE(analysis.maxLhs == 2);
    bool derived = false;
    for (const FunctionalDependency& dependency : analysis.dependencies) {
        CHECK(dependency.lhs.size() <= 2);
        derived = derived || (dependency.lhs == ColumnSet::of({0, 1}) && dependency.rhs == 99);
    }
    CHECK(derived);

    // A narrow table keeps the determinants asked for.
    const ColumnSet first = ColumnSet::firstN(12);
    CHECK(analyseDependencies(table, first, first, 3, std::nullopt).maxLhs == 3);
}
