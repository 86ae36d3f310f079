// SPDX-License-Identifier: GPL-3.0-or-later
// A research subset given as its own table (#40), matched to the population's rows: against a
// count of the rows' contents on random populations, and the refusals that name the row or column.
#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/research_subset.h"

using namespace qiscout::core;

namespace {

using Cells = std::vector<std::vector<std::string>>;

std::string messageOf(const EncodedTable& population, const EncodedTable& subset)
{
    try {
        (void)researchSubsetRows(population, subset);
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    return "no error";
}

EncodedTable namedTable(const std::vector<std::string>& columns, const Cells& rows, const std::string& path)
{
    EncodedTable table = encodeRows(columns, rows);
    table.sourcePath = path;
    return table;
}

} // namespace

TEST_CASE("A subset's rows are matched to as many population rows of the same content, with the "
          "columns in any order",
          "[research_subset]")
{
    std::mt19937_64 random(40);
    const std::vector<std::string> names{"age", "zip", "sex"};
    for (int round = 0; round < 200; ++round) {
        const auto rowCount = static_cast<std::uint32_t>(1 + random() % 40);
        const auto alphabet = 1 + random() % 3;
        Cells population(rowCount);
        for (auto& row : population)
            for (std::size_t column = 0; column < names.size(); ++column)
                row.push_back(std::string(1, static_cast<char>('a' + random() % alphabet)));
        // A random sample of the population's rows, shuffled, with the columns permuted.
        std::vector<std::uint32_t> order(rowCount);
        std::iota(order.begin(), order.end(), 0u);
        std::shuffle(order.begin(), order.end(), random);
        order.resize(random() % (rowCount + 1));
        std::vector<std::size_t> permutation{0, 1, 2};
        std::shuffle(permutation.begin(), permutation.end(), random);
        std::vector<std::string> subsetNames;
        for (const std::size_t column : permutation)
            subsetNames.push_back(names[column]);
        Cells subset;
        for (const std::uint32_t row : order) {
            subset.emplace_back();
            for (const std::size_t column : permutation)
                subset.back().push_back(population[row][column]);
        }

        const std::vector<bool> marked =
            researchSubsetRows(encodeRows(names, population), encodeRows(subsetNames, subset));
        REQUIRE(marked.size() == rowCount);
        std::map<std::vector<std::string>, int> balance;
        for (std::uint32_t row = 0; row < rowCount; ++row)
            if (marked[row])
                ++balance[population[row]];
        for (const std::uint32_t row : order)
            --balance[population[row]];
        for (const auto& [content, surplus] : balance)
            REQUIRE(surplus == 0);
    }
}

TEST_CASE("Of identical population rows, the first ones are taken", "[research_subset]")
{
    const std::vector<std::string> names{"a", "b"};
    const EncodedTable population = encodeRows(names, {{"1", "x"}, {"2", "y"}, {"1", "x"}, {"1", "x"}});
    CHECK(researchSubsetRows(population, encodeRows(names, {{"1", "x"}, {"1", "x"}})) ==
          std::vector<bool>{true, false, true, false});
    CHECK(researchSubsetRows(population, encodeRows(names, {})) == std::vector<bool>(4, false));
}

TEST_CASE("A subset that is not rows of the population is refused, naming the row or column", "[research_subset]")
{
    const std::vector<std::string> names{"a", "b"};
    const EncodedTable population = namedTable(names, {{"1", "x"}, {"2", "y"}}, "population.csv");
    CHECK(messageOf(population, namedTable(names, {{"2", "y"}, {"1", "y"}}, "subset.csv")) ==
          "data row 2 of subset.csv is not a row of population.csv: the research subset must be rows of the "
          "population, with the same value in every column.");
    CHECK(messageOf(population, namedTable(names, {{"1", "x"}, {"3", "z"}}, "subset.csv"))
              .starts_with("data row 2 of subset.csv is not a row of population.csv"));
    CHECK(messageOf(population, namedTable(names, {{"1", "x"}, {"1", "x"}}, "subset.csv")) ==
          "data row 2 of subset.csv is held there more often than in population.csv: each row of the research "
          "subset needs a population row of its own.");
    CHECK(messageOf(population, namedTable({"a"}, {{"1"}}, "subset.csv"))
              .starts_with("subset.csv has no column b, which population.csv has"));
    CHECK(messageOf(population, namedTable({"a", "b", "c"}, {{"1", "x", "0"}}, "subset.csv"))
              .starts_with("subset.csv has a column c that population.csv lacks"));
}

TEST_CASE("A 0/1 column marks the research subset; anything else is refused with its row", "[research_subset]")
{
    EncodedTable population = encodeRows({"age", "insubset"}, {{"30", "1"}, {"31", "0"}, {"32", "1"}});
    population.sourcePath = "population.csv";
    CHECK(researchSubsetMarkedBy(population, 1) == std::vector<bool>{true, false, true});
    EncodedTable marked = encodeRows({"age", "insubset"}, {{"30", "1"}, {"31", "yes"}});
    marked.sourcePath = "marked.csv";
    try {
        (void)researchSubsetMarkedBy(marked, 1);
        FAIL("'yes' was taken as a mark");
    } catch (const std::invalid_argument& error) {
        CHECK(std::string(error.what()) ==
              "The column insubset marks the research subset, so it must hold 1 (in the subset) or 0 (not in it) in "
              "every row; data row 2 of marked.csv holds 'yes'.");
    }
}
