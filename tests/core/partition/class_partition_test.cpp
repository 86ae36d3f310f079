// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/table/encoded_table.h"

#include "partition/class_partition.h"

using namespace qiscout::core;

namespace {

// Class ids numbered by each row's first appearance, from the rows' texts on the columns.
std::vector<std::uint32_t> naiveClasses(const EncodedTable& table, const std::vector<int>& columns)
{
    std::map<std::vector<std::string>, std::uint32_t> ids;
    std::vector<std::uint32_t> classes;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::string> key;
        for (const int column : columns)
            key.emplace_back(table.text(row, static_cast<std::size_t>(column)));
        classes.push_back(ids.try_emplace(key, static_cast<std::uint32_t>(ids.size())).first->second);
    }
    return classes;
}

// The same classes, numbered by first appearance.
std::vector<std::uint32_t> naiveNumbering(const std::vector<std::uint32_t>& classes)
{
    std::map<std::uint32_t, std::uint32_t> ids;
    std::vector<std::uint32_t> renumbered;
    for (const std::uint32_t id : classes)
        renumbered.push_back(ids.try_emplace(id, static_cast<std::uint32_t>(ids.size())).first->second);
    return renumbered;
}

} // namespace

TEST_CASE("partitionRows numbers the classes by first row, whether pairs fit a dense array or are sorted",
          "[partition]")
{
    std::mt19937_64 engine(17);
    // Cardinalities from 2 to 5,000 against 1 to 3,000 rows: products of classes and codes on
    // either side of the dense array's limit (8 per row, at least 65,536), also within one set.
    for (int round = 0; round < 80; ++round) {
        const auto rows = static_cast<std::size_t>(1 + engine() % 3000);
        const std::vector<std::uint64_t> cardinalities{2 + engine() % 5000, 2 + engine() % 40, 2 + engine() % 5000,
                                                       2 + engine() % 3};
        std::vector<std::vector<std::string>> cells(rows);
        for (std::size_t row = 0; row < rows; ++row) {
            // Some rows repeat an earlier one, so that classes larger than one arise on every set.
            if (row > 0 && engine() % 3 == 0) {
                cells[row] = cells[engine() % row];
                continue;
            }
            for (const std::uint64_t cardinality : cardinalities)
                cells[row].push_back(std::to_string(engine() % cardinality));
        }
        const EncodedTable table = encodeRows({"a", "b", "c", "d"}, cells);
        for (const std::vector<int>& columns :
             std::vector<std::vector<int>>{{0}, {0, 2}, {1, 3}, {0, 1, 2, 3}, {3, 2, 1}, {2, 0, 3}}) {
            INFO("round " << round << ", " << rows << " rows, " << columns.size() << " columns from " << columns[0]);
            ColumnSet set;
            for (const int column : columns)
                set = set.with(column);
            const ClassPartition partition = partitionRows(table, set);
            // A single column's classes are its codes; refined ones follow first appearance.
            const std::vector<std::uint32_t> expected = naiveClasses(table, set.columns());
            if (columns.size() == 1)
                CHECK(naiveNumbering(partition.classOfRow) == expected);
            else
                CHECK(partition.classOfRow == expected);
            std::vector<std::uint32_t> sizes(partition.classSizes.size(), 0);
            for (const std::uint32_t id : partition.classOfRow)
                ++sizes.at(id);
            CHECK(partition.classSizes == sizes);
        }
    }
}
