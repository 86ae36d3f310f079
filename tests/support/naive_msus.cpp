// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/naive_msus.h"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>
#include <tuple>

namespace qiscout::core::testing {

std::vector<NaiveMsu> naiveMsus(const EncodedTable& table, int maxSize, bool missingValuesAreItems)
{
    const auto width = static_cast<std::uint32_t>(table.columnCount());
    if (width > 12)
        throw std::invalid_argument("naiveMsus enumerates 2^columns itemsets per row: at most 12 columns");
    const auto itemColumns = [&](std::uint32_t row) {
        std::uint32_t mask = 0;
        for (std::uint32_t c = 0; c < width; ++c)
            if (missingValuesAreItems || !table.columns[c].missing[table.code(row, c)])
                mask |= 1U << c;
        return mask;
    };
    const auto itemsOf = [&](std::uint32_t row, std::uint32_t set) {
        ItemSet items;
        for (std::uint32_t c = 0; c < width; ++c)
            if ((set >> c) & 1U)
                items.emplace_back(static_cast<int>(c), table.code(row, c));
        return items;
    };
    // Every subset of a row's item columns, the empty one excluded.
    const auto forEachSubset = [](std::uint32_t mask, const auto& body) {
        for (std::uint32_t set = mask; set != 0; set = (set - 1) & mask)
            body(set);
    };
    std::map<ItemSet, std::uint32_t> support;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        forEachSubset(itemColumns(row), [&](std::uint32_t set) { ++support[itemsOf(row, set)]; });

    std::vector<NaiveMsu> msus;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        forEachSubset(itemColumns(row), [&](std::uint32_t set) {
            if (std::popcount(set) > maxSize || support[itemsOf(row, set)] != 1)
                return;
            bool minimal = true;
            for (std::uint32_t c = 0; c < width; ++c)
                if (((set >> c) & 1U) && set != (1U << c))
                    minimal = minimal && support[itemsOf(row, set & ~(1U << c))] >= 2;
            if (minimal)
                msus.push_back({itemsOf(row, set), row});
        });
    }
    std::sort(msus.begin(), msus.end(), [](const NaiveMsu& a, const NaiveMsu& b) {
        return std::tuple(a.items.size(), a.items, a.row) < std::tuple(b.items.size(), b.items, b.row);
    });
    return msus;
}

} // namespace qiscout::core::testing
