// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/random_table.h"

#include <algorithm>
#include <random>
#include <vector>

namespace qiscout::core::testing {
namespace {

// std::mt19937_64's output is fixed by the standard, unlike the library's distributions, so all
// draws go through these helpers to keep the tables identical everywhere.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : m_engine(seed) {}

    /// Uniform in [low, high].
    std::uint32_t between(std::uint32_t low, std::uint32_t high)
    {
        return low + static_cast<std::uint32_t>(m_engine() % (std::uint64_t{high} - low + 1));
    }

    bool chance(std::uint32_t percent) { return between(1, 100) <= percent; }

private:
    std::mt19937_64 m_engine;
};

enum class ColumnKind { Constant, Binary, Uniform, Skewed, NearUnique };

ColumnKind drawKind(Draw& draw)
{
    const std::uint32_t roll = draw.between(1, 100);
    if (roll <= 10)
        return ColumnKind::Constant;
    if (roll <= 30)
        return ColumnKind::Binary;
    if (roll <= 60)
        return ColumnKind::Uniform;
    if (roll <= 90)
        return ColumnKind::Skewed;
    return ColumnKind::NearUnique;
}

std::uint32_t drawValue(Draw& draw, ColumnKind kind, std::uint32_t cardinality, std::uint32_t rows)
{
    switch (kind) {
    case ColumnKind::Constant:
        return 0;
    case ColumnKind::Binary:
        return draw.between(0, 1);
    case ColumnKind::Uniform:
        return draw.between(0, cardinality - 1);
    case ColumnKind::Skewed: {
        // Geometric: each further value is half as likely, so a few values dominate.
        std::uint32_t value = 0;
        while (value + 1 < cardinality && draw.chance(50))
            ++value;
        return value;
    }
    case ColumnKind::NearUnique:
        break;
    }
    return draw.between(0, std::max<std::uint32_t>(1, rows * 2));
}

} // namespace

EncodedTable makeRandomTable(std::uint64_t seed, int maxColumns, int minColumns)
{
    Draw draw(seed);
    const std::uint32_t sizeClass = draw.between(1, 10);
    const std::uint32_t rows = sizeClass <= 2   ? draw.between(1, 10)
                               : sizeClass <= 6 ? draw.between(11, 60)
                                                : draw.between(61, maxRandomRows);
    const auto columns = static_cast<std::size_t>(
        draw.between(static_cast<std::uint32_t>(minColumns), static_cast<std::uint32_t>(maxColumns)));

    std::vector<ColumnKind> kinds;
    std::vector<std::uint32_t> cardinalities;
    for (std::size_t c = 0; c < columns; ++c) {
        kinds.push_back(drawKind(draw));
        cardinalities.push_back(draw.between(2, 12));
    }

    // Some tables repeat earlier rows often, so that classes larger than one arise on wide sets too.
    const std::uint32_t duplicatePercent = draw.chance(40) ? draw.between(10, 70) : 0;
    std::vector<std::vector<std::string>> cells;
    cells.reserve(rows);
    for (std::uint32_t row = 0; row < rows; ++row) {
        if (row > 0 && draw.chance(duplicatePercent)) {
            cells.push_back(cells[draw.between(0, row - 1)]);
            continue;
        }
        std::vector<std::string> values;
        for (std::size_t c = 0; c < columns; ++c)
            values.push_back("v" + std::to_string(drawValue(draw, kinds[c], cardinalities[c], rows)));
        cells.push_back(std::move(values));
    }

    std::vector<std::string> names;
    for (std::size_t c = 0; c < columns; ++c)
        names.push_back("c" + std::to_string(c));
    return encodeRows(names, cells);
}

EncodedTable withMissingCells(const EncodedTable& table, std::uint64_t seed, std::uint32_t percent)
{
    Draw draw(seed);
    std::vector<std::vector<std::string>> cells(table.rowCount);
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (std::size_t c = 0; c < table.columnCount(); ++c)
            cells[row].push_back(draw.chance(percent) ? std::string() : table.text(row, c));
    return encodeRows(table.columnNames(), cells, {""});
}

EncodedTable tableOfCardinalities(std::mt19937& random, std::uint32_t rowCount,
                                  const std::vector<std::uint32_t>& cardinalities, CodeSpread spread)
{
    EncodedTable table;
    table.rowCount = rowCount;
    for (const std::uint32_t codes : cardinalities) {
        EncodedColumn column;
        column.name = "c" + std::to_string(table.columns.size());
        column.dictionary.resize(codes);
        column.frequencies.assign(codes, 0);
        std::geometric_distribution<std::uint32_t> skewed(std::uniform_real_distribution<double>(0.05, 0.6)(random));
        for (std::uint32_t row = 0; row < rowCount; ++row) {
            const std::uint32_t code =
                spread == CodeSpread::Skewed ? skewed(random) % codes : static_cast<std::uint32_t>(random() % codes);
            column.codes.push_back(code);
            ++column.frequencies[code];
        }
        table.columns.push_back(std::move(column));
    }
    return table;
}

std::string describeRandomTable(std::uint64_t seed, const EncodedTable& table)
{
    std::string text = "seed " + std::to_string(seed) + ": " + std::to_string(table.rowCount) + " rows x " +
                       std::to_string(table.columnCount()) + " columns (cardinalities";
    for (const EncodedColumn& column : table.columns)
        text += " " + std::to_string(column.distinctCount());
    return text + ")";
}

} // namespace qiscout::core::testing
