// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <unordered_map>

#include <catch2/catch.hpp>

#include "qiscout/core/lattice/column_set.h"

#include "lattice/fixed_column_set.h"
#include "lattice/set_verdicts.h"

using qiscout::core::ColumnSet;
using qiscout::core::ColumnSetHash;
using qiscout::core::FixedColumnSet;
using qiscout::core::SetVerdicts;

namespace {

// A few columns spread over the set type's whole width, so that sets share words, differ only in
// high words, and repeat often enough for inserts of known sets and hits among the lookups.
template <typename Set>
Set randomSet(std::mt19937& random, int width)
{
    Set set;
    const int size = static_cast<int>(random() % 6);
    for (int i = 0; i < size; ++i)
        set = set.with(static_cast<int>(random() % static_cast<unsigned>(width)));
    return set;
}

template <typename Set>
std::string text(const Set& set)
{
    std::string result;
    for (const int column : set.columns())
        result += std::to_string(column) + ' ';
    return result;
}

} // namespace

TEMPLATE_TEST_CASE("SetVerdicts answers like std::unordered_map on random sets", "[set_verdicts]", FixedColumnSet<1>,
                   FixedColumnSet<2>, FixedColumnSet<8>, ColumnSet)
{
    using Verdicts = SetVerdicts<TestType>;
    int widthOf = 700;
    if constexpr (!std::is_same_v<TestType, ColumnSet>)
        widthOf = TestType::capacity;
    std::mt19937 random(23);
    for (const int width : {12, widthOf}) {
        Verdicts verdicts;
        std::unordered_map<TestType, bool, ColumnSetHash> reference;
        CHECK(verdicts.find(TestType{}) == Verdicts::Verdict::Unknown);
        for (int step = 0; step < 20000; ++step) {
            const TestType set = randomSet<TestType>(random, width);
            if (random() % 2 == 0) {
                const bool vulnerable = random() % 2 == 0;
                INFO("width " << width << ", step " << step << ", insert " << text(set));
                CHECK(verdicts.insert(set, vulnerable) == reference.emplace(set, vulnerable).second);
            }
            const auto expected = reference.find(set);
            const typename Verdicts::Verdict wanted =
                expected == reference.end()
                    ? Verdicts::Verdict::Unknown
                    : (expected->second ? Verdicts::Verdict::Vulnerable : Verdicts::Verdict::Safe);
            INFO("width " << width << ", step " << step << ", find " << text(set));
            CHECK(verdicts.find(set) == wanted);
            CHECK(verdicts.contains(set) == (expected != reference.end()));
            CHECK(verdicts.knownVulnerable(set) == (wanted == Verdicts::Verdict::Vulnerable));
        }
        CHECK(verdicts.size() == reference.size());
        // Every recorded verdict survives the table's growth.
        for (const auto& [set, vulnerable] : reference)
            CHECK(verdicts.find(set) == (vulnerable ? Verdicts::Verdict::Vulnerable : Verdicts::Verdict::Safe));
    }
}
