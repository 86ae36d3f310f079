// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <random>
#include <set>
#include <unordered_set>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/fixed_column_set.h"

using qiscout::core::ColumnSet;
using qiscout::core::ColumnSetHash;
using qiscout::core::FixedColumnSet;

namespace {

// A set of columns drawn below `width`, as a sorted list of distinct positions: the obvious model
// every representation is checked against.
std::vector<int> randomColumnList(std::mt19937& random, int width, int count)
{
    std::set<int> columns;
    for (int i = 0; i < count; ++i)
        columns.insert(static_cast<int>(random() % static_cast<unsigned>(width)));
    return {columns.begin(), columns.end()};
}

std::vector<int> modelUnion(const std::vector<int>& a, const std::vector<int>& b)
{
    std::vector<int> result;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(result));
    return result;
}

std::vector<int> modelIntersection(const std::vector<int>& a, const std::vector<int>& b)
{
    std::vector<int> result;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(result));
    return result;
}

std::vector<int> modelDifference(const std::vector<int>& a, const std::vector<int>& b)
{
    std::vector<int> result;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(result));
    return result;
}

// Every operation of Set on random sets below `width` against the sorted-list model.
template <typename Set>
void checkAgainstModel(int width)
{
    std::mt19937 random(static_cast<unsigned>(width));
    const auto make = [](const std::vector<int>& columns) {
        Set set;
        for (const int column : columns)
            set = set.with(column);
        return set;
    };
    for (int trial = 0; trial < 400; ++trial) {
        const std::vector<int> a = randomColumnList(random, width, static_cast<int>(random() % 6));
        const std::vector<int> b = randomColumnList(random, width, static_cast<int>(random() % 6));
        const Set setA = make(a);
        const Set setB = make(b);
        INFO("width " << width << ", trial " << trial);
        REQUIRE(setA.columns() == a);
        CHECK(setA.size() == static_cast<int>(a.size()));
        CHECK(setA.empty() == a.empty());
        CHECK(setA.united(setB).columns() == modelUnion(a, b));
        CHECK(setA.intersected(setB).columns() == modelIntersection(a, b));
        CHECK(setA.minus(setB).columns() == modelDifference(a, b));
        CHECK(setA.intersects(setB) == !modelIntersection(a, b).empty());
        CHECK(setA.isSubsetOf(setB) == modelDifference(a, b).empty());
        CHECK((setA == setB) == (a == b));
        if (!a.empty()) {
            CHECK(setA.first() == a.front());
            CHECK(setA.last() == a.back());
            CHECK(setA.without(a.back()).columns() == std::vector<int>(a.begin(), a.end() - 1));
            CHECK(setA.without(a.back()).with(a.back()) == setA);
        }
        for (const int column : {0, width / 2, width - 1})
            CHECK(setA.contains(column) == std::binary_search(a.begin(), a.end(), column));
        // Equal sets hash alike whatever their width, and order alike.
        const ColumnSet publicA = ColumnSet::fromColumns(a);
        const ColumnSet publicB = ColumnSet::fromColumns(b);
        CHECK(ColumnSetHash{}(setA) == ColumnSetHash{}(publicA));
        CHECK(qiscout::core::SizeThenLex{}(setA, setB) == qiscout::core::sizeThenLexLess(publicA, publicB));
        // Sets of one size order alike without being counted.
        std::set<int> sameSize;
        while (sameSize.size() < a.size())
            sameSize.insert(static_cast<int>(random() % static_cast<unsigned>(width)));
        const std::vector<int> c(sameSize.begin(), sameSize.end());
        const Set setC = make(c);
        CHECK(qiscout::core::SameSizeLex{}(setA, setC) == qiscout::core::SizeThenLex{}(setA, setC));
        CHECK(qiscout::core::SameSizeLex{}(setC, setA) == qiscout::core::SizeThenLex{}(setC, setA));
    }
}

} // namespace

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

TEST_CASE("ColumnSet holds any number of columns, and a wide set shrunk below 64 columns equals a narrow one",
          "[column_set]")
{
    const ColumnSet all = ColumnSet::firstN(4096);
    CHECK(all.size() == 4096);
    CHECK(all.first() == 0);
    CHECK(all.last() == 4095);
    CHECK(all.contains(4095));
    CHECK_FALSE(all.contains(4096));
    CHECK(ColumnSet::firstN(130).words().size() == 3);
    const ColumnSet wide = ColumnSet::of({3, 64, 4000});
    CHECK(wide.columns() == std::vector<int>{3, 64, 4000});
    CHECK(wide.isSubsetOf(all));
    CHECK_FALSE(all.isSubsetOf(wide));
    const ColumnSet narrow = wide.without(4000).without(64);
    CHECK(narrow == ColumnSet::single(3));
    CHECK(narrow.words().size() == 1);
    CHECK(ColumnSetHash{}(narrow) == ColumnSetHash{}(ColumnSet::single(3)));
    CHECK(wide.minus(wide).empty());
    CHECK(wide.minus(wide) == ColumnSet{});
    CHECK(all.intersected(ColumnSet::single(4000)) == ColumnSet::single(4000));
    // Copies are independent of their source.
    ColumnSet copy = wide;
    copy = copy.with(5);
    CHECK(wide.size() == 3);
    CHECK(copy.size() == 4);
    ColumnSet moved = std::move(copy);
    CHECK(moved.size() == 4);
    std::unordered_set<ColumnSet, ColumnSetHash> sets{wide, narrow, all, ColumnSet{}};
    CHECK(sets.contains(ColumnSet::of({4000, 64, 3})));
    CHECK(sets.size() == 4);
}

TEST_CASE("ColumnSet and every fixed-width set agree with a sorted list of columns", "[column_set]")
{
    checkAgainstModel<ColumnSet>(64);
    checkAgainstModel<ColumnSet>(300);
    checkAgainstModel<ColumnSet>(4096);
    checkAgainstModel<FixedColumnSet<1>>(64);
    checkAgainstModel<FixedColumnSet<2>>(128);
    checkAgainstModel<FixedColumnSet<8>>(512);
}

TEST_CASE("withSearchSetType picks the narrowest set type that holds the searched columns", "[column_set]")
{
    const auto words = [](const ColumnSet& searched) {
        return qiscout::core::withSearchSetType(searched, []<typename Set>(std::type_identity<Set>) {
            if constexpr (std::is_same_v<Set, ColumnSet>)
                return 0;
            else
                return Set::capacity / 64;
        });
    };
    CHECK(words(ColumnSet{}) == 1);
    CHECK(words(ColumnSet::firstN(64)) == 1);
    CHECK(words(ColumnSet::single(64)) == 2);
    CHECK(words(ColumnSet::firstN(128)) == 2);
    CHECK(words(ColumnSet::single(200)) == 8);
    CHECK(words(ColumnSet::single(511)) == 8);
    CHECK(words(ColumnSet::single(512)) == 0);
    // Conversions keep the columns.
    const ColumnSet wide = ColumnSet::of({1, 70, 500});
    CHECK(qiscout::core::toColumnSet(qiscout::core::toSearchSet<FixedColumnSet<8>>(wide)) == wide);
}

TEST_CASE("sizeThenLexLess orders by size then by ascending positions", "[column_set]")
{
    std::vector<ColumnSet> sets{ColumnSet::of({1, 2}),    ColumnSet::of({2}),      ColumnSet::of({0, 2}),
                                ColumnSet::of({0, 1, 2}), ColumnSet::of({0, 1}),   ColumnSet::of({0}),
                                ColumnSet::of({0, 100}),  ColumnSet::of({99, 100})};
    std::sort(sets.begin(), sets.end(), qiscout::core::sizeThenLexLess);
    const std::vector<ColumnSet> expected{ColumnSet::of({0}),       ColumnSet::of({2}),      ColumnSet::of({0, 1}),
                                          ColumnSet::of({0, 2}),    ColumnSet::of({0, 100}), ColumnSet::of({1, 2}),
                                          ColumnSet::of({99, 100}), ColumnSet::of({0, 1, 2})};
    CHECK(sets == expected);
}

TEST_CASE("describe names the columns of a set", "[column_set]")
{
    CHECK(qiscout::core::describe(ColumnSet::of({0, 2}), {"age", "sex", "zip"}) == "{age, zip}");
}
