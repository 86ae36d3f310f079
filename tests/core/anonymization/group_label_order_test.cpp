// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/group_label_order.h"

using namespace qiscout::core;

TEST_CASE("Group labels are listed as a scale, not by their rows", "[anonymization][builders]")
{
    // #35: the editor listed "[2, 3), [3, 4), < 2, [5, 7)", largest group first.
    const std::vector<std::string> expected{"< 2",     "[2, 3)",  "[3, 4)",   "[5, 7)", "[7, 24)", ">= 24",
                                            "2015-Q1", "2015-Q2", "2015-Q10", "Other",  "*"};
    std::vector<std::string> labels = expected;
    std::mt19937 random(3);
    for (int round = 0; round < 20; ++round) {
        std::shuffle(labels.begin(), labels.end(), random);
        std::sort(labels.begin(), labels.end(), groupLabelBefore);
        REQUIRE(labels == expected);
    }
    std::vector<std::string> codes{"62", "06", "1", "01", "20", "3"};
    std::sort(codes.begin(), codes.end(), groupLabelBefore);
    REQUIRE(codes == std::vector<std::string>{"01", "1", "3", "06", "20", "62"});
    REQUIRE_FALSE(groupLabelBefore("a", "a"));
}
