// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <random>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "lattice/candidate_generator.h"
#include "lattice/fixed_column_set.h"

using namespace qiscout::core;

namespace {

template <typename Set>
std::vector<ColumnSet> drain(CandidateGenerator<Set>& generator)
{
    std::vector<ColumnSet> sets;
    while (const auto set = generator.next())
        sets.push_back(toColumnSet(*set));
    return sets;
}

bool containsAny(ColumnSet set, const std::vector<ColumnSet>& banned)
{
    return std::any_of(banned.begin(), banned.end(), [set](ColumnSet b) { return b.isSubsetOf(set); });
}

} // namespace

TEST_CASE("CandidateGenerator yields single columns first, in order", "[generator]")
{
    CandidateGenerator<ColumnSet> generator(ColumnSet::of({1, 4, 6}), 3);
    CHECK(generator.level() == 1);
    CHECK(drain(generator) == std::vector<ColumnSet>{ColumnSet::of({1}), ColumnSet::of({4}), ColumnSet::of({6})});
}

// The engines' fixed-width sets too, with columns spread over several words (the join compares
// sets less their last column, which may sit in another word than the rest).
TEMPLATE_TEST_CASE(
    "CandidateGenerator skips exactly the supersets of banned sets, level by level, in lexicographic order",
    "[generator]", ColumnSet, FixedColumnSet<1>, FixedColumnSet<8>)
{
    const int spread = std::is_same_v<TestType, FixedColumnSet<1>> ? 1 : 41;
    std::mt19937 random(3);
    for (int trial = 0; trial < 60; ++trial) {
        const int columnCount = std::uniform_int_distribution<int>(1, 9)(random);
        ColumnSet searched;
        for (int column = 0; column < 12 && searched.size() < columnCount; ++column)
            if (std::bernoulli_distribution(0.75)(random))
                searched = searched.with(column * spread);
        if (searched.empty())
            continue;
        const int maxSize = std::uniform_int_distribution<int>(1, searched.size())(random);
        // Decide vulnerability of every set by random banned sets, as an engine would find them.
        std::vector<ColumnSet> banned;
        for (int b = 0; b < 4; ++b) {
            ColumnSet set;
            for (const int column : searched.columns())
                if (std::bernoulli_distribution(0.3)(random))
                    set = set.with(column);
            if (!set.empty())
                banned.push_back(set);
        }

        CandidateGenerator<TestType> generator(searched, maxSize);
        std::vector<ColumnSet> yielded;
        bool more = true;
        while (more) {
            const std::vector<ColumnSet> level = drain(generator);
            yielded.insert(yielded.end(), level.begin(), level.end());
            std::vector<TestType> safe;
            for (const ColumnSet& set : level)
                if (!containsAny(set, banned))
                    safe.push_back(toSearchSet<TestType>(set));
            std::shuffle(safe.begin(), safe.end(), random);
            more = generator.advance(safe);
        }

        // Expected: every set up to maxSize whose proper subsets contain no banned set.
        std::vector<ColumnSet> expected;
        const std::vector<int> columns = searched.columns();
        for (std::uint64_t bits = 1; bits < (std::uint64_t{1} << columns.size()); ++bits) {
            ColumnSet set;
            for (std::size_t i = 0; i < columns.size(); ++i)
                if ((bits >> i) & 1U)
                    set = set.with(columns[i]);
            if (set.size() > maxSize)
                continue;
            bool subsetsClean = true;
            for (const int column : set.columns())
                if (set.size() > 1 && containsAny(set.without(column), banned))
                    subsetsClean = false;
            if (subsetsClean)
                expected.push_back(set);
        }
        std::sort(expected.begin(), expected.end(), sizeThenLexLess);
        INFO("trial " << trial);
        CHECK(yielded == expected);
    }
}
