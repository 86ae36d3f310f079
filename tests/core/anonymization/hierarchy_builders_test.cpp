// SPDX-License-Identifier: GPL-3.0-or-later
#include <stdexcept>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"

using namespace qiscout::core;

namespace {

/// The generalisation of `value` at every level.
std::vector<std::string> rowOf(const Hierarchy& hierarchy, const std::string& value)
{
    for (const std::vector<std::string>& row : hierarchy.rows)
        if (row.front() == value)
            return row;
    FAIL("no row for " << value);
    return {};
}

} // namespace

TEST_CASE("Interval hierarchies double their width until one interval is left", "[anonymization][builders]")
{
    IntervalOptions options;
    options.width = 5;
    const Hierarchy hierarchy = buildIntervalHierarchy({"17", "23", "38", "90", "?"}, options);
    // 5, 10, 20, 40, 80 wide; at 160 all values share [0, 160), so "*" follows.
    REQUIRE(hierarchy.height() == 6);
    REQUIRE(rowOf(hierarchy, "23") ==
            std::vector<std::string>{"23", "[20, 25)", "[20, 30)", "[20, 40)", "[0, 40)", "[0, 80)", "*"});
    REQUIRE(rowOf(hierarchy, "?") == std::vector<std::string>{"?", "?", "?", "?", "?", "?", "*"});

    options.bottomCoding = 20;
    options.topCoding = 80;
    options.maxLevels = 2;
    const Hierarchy coded = buildIntervalHierarchy({"17", "23", "38", "90"}, options);
    REQUIRE(rowOf(coded, "17") == std::vector<std::string>{"17", "< 20", "< 20", "*"});
    REQUIRE(rowOf(coded, "90") == std::vector<std::string>{"90", ">= 80", ">= 80", "*"});

    IntervalOptions cuts;
    cuts.cutPoints = {{0, 18, 30, 65}, {0, 18, 65}};
    const Hierarchy byCuts = buildIntervalHierarchy({"17", "23", "70"}, cuts);
    REQUIRE(rowOf(byCuts, "23") == std::vector<std::string>{"23", "[18, 30)", "[18, 65)", "*"});
    REQUIRE(rowOf(byCuts, "70") == std::vector<std::string>{"70", ">= 65", ">= 65", "*"});
    cuts.cutPoints = {{0, 30}, {0, 18, 30}};
    REQUIRE_THROWS_AS(buildIntervalHierarchy({"17"}, cuts), std::invalid_argument);
    options = {};
    options.width = 0.1;
    REQUIRE(rowOf(buildIntervalHierarchy({"0.35", "1.25"}, options), "0.35")[1] == "[0.3, 0.4)");
}

TEST_CASE("Masking, dates, orders, trees and flat hierarchies", "[anonymization][builders]")
{
    const Hierarchy zip = buildMaskingHierarchy({"94139", "94138", "9413"});
    REQUIRE(rowOf(zip, "94139") == std::vector<std::string>{"94139", "9413*", "941**", "94***", "9****", "*"});
    REQUIRE(rowOf(zip, "9413") == std::vector<std::string>{"9413", "941*", "94**", "9***", "****", "*"});

    const Hierarchy dates = buildDateHierarchy({"2024-05-17", "1999-12-31", "n/a"});
    REQUIRE(rowOf(dates, "2024-05-17") == std::vector<std::string>{"2024-05-17", "2024-05", "2024", "2020s", "*"});
    REQUIRE(rowOf(dates, "n/a") == std::vector<std::string>{"n/a", "n/a", "n/a", "n/a", "*"});
    const Hierarchy quarters =
        buildDateHierarchy({"2024-05-17", "2015Q1", "2015-q4"}, {DateStep::Month, DateStep::Quarter, DateStep::Year});
    REQUIRE(rowOf(quarters, "2024-05-17") == std::vector<std::string>{"2024-05-17", "2024-05", "2024-Q2", "2024", "*"});
    REQUIRE(rowOf(quarters, "2015Q1") == std::vector<std::string>{"2015Q1", "2015Q1", "2015-Q1", "2015", "*"});
    REQUIRE(rowOf(quarters, "2015-q4")[2] == "2015-Q4");
    const Hierarchy american = buildDateHierarchy({"12/31/1999", "01/02/2000"}, {DateStep::Month});
    REQUIRE(rowOf(american, "12/31/1999")[1] == "1999-12");
    REQUIRE(rowOf(american, "01/02/2000")[1] == "2000-01");
    REQUIRE_THROWS_AS(buildDateHierarchy({"2024-05-17"}, {DateStep::Year, DateStep::Month}), std::invalid_argument);

    const Hierarchy education = buildOrderedHierarchy({"none", "primary", "secondary", "bachelor", "master"});
    REQUIRE(rowOf(education, "secondary") ==
            std::vector<std::string>{"secondary", "secondary-bachelor", "none-bachelor", "*"});
    REQUIRE(rowOf(education, "master") == std::vector<std::string>{"master", "master", "master", "*"});

    const Hierarchy tree =
        buildTreeHierarchy({"cat", "dog", "oak"}, {{{"cat", "animal"}, {"dog", "animal"}, {"oak", "plant"}}});
    REQUIRE(rowOf(tree, "dog") == std::vector<std::string>{"dog", "animal", "*"});
    REQUIRE_THROWS_AS(buildTreeHierarchy({"cat", "fish"}, {{{"cat", "animal"}}}), std::invalid_argument);
    REQUIRE(buildFlatHierarchy({"a", "b", "a"}).rows == std::vector<std::vector<std::string>>{{"a", "*"}, {"b", "*"}});
}

TEST_CASE("Automatic hierarchies suit the column's type and always bind", "[anonymization][builders]")
{
    std::vector<std::vector<std::string>> rows;
    for (int i = 0; i < 60; ++i)
        rows.push_back({std::to_string(17 + i), i % 2 ? "F" : "M", "9413" + std::to_string(i % 10),
                        "2020-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10),
                        i % 3 ? "Private" : "State-gov", i % 7 == 0 ? "NA" : std::to_string(i * 1.5)});
    EncodedTable table = encodeRows({"age", "sex", "zip", "date", "work", "score"}, rows, {"NA"});
    table.columns[0].type = ColumnType::Integer;
    table.columns[3].type = ColumnType::Date;
    table.columns[5].type = ColumnType::Decimal;
    for (std::size_t column = 0; column < table.columnCount(); ++column) {
        const Hierarchy hierarchy = automaticHierarchy(table.columns[column]);
        const ColumnHierarchy bound = bindHierarchy(hierarchy, table, static_cast<int>(column), "automatic");
        REQUIRE(bound.levels.back().groups() == 1);
    }
    REQUIRE(automaticRule(table.columns[0]) == AutomaticRule::Intervals);
    REQUIRE(automaticHierarchy(table.columns[0]).height() > 2);
    REQUIRE(rowOf(automaticHierarchy(table.columns[0]), "23")[1].front() == '[');
    REQUIRE(automaticHierarchy(table.columns[1]).height() == 1);
    // Ten short codes are categories; only long lists of codes are masked.
    REQUIRE(automaticRule(table.columns[2]) == AutomaticRule::Categories);
    REQUIRE(rowOf(automaticHierarchy(table.columns[3]), "2020-03-12")[1] == "2020-03");
    REQUIRE(rowOf(automaticHierarchy(table.columns[3]), "2020-03-12")[2] == "2020-Q1");
    REQUIRE(automaticRule(table.columns[4]) == AutomaticRule::Flat);
    REQUIRE(rowOf(automaticHierarchy(table.columns[5]), "NA")[1] == "NA");
}
