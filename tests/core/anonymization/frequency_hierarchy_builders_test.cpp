// SPDX-License-Identifier: GPL-3.0-or-later
// The builders that keep information (#34): equal-frequency intervals with round, nested edges and
// coded tails, categories merged rarest first, and the automatic rule per column.
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/frequency_hierarchy_builders.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/table/discharge_table.h"

using namespace qiscout::core;

namespace {

/// Rows per group at `level`, summed from the rows of each original value.
std::map<std::string, std::uint64_t> rowsPerGroup(const Hierarchy& hierarchy, const std::vector<std::string>& values,
                                                  const std::vector<std::uint64_t>& counts, int level)
{
    std::map<std::string, std::string> groupOf;
    for (const auto& row : hierarchy.rows)
        groupOf[row.front()] = row[static_cast<std::size_t>(level)];
    std::map<std::string, std::uint64_t> rows;
    for (std::size_t i = 0; i < values.size(); ++i)
        rows[groupOf.at(values[i])] += counts[i];
    return rows;
}

/// The lower and upper edge of "[a, b)".
std::pair<double, double> edgesOf(const std::string& label)
{
    const std::size_t comma = label.find(", ");
    REQUIRE(label.front() == '[');
    REQUIRE(comma != std::string::npos);
    return {std::stod(label.substr(1, comma - 1)), std::stod(label.substr(comma + 2, label.size() - comma - 3))};
}

std::vector<std::string> rowOfValue(const Hierarchy& hierarchy, const std::string& value)
{
    for (const auto& row : hierarchy.rows)
        if (row.front() == value)
            return row;
    FAIL("no row for " << value);
    return {};
}

/// The distinct groups of every level, finest first.
std::vector<std::size_t> groupsPerLevel(const Hierarchy& hierarchy)
{
    std::vector<std::size_t> counts;
    for (int level = 0; level <= hierarchy.height(); ++level) {
        std::set<std::string> groups;
        for (const auto& row : hierarchy.rows)
            groups.insert(row[static_cast<std::size_t>(level)]);
        counts.push_back(groups.size());
    }
    return counts;
}

} // namespace

TEST_CASE("Frequency-based builders give valid, nested hierarchies on random inputs", "[anonymization][builders]")
{
    const auto seed = static_cast<unsigned>(GENERATE(range(1, 120)));
    std::mt19937 random(seed);
    std::vector<std::string> values;
    std::vector<std::uint64_t> counts;
    const int distinct = std::uniform_int_distribution<int>(1, 200)(random);
    const int kind = static_cast<int>(seed % 4);
    for (int i = 0; i < distinct; ++i) {
        // Integers, decimals, numbers with a long tail, and some text that is not a number.
        const double x = kind == 0   ? std::uniform_int_distribution<int>(-50, 50)(random)
                         : kind == 1 ? std::uniform_real_distribution<double>(0.0, 1.0)(random)
                                     : std::exp(std::normal_distribution<double>(1.0, 1.5)(random));
        values.push_back(kind == 3 && i % 17 == 0 ? "n/a " + std::to_string(i) : std::to_string(x));
        counts.push_back(std::uniform_int_distribution<std::uint64_t>(1, 1000)(random) *
                         (std::uniform_int_distribution<int>(0, 9)(random) == 0 ? 50 : 1));
    }
    INFO("seed " << seed << ", " << distinct << " values, kind " << kind);
    for (const Hierarchy& hierarchy :
         {buildQuantileHierarchy(values, counts), buildFrequencyHierarchy(values, counts)}) {
        REQUIRE_NOTHROW(validateHierarchy(hierarchy, "random"));
        REQUIRE(hierarchy.rows.back().back() == "*");
        const std::vector<std::size_t> groups = groupsPerLevel(hierarchy);
        REQUIRE(groups.front() == std::set<std::string>(values.begin(), values.end()).size());
        // Every level merges something; at most 5 levels below "*".
        for (std::size_t level = 1; level < groups.size(); ++level)
            REQUIRE(groups[level] <= groups[level - 1]);
        REQUIRE(hierarchy.height() <= 6);
    }
    // Rarest first: a value kept alone at a level has at least the rows of any value merged there.
    const Hierarchy categories = buildFrequencyHierarchy(values, counts);
    std::map<std::string, std::uint64_t> rowsOf;
    for (std::size_t i = 0; i < values.size(); ++i)
        rowsOf[values[i]] += counts[i];
    for (std::size_t level = 1; level < static_cast<std::size_t>(categories.height()); ++level) {
        std::uint64_t rarestAlone = UINT64_MAX;
        std::uint64_t commonestMerged = 0;
        for (const auto& row : categories.rows)
            if (row[level] == row[0])
                rarestAlone = std::min(rarestAlone, rowsOf[row[0]]);
            else
                commonestMerged = std::max(commonestMerged, rowsOf[row[0]]);
        REQUIRE(commonestMerged <= rarestAlone);
    }
}

TEST_CASE("Equal-frequency intervals have about equal rows, round edges, and nest", "[anonymization][builders]")
{
    // 1000 values, 1 to 3 rows each: the cuts can land anywhere, so they should be round.
    std::mt19937 random(7);
    std::vector<std::string> values;
    std::vector<std::uint64_t> counts;
    std::uint64_t total = 0;
    for (int x = 1; x <= 1000; ++x) {
        values.push_back(std::to_string(x));
        counts.push_back(std::uniform_int_distribution<std::uint64_t>(1, 3)(random));
        total += counts.back();
    }
    const Hierarchy hierarchy = buildQuantileHierarchy(values, counts);
    REQUIRE(groupsPerLevel(hierarchy) == std::vector<std::size_t>{1000, 16, 8, 4, 2, 1});
    for (int level = 1; level < hierarchy.height(); ++level) {
        const auto groups = rowsPerGroup(hierarchy, values, counts, level);
        const double equal = static_cast<double>(total) / static_cast<double>(groups.size());
        for (const auto& [label, rows] : groups) {
            INFO("level " << level << ": " << label << " holds " << rows << " of " << total << " rows");
            // Each cut is within a quarter of a group of its quantile, so a group is within half.
            CHECK(std::abs(static_cast<double>(rows) - equal) <= 0.5 * equal);
            const auto [from, to] = edgesOf(label);
            CHECK(std::fmod(from, 10.0) == 0.0);
            CHECK(std::fmod(to, 10.0) == 0.0);
        }
    }
    // Nested: every level-1 interval lies inside its level-2 interval.
    for (const auto& row : hierarchy.rows) {
        const auto [from1, to1] = edgesOf(row[1]);
        const auto [from2, to2] = edgesOf(row[2]);
        REQUIRE(from2 <= from1);
        REQUIRE(to1 <= to2);
        const double x = std::stod(row[0]);
        REQUIRE(from1 <= x);
        REQUIRE(x < to1);
    }
}

TEST_CASE("A long tail is top-coded and a heavy value is never split", "[anonymization][builders]")
{
    // Lengths of stay: most of 1 to 10 days, a few stays of up to a year.
    std::vector<std::string> values;
    std::vector<std::uint64_t> counts;
    for (int days = 1; days <= 30; ++days) {
        values.push_back(std::to_string(days));
        counts.push_back(static_cast<std::uint64_t>(10000.0 * std::exp(-0.3 * days)) + 1);
    }
    for (const int days : {120, 200, 364}) {
        values.push_back(std::to_string(days));
        counts.push_back(1);
    }
    const Hierarchy hierarchy = buildQuantileHierarchy(values, counts);
    const std::vector<std::string> longest = rowOfValue(hierarchy, "364");
    REQUIRE(longest[1].starts_with(">= "));
    const double topCode = std::stod(longest[1].substr(3));
    REQUIRE(topCode > 10.0);
    REQUIRE(topCode <= 120.0);
    for (int level = 1; level < hierarchy.height(); ++level)
        REQUIRE(rowOfValue(hierarchy, "200")[static_cast<std::size_t>(level)] == longest[1]);
    // Before the fix the first level was [0, 100) for nearly every row (#34): now 1 day stays alone.
    const auto [from, to] = edgesOf(rowOfValue(hierarchy, "1")[1]);
    REQUIRE(from <= 1.0);
    REQUIRE(to == 2.0);
}

TEST_CASE("Categories merge the rarest values first", "[anonymization][builders]")
{
    const std::vector<std::string> values{"01", "06", "03", "62", "20", "02", "50", "07", "Other"};
    const std::vector<std::uint64_t> counts{6200, 1200, 900, 300, 250, 200, 150, 100, 40};
    const Hierarchy hierarchy = buildFrequencyHierarchy(values, counts);
    // 9 values: 5 groups, then 3, then 2, then "*".
    REQUIRE(groupsPerLevel(hierarchy) == std::vector<std::size_t>{9, 5, 3, 2, 1});
    REQUIRE(rowOfValue(hierarchy, "01") == std::vector<std::string>{"01", "01", "01", "01", "*"});
    REQUIRE(rowOfValue(hierarchy, "03") ==
            std::vector<std::string>{"03", "03", "02/03/... (7 values)", "02/03/... (8 values)", "*"});
    REQUIRE(rowOfValue(hierarchy, "Other")[1] == "07/50/... (4 values)");
    REQUIRE(rowOfValue(hierarchy, "20")[1] == "02/20");
    REQUIRE(rowOfValue(hierarchy, "07")[2] == rowOfValue(hierarchy, "20")[2]);
}

TEST_CASE("The automatic rule makes codes and few numbers categories, quarters dates", "[anonymization][builders]")
{
    // The columns of #34's discharge table, typed as the loader reads them.
    const EncodedTable table = makeDischargeTable({5'000, 3});
    const auto column = [&table](const std::string& name) -> const EncodedColumn& {
        for (const EncodedColumn& candidate : table.columns)
            if (candidate.name == name)
                return candidate;
        FAIL("no column " << name);
        return table.columns.front();
    };
    CHECK(automaticRule(column("TYPE_OF_ADMISSION")) == AutomaticRule::Categories);
    CHECK(automaticRule(column("PAT_STATUS")) == AutomaticRule::Categories);
    CHECK(automaticRule(column("ADMIT_WEEKDAY")) == AutomaticRule::Categories);
    CHECK(automaticRule(column("PAT_AGE")) == AutomaticRule::Categories);
    CHECK(automaticRule(column("DISCHARGE")) == AutomaticRule::Dates);
    CHECK(automaticRule(column("LENGTH_OF_STAY")) == AutomaticRule::Intervals);
    CHECK(automaticRule(column("ETHNICITY")) == AutomaticRule::Flat);
    // "3 -> [0, 4)" was the weekday's first level before (#34); now no weekday is put in a range.
    for (const auto& row : automaticHierarchy(column("ADMIT_WEEKDAY")).rows)
        for (const std::string& group : row)
            REQUIRE(group.front() != '[');
    // Every quarter is in 2015: the year merges nothing "*" does not, so quarters go straight to "*".
    REQUIRE(rowOfValue(automaticHierarchy(column("DISCHARGE")), "2015Q3") == std::vector<std::string>{"2015Q3", "*"});
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        REQUIRE_NOTHROW(bindHierarchy(automaticHierarchy(table.columns[c]), table, static_cast<int>(c), "automatic"));

    // Many codes of one length (postcodes) keep their prefixes.
    std::vector<std::vector<std::string>> rows;
    for (int i = 0; i < 200; ++i)
        rows.push_back({std::to_string(10000 + i * 37), "0" + std::to_string(1000 + i)});
    EncodedTable codes = encodeRows({"zip", "leading"}, rows);
    codes.columns[0].type = ColumnType::Text;
    codes.columns[1].type = ColumnType::Integer;
    CHECK(automaticRule(codes.columns[0]) == AutomaticRule::Masking);
    CHECK(automaticRule(codes.columns[1]) == AutomaticRule::Masking);
    codes.columns[0].type = ColumnType::Integer;
    CHECK(automaticRule(codes.columns[0]) == AutomaticRule::Intervals);
}
