// SPDX-License-Identifier: GPL-3.0-or-later
// Test support for the lattice engines: random encoded tables and an answer computed the slow,
// obvious way (every subset measured with measureClasses), independent of the engines' code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

#include "partition/class_partition.h"
#include "support/worked_example.h"

namespace qiscout::core::testing {

struct ReferenceAnswer {
    std::vector<MinimalSet> minimalSets;
    std::vector<SafeSet> maximalSafeSets;
};

/// Every non-empty subset of `searched` up to maxSize, measured one by one with `measure`
/// (ClassStatistics measure(const ColumnSet&)).
template <typename Measure>
ReferenceAnswer referenceAnswerBy(ColumnSet searched, int maxSize, Measure measure)
{
    const std::vector<int> columns = searched.columns();
    std::unordered_set<ColumnSet, ColumnSetHash> safe;
    std::vector<std::pair<ColumnSet, ClassStatistics>> measured;
    for (std::uint64_t bits = 1; bits < (std::uint64_t{1} << columns.size()); ++bits) {
        ColumnSet set;
        for (std::size_t i = 0; i < columns.size(); ++i)
            if ((bits >> i) & 1U)
                set = set.with(columns[i]);
        if (set.size() > maxSize)
            continue;
        const ClassStatistics statistics = measure(set);
        measured.emplace_back(set, statistics);
        if (statistics.isolatedRows == 0)
            safe.insert(set);
    }
    ReferenceAnswer answer;
    for (const auto& [set, statistics] : measured) {
        if (statistics.isolatedRows > 0) {
            bool minimal = true;
            for (const int column : set.columns())
                if (set.size() > 1 && !safe.contains(set.without(column)))
                    minimal = false;
            if (minimal)
                answer.minimalSets.push_back(MinimalSet{set, statistics.isolatedRows, statistics.smallestClass});
        } else {
            bool maximal = true;
            for (const int column : columns)
                if (!set.contains(column) && safe.contains(set.with(column)))
                    maximal = false;
            if (maximal)
                answer.maximalSafeSets.push_back(SafeSet{set, statistics.smallestClass});
        }
    }
    std::sort(answer.minimalSets.begin(), answer.minimalSets.end(),
              [](const MinimalSet& a, const MinimalSet& b) { return sizeThenLexLess(a.columns, b.columns); });
    std::sort(answer.maximalSafeSets.begin(), answer.maximalSafeSets.end(),
              [](const SafeSet& a, const SafeSet& b) { return sizeThenLexLess(a.columns, b.columns); });
    return answer;
}

/// Every non-empty subset of `searched` up to maxSize, measured one by one with measureClasses.
inline ReferenceAnswer referenceAnswer(const EncodedTable& table, ColumnSet searched, int maxSize, std::uint64_t k)
{
    return referenceAnswerBy(searched, maxSize, [&](const ColumnSet& set) { return measureClasses(table, set, k); });
}

/// A random table: per column a cardinality (1 = constant) and either uniform or skewed values,
/// plus some duplicated rows.
inline EncodedTable randomTable(std::mt19937& random, std::size_t rows, std::size_t columnCount)
{
    std::vector<std::string> names;
    std::vector<std::uint32_t> cardinality;
    std::vector<bool> skewed;
    std::uniform_int_distribution<std::uint32_t> cardinalityPick(1, 12);
    std::bernoulli_distribution coin(0.5);
    for (std::size_t c = 0; c < columnCount; ++c) {
        names.push_back("c" + std::to_string(c));
        cardinality.push_back(cardinalityPick(random));
        skewed.push_back(coin(random));
    }
    std::vector<std::vector<std::string>> cells;
    for (std::size_t r = 0; r < rows; ++r) {
        if (!cells.empty() && std::bernoulli_distribution(0.1)(random)) {
            cells.push_back(cells[std::uniform_int_distribution<std::size_t>(0, cells.size() - 1)(random)]);
            continue;
        }
        std::vector<std::string> row;
        for (std::size_t c = 0; c < columnCount; ++c) {
            std::uint32_t value = std::uniform_int_distribution<std::uint32_t>(0, cardinality[c] - 1)(random);
            if (skewed[c])
                value = std::min(value, std::uniform_int_distribution<std::uint32_t>(0, cardinality[c] - 1)(random));
            row.push_back("v" + std::to_string(value));
        }
        cells.push_back(std::move(row));
    }
    return encodeRows(names, cells);
}

/// A table built directly from codes: `columnCount` uniform columns of `cardinality` values, with
/// so many rows per class that nearly every set is safe and the search has the whole lattice to do.
inline EncodedTable wideSafeTable(std::uint32_t rows, std::size_t columnCount, std::uint32_t cardinality,
                                  std::uint32_t seed)
{
    std::mt19937 random(seed);
    std::uniform_int_distribution<std::uint32_t> value(0, cardinality - 1);
    EncodedTable table;
    table.rowCount = rows;
    table.columns.resize(columnCount);
    for (std::size_t c = 0; c < columnCount; ++c) {
        EncodedColumn& column = table.columns[c];
        column.name = "c" + std::to_string(c);
        for (std::uint32_t code = 0; code < cardinality; ++code) {
            column.dictionary.push_back(std::to_string(code));
            column.missing.push_back(false);
        }
        column.frequencies.assign(cardinality, 0);
        column.codes.resize(rows);
        for (std::uint32_t& code : column.codes) {
            code = value(random);
            ++column.frequencies[code];
        }
    }
    return table;
}

} // namespace qiscout::core::testing
