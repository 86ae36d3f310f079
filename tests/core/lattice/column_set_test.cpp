// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

using qiscout::core::ColumnSet;

TEST_CASE("ColumnSet answers membership and subset questions", "[column_set]")
{
    const auto ab = ColumnSet::of({0, 1});
    const auto abc = ab.with(2);
    CHECK(ab.size() == 2);
    CHECK(abc.contains(2));
    CHECK_FALSE(ab.contains(2));
    CHECK(ab.isSubsetOf(abc));
    CHECK_FALSE(abc.isSubsetOf(ab));
    CHECK(abc.without(2) == ab);
    CHECK(abc.columns() == std::vector<int>{0, 1, 2});
    CHECK(ColumnSet::firstN(64).size() == 64);
    CHECK(ColumnSet::single(63).last() == 63);
}

TEST_CASE("sizeThenLexLess orders by size then by ascending positions", "[column_set]")
{
    std::vector<ColumnSet> sets{ColumnSet::of({1, 2}),    ColumnSet::of({2}),    ColumnSet::of({0, 2}),
                                ColumnSet::of({0, 1, 2}), ColumnSet::of({0, 1}), ColumnSet::of({0})};
    std::sort(sets.begin(), sets.end(), qiscout::core::sizeThenLexLess);
    const std::vector<ColumnSet> expected{ColumnSet::of({0}),    ColumnSet::of({2}),    ColumnSet::of({0, 1}),
                                          ColumnSet::of({0, 2}), ColumnSet::of({1, 2}), ColumnSet::of({0, 1, 2})};
    CHECK(sets == expected);
}

TEST_CASE("describe names the columns of a set", "[column_set]")
{
    CHECK(qiscout::core::describe(ColumnSet::of({0, 2}), {"age", "sex", "zip"}) == "{age, zip}");
}
