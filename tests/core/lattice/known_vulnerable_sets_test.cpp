// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cstddef>
#include <random>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/fixed_column_set.h"
#include "lattice/known_vulnerable_sets.h"
#include "lattice/set_verdicts.h"

using qiscout::core::ColumnSet;
using qiscout::core::FixedColumnSet;
using qiscout::core::KnownVulnerableSets;
using qiscout::core::SetVerdicts;

// Vulnerable sets of one to five columns among a few spread over the type's width: the masks (one to three
// columns, no triples for ColumnSet), the bucketed lists and the subset enumeration all answer,
// and columns equal modulo 64 share buckets.
TEMPLATE_TEST_CASE("KnownVulnerableSets finds a known vulnerable subset exactly when one exists",
                   "[known_vulnerable][border]", FixedColumnSet<1>, FixedColumnSet<2>, FixedColumnSet<8>, ColumnSet)
{
    int tableColumns = 600;
    if constexpr (!std::is_same_v<TestType, ColumnSet>)
        tableColumns = TestType::capacity;
    std::vector<int> pool;
    for (int column = 0; column < tableColumns; column += std::max(1, tableColumns / 20))
        pool.push_back(column);
    std::mt19937 random(41);
    const auto randomSet = [&](int smallest, int largest) {
        TestType set;
        const int size = smallest + static_cast<int>(random() % static_cast<unsigned>(largest - smallest + 1));
        while (set.size() < size)
            set = set.with(pool[random() % pool.size()]);
        return set;
    };
    SetVerdicts<TestType> verdicts;
    KnownVulnerableSets<TestType> known(static_cast<std::size_t>(tableColumns), verdicts);
    std::vector<TestType> vulnerable;
    const auto holdsOne = [&](const TestType& set) {
        return std::any_of(vulnerable.begin(), vulnerable.end(),
                           [&set](const TestType& candidate) { return candidate.isSubsetOf(set); });
    };
    int asked = 0;
    int held = 0;
    for (int step = 0; step < 8000; ++step) {
        if (step % 4 == 0) {
            // A single column now and then: most sets hold two or more.
            const TestType set = randomSet(step % 40 == 0 ? 1 : 2, 5);
            if (verdicts.insert(set, true)) {
                known.add(set);
                vulnerable.push_back(set);
            }
        }
        const TestType set = randomSet(2, 6);
        TestType added;
        for (const int column : set.columns())
            if (added.empty() || random() % 3 == 0)
                added = added.with(column);
        // The search asks only when the set without `added` is known safe.
        if (holdsOne(set.minus(added)))
            continue;
        const bool expected = holdsOne(set);
        INFO("step " << step << ", set " << Catch::Detail::stringify(set.columns()) << ", added "
                     << Catch::Detail::stringify(added.columns()));
        CHECK(known.anyWithin(set, added) == expected);
        ++asked;
        held += expected ? 1 : 0;
    }
    // Both answers were asked for often enough to mean something.
    CHECK(held > 200);
    CHECK(asked - held > 200);
}
