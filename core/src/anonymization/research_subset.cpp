// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/research_subset.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qiscout::core {
namespace {

std::string subsetFileName(const EncodedTable& table)
{
    return table.sourcePath.empty() ? std::string("the subset") : table.sourcePath;
}

/// For each population column, the subset's column of the same name.
std::vector<std::size_t> subsetColumnsByName(const EncodedTable& population, const EncodedTable& subset)
{
    std::map<std::string, std::size_t> subsetIndex;
    for (std::size_t column = 0; column < subset.columnCount(); ++column)
        subsetIndex.emplace(subset.columns[column].name, column);
    std::vector<std::size_t> matching;
    for (const EncodedColumn& column : population.columns) {
        const auto found = subsetIndex.find(column.name);
        if (found == subsetIndex.end())
            throw std::invalid_argument(subsetFileName(subset) + " has no column " + column.name + ", which " +
                                        population.sourcePath +
                                        " has: the research subset must hold the "
                                        "population's columns, so that its rows can be found there.");
        matching.push_back(found->second);
        subsetIndex.erase(found);
    }
    if (!subsetIndex.empty())
        throw std::invalid_argument(subsetFileName(subset) + " has a column " + subsetIndex.begin()->first + " that " +
                                    population.sourcePath +
                                    " lacks: the research subset must hold the "
                                    "population's columns and no others.");
    return matching;
}

/// A row as the population's codes, one per column.
using ResearchSubsetRowKey = std::vector<std::uint32_t>;

} // namespace

std::vector<bool> researchSubsetMarkedBy(const EncodedTable& population, int column)
{
    const EncodedColumn& marks = population.columns[static_cast<std::size_t>(column)];
    std::vector<bool> inSubset(population.rowCount);
    for (std::uint32_t row = 0; row < population.rowCount; ++row) {
        const std::string& mark = marks.text(marks.codes[row]);
        if (mark != "0" && mark != "1")
            throw std::invalid_argument("The column " + marks.name +
                                        " marks the research subset, so it must hold 1 (in the subset) or "
                                        "0 (not in it) in every row; data row " +
                                        std::to_string(std::uint64_t{row} + 1) + " of " + population.sourcePath +
                                        " holds '" + mark + "'.");
        inSubset[row] = mark == "1";
    }
    return inSubset;
}

std::vector<bool> researchSubsetRows(const EncodedTable& population, const EncodedTable& subset)
{
    const std::vector<std::size_t> subsetColumn = subsetColumnsByName(population, subset);
    // Each subset code in the population's dictionary of the same column: the tables were encoded
    // apart, so the same text has unrelated codes. A value the population lacks has none.
    constexpr std::uint32_t absent = UINT32_MAX;
    std::vector<std::vector<std::uint32_t>> populationCode(population.columnCount());
    for (std::size_t column = 0; column < population.columnCount(); ++column) {
        const EncodedColumn& own = population.columns[column];
        std::unordered_map<std::string_view, std::uint32_t> codeOf;
        for (std::uint32_t code = 0; code < own.distinctCount(); ++code)
            codeOf.emplace(own.text(code), code);
        const EncodedColumn& theirs = subset.columns[subsetColumn[column]];
        populationCode[column].resize(theirs.distinctCount(), absent);
        for (std::uint32_t code = 0; code < theirs.distinctCount(); ++code)
            if (const auto found = codeOf.find(theirs.text(code)); found != codeOf.end())
                populationCode[column][code] = found->second;
    }

    // The population's rows by content, each list in descending order so that matching takes
    // the first (lowest) unmatched row from its back.
    std::map<ResearchSubsetRowKey, std::vector<std::uint32_t>> rowsWith;
    ResearchSubsetRowKey key(population.columnCount(), 0);
    for (std::uint32_t row = population.rowCount; row-- > 0;) {
        for (std::size_t column = 0; column < population.columnCount(); ++column)
            key[column] = population.code(row, column);
        rowsWith[key].push_back(row);
    }

    std::vector<bool> inSubset(population.rowCount, false);
    for (std::uint32_t row = 0; row < subset.rowCount; ++row) {
        for (std::size_t column = 0; column < population.columnCount(); ++column)
            key[column] = populationCode[column][subset.code(row, subsetColumn[column])];
        const auto found = rowsWith.find(key);
        if (found == rowsWith.end())
            throw std::invalid_argument("data row " + std::to_string(std::uint64_t{row} + 1) + " of " +
                                        subsetFileName(subset) + " is not a row of " + population.sourcePath +
                                        ": the research subset must be rows of the population, with the same "
                                        "value in every column.");
        if (found->second.empty())
            throw std::invalid_argument("data row " + std::to_string(std::uint64_t{row} + 1) + " of " +
                                        subsetFileName(subset) + " is held there more often than in " +
                                        population.sourcePath +
                                        ": each row of the research subset needs a population row of its own.");
        inSubset[found->second.back()] = true;
        found->second.pop_back();
    }
    return inSubset;
}

} // namespace qiscout::core
