// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <set>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/fixed_column_set.h"
#include "lattice/subset_walk.h"

using namespace qiscout::core;

TEMPLATE_TEST_CASE("The Gray code walk visits every non-empty subset once, each one toggle from the last",
                   "[subset_walk]", ColumnSet, FixedColumnSet<1>, FixedColumnSet<2>)
{
    // Columns spread over two words, so a one-word set type misses them (hence its own list).
    const std::vector<int> columns = std::is_same_v<TestType, FixedColumnSet<1>>
                                         ? std::vector<int>{0, 5, 17, 40, 63}
                                         : std::vector<int>{3, 64, 70, 101, 127};
    std::set<std::uint32_t> masks;
    TestType previous;
    const bool stopped =
        anySubsetInGrayOrder<TestType>(columns, [&](const TestType& subset, int size, int toggled, bool added) {
            std::uint32_t mask = 0;
            for (std::size_t bit = 0; bit < columns.size(); ++bit)
                mask |= subset.contains(columns[bit]) ? 1U << bit : 0U;
            CHECK(subset.size() == size);
            CHECK(added == !previous.contains(toggled));
            CHECK((added ? previous.with(toggled) : previous.without(toggled)) == subset);
            CHECK(masks.insert(mask).second);
            previous = subset;
            return false;
        });
    CHECK_FALSE(stopped);
    CHECK(masks.size() == (1U << columns.size()) - 1);
    CHECK_FALSE(masks.contains(0U));

    int visited = 0;
    CHECK(anySubsetInGrayOrder<TestType>(columns, [&](const TestType&, int size, int, bool) {
        ++visited;
        return size == 3;
    }));
    CHECK(visited == 5);
}
