// SPDX-License-Identifier: GPL-3.0-or-later
// rowClasses (a set's class sizes per row, as the search measured them) against counts made row
// pair by row pair, under both missing-value semantics, on random tables with missing cells.
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/row_classes.h"

#include "support/column_masks.h"
#include "support/random_table.h"
#include "support/wildcard_reference.h"

using namespace qiscout::core;

TEST_CASE("rowClasses sizes each row's class as a pair-by-pair count under both semantics", "[wildcard][row-classes]")
{
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const std::uint32_t percent = 5 + static_cast<std::uint32_t>(seed % 4) * 12;
        const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(seed, 5), seed, percent);
        if (table.rowCount == 0)
            continue;
        for (std::uint64_t mask = 1; mask < (std::uint64_t{1} << table.columnCount()); ++mask) {
            const ColumnSet set = testing::setOfMask(mask);
            INFO(testing::describeRandomTable(seed, table) << ", " << percent << " % missing, set mask " << mask);
            const std::vector<std::uint64_t> valueSizes = testing::valueClassSizes(table, set);
            const std::vector<std::uint64_t> wildcardSizes = testing::wildcardClassSizes(table, set);
            for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard}) {
                const std::optional<RowClasses> classes = rowClasses(table, set, semantics);
                REQUIRE(classes);
                REQUIRE(classes->groupOfRow.size() == table.rowCount);
                const std::vector<std::uint64_t>& expected =
                    semantics == MissingSemantics::Value ? valueSizes : wildcardSizes;
                std::uint32_t nextGroup = 0;
                for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                    CHECK(classes->classSizeOf(row) == expected[row]);
                    // Groups are the rows equal on the set, numbered by first appearance.
                    const std::uint32_t group = classes->groupOfRow[row];
                    REQUIRE(group <= nextGroup);
                    if (group == nextGroup)
                        ++nextGroup;
                    for (std::uint32_t other = 0; other < row; ++other) {
                        bool equal = true;
                        for (const int column : set.columns())
                            equal = equal && table.code(row, static_cast<std::size_t>(column)) ==
                                                 table.code(other, static_cast<std::size_t>(column));
                        if (equal != (classes->groupOfRow[other] == group))
                            FAIL("rows " << other << " and " << row << " grouped wrongly");
                    }
                }
                CHECK(classes->classSizes.size() == nextGroup);
            }
        }
    }
}

TEST_CASE("rowClasses gives no answer once stopped", "[wildcard][row-classes]")
{
    const EncodedTable table = testing::withMissingCells(testing::makeRandomTable(3, 5, 3), 3, 20);
    std::stop_source source;
    source.request_stop();
    for (const MissingSemantics semantics : {MissingSemantics::Value, MissingSemantics::Wildcard})
        CHECK_FALSE(rowClasses(table, ColumnSet::firstN(3), semantics, source.get_token()));
}
