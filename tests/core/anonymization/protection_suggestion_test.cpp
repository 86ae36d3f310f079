// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <random>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/protection_suggestion.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/io/table_loader.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;

namespace {

/// The partition of the original values a level induces, as sets of values.
std::set<std::set<std::string>> groupsAt(const Hierarchy& hierarchy, std::size_t level)
{
    std::map<std::string, std::set<std::string>> groups;
    for (const auto& row : hierarchy.rows)
        groups[row[level]].insert(row.front());
    std::set<std::set<std::string>> result;
    for (auto& [name, values] : groups)
        result.insert(std::move(values));
    return result;
}

std::uint64_t latticeSizeOf(const ProtectionSettings& settings)
{
    std::uint64_t size = 1;
    for (const auto& column : settings.quasiIdentifiers)
        size *= static_cast<std::uint64_t>(column.hierarchy.height()) + 1;
    return size;
}

} // namespace

TEST_CASE("withoutRedundantLevels keeps every distinct grouping once and stays monotone", "[anonymization][suggestion]")
{
    std::mt19937_64 random(15);
    for (int trial = 0; trial < 200; ++trial) {
        const EncodedTable table = testing::makeRandomTable(random(), 1);
        Hierarchy hierarchy = testing::randomHierarchy(table.columns.front(), random, 4);
        if (hierarchy.height() < 1)
            continue;
        // Repeat a random level so some are redundant for sure.
        const auto copied = static_cast<std::size_t>(random() % (static_cast<std::uint64_t>(hierarchy.height()) + 1));
        for (auto& row : hierarchy.rows)
            row.insert(row.begin() + static_cast<std::ptrdiff_t>(copied) + 1, row[copied]);
        const Hierarchy trimmed = withoutRedundantLevels(hierarchy);
        REQUIRE_NOTHROW(validateHierarchy(trimmed, "trimmed"));
        // Reference: the distinct partitions of the original, in order, first and last kept.
        std::vector<std::set<std::set<std::string>>> expected;
        for (std::size_t level = 0; level <= static_cast<std::size_t>(hierarchy.height()); ++level) {
            const auto groups = groupsAt(hierarchy, level);
            if (level == 0 || level == static_cast<std::size_t>(hierarchy.height()) || groups != expected.back())
                expected.push_back(groups);
        }
        // A top equal to the level below it is kept as the top; the level below goes.
        if (expected.size() > 2 && expected[expected.size() - 1] == expected[expected.size() - 2])
            expected.erase(expected.end() - 2);
        std::vector<std::set<std::set<std::string>>> actual;
        for (std::size_t level = 0; level <= static_cast<std::size_t>(trimmed.height()); ++level)
            actual.push_back(groupsAt(trimmed, level));
        REQUIRE(actual == expected);
        REQUIRE(trimmed.rows.front().back() == hierarchy.rows.front().back());
    }
}

TEST_CASE("suggestProtection coarsens the candidates within the lattice limit", "[anonymization][suggestion]")
{
    const EncodedTable adult = loadTable(QISCOUT_TEST_TABLES_DIR "/adult.csv");
    std::vector<ColumnRole> roles(adult.columnCount(), ColumnRole::QuasiIdentifier);
    roles[2] = ColumnRole::Ignored;    // fnlwgt
    roles[14] = ColumnRole::Sensitive; // income

    SECTION("every candidate, hierarchies trimmed from the top")
    {
        const ProtectionSuggestion suggestion = suggestProtection(adult, roles, nullptr, 4);
        REQUIRE(suggestion.leftOut.empty());
        REQUIRE(suggestion.settings.quasiIdentifiers.size() == 13);
        REQUIRE(suggestion.settings.k == 5);
        REQUIRE(suggestion.settings.suppressionLimit == suggestedSuppressionLimit);
        REQUIRE(latticeSizeOf(suggestion.settings) <= suggestedLatticeLimit);
        for (const auto& column : suggestion.settings.quasiIdentifiers) {
            REQUIRE(column.column != "fnlwgt");
            REQUIRE(column.column != "income");
            REQUIRE(column.hierarchySource == "automatic");
            REQUIRE(column.hierarchy.height() >= 1);
            REQUIRE_NOTHROW(validateHierarchy(column.hierarchy, column.column));
            // What is left is the automatic hierarchy with levels taken out, never changed.
            std::size_t index = 0;
            while (adult.columns[index].name != column.column)
                ++index;
            const Hierarchy automatic = automaticHierarchy(adult.columns[index]);
            std::set<std::set<std::set<std::string>>> automaticGroupings;
            for (std::size_t level = 0; level <= static_cast<std::size_t>(automatic.height()); ++level)
                automaticGroupings.insert(groupsAt(automatic, level));
            for (std::size_t level = 0; level <= static_cast<std::size_t>(column.hierarchy.height()); ++level)
                REQUIRE(automaticGroupings.contains(groupsAt(column.hierarchy, level)));
        }
    }

    SECTION("a larger k from the search's k")
    {
        REQUIRE(suggestProtection(adult, roles, nullptr, 9).settings.k == 10);
        REQUIRE(suggestProtection(adult, roles, nullptr, 1).settings.k == suggestedMinimumK);
    }

    SECTION("too many candidates: the least involved are left out")
    {
        // With room for 2^4 transformations only four columns fit, at height 1 each.
        SearchResult findings;
        findings.minimalSets.push_back({ColumnSet::of({0, 3}), 10, 1});
        findings.minimalSets.push_back({ColumnSet::of({0, 5}), 10, 1});
        findings.minimalSets.push_back({ColumnSet::of({0, 13}), 10, 1});
        findings.minimalSets.push_back({ColumnSet::of({3, 13}), 10, 1});
        const ProtectionSuggestion suggestion = suggestProtection(adult, roles, &findings, 4, 16);
        REQUIRE(suggestion.settings.quasiIdentifiers.size() == 4);
        REQUIRE(suggestion.leftOut.size() == 9);
        REQUIRE(latticeSizeOf(suggestion.settings) <= 16);
        std::set<std::string> kept;
        for (const auto& column : suggestion.settings.quasiIdentifiers)
            kept.insert(column.column);
        // age (3 sets), education and native-country (2 each), marital-status (1).
        REQUIRE(kept == std::set<std::string>{"age", "education", "marital-status", "native-country"});
    }

    SECTION("no candidate")
    {
        const std::vector<ColumnRole> none(adult.columnCount(), ColumnRole::Ignored);
        REQUIRE(suggestProtection(adult, none, nullptr, 4).settings.quasiIdentifiers.empty());
    }
}

TEST_CASE("withoutLevel refuses the original values and the top", "[anonymization][suggestion]")
{
    const Hierarchy hierarchy = buildOrderedHierarchy({"a", "b", "c", "d"});
    REQUIRE(hierarchy.height() == 2);
    const Hierarchy shorter = withoutLevel(hierarchy, 1);
    REQUIRE(shorter.height() == 1);
    REQUIRE(shorter.rows.front() == std::vector<std::string>{"a", hierarchy.rows.front().back()});
    REQUIRE_THROWS_AS(withoutLevel(hierarchy, 0), std::invalid_argument);
    REQUIRE_THROWS_AS(withoutLevel(hierarchy, 2), std::invalid_argument);
}
