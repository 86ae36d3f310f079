// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/transformation_layout.h"

using namespace qiscout::core;

TEST_CASE("TransformationLayout ranks every node within its total level in node order", "[anonymization][layout]")
{
    std::mt19937 random(15);
    for (int trial = 0; trial < 60; ++trial) {
        std::vector<int> heights(1 + random() % 5);
        for (int& height : heights)
            height = static_cast<int>(random() % 5);
        const TransformationLattice lattice(heights);
        const TransformationLayout layout(lattice);
        REQUIRE(layout.rowCount() == lattice.maxTotalLevel() + 1);

        // Reference: enumerate the nodes in node order, numbering them per total level.
        std::map<int, std::uint64_t> seen;
        for (std::uint64_t node = 0; node < lattice.size(); ++node) {
            const int row = lattice.totalLevel(node);
            const std::uint64_t expected = seen[row]++;
            REQUIRE(layout.rank(node) == expected);
            REQUIRE(layout.place(node) == TransformationLayout::Place{row, expected});
            REQUIRE(layout.unrank(row, expected) == node);
        }
        std::uint64_t widest = 0;
        for (int row = 0; row < layout.rowCount(); ++row) {
            REQUIRE(layout.rowSize(row) == seen[row]);
            widest = std::max(widest, seen[row]);
        }
        REQUIRE(layout.widestRow() == widest);
        REQUIRE(layout.rowSize(-1) == 0);
        REQUIRE(layout.rowSize(layout.rowCount()) == 0);
    }
}

TEST_CASE("TransformationLayout handles the largest lattices without enumerating them", "[anonymization][layout]")
{
    // 2^22 nodes: 22 quasi-identifiers of height 1; the middle row holds C(22, 11) nodes.
    const TransformationLayout layout(TransformationLattice(std::vector<int>(22, 1)));
    REQUIRE(layout.rowSize(11) == 705432);
    const std::uint64_t last = layout.unrank(11, 705431);
    REQUIRE(layout.lattice().totalLevel(last) == 11);
    REQUIRE(layout.rank(last) == 705431);
    // Node order puts the first quasi-identifier first: the row's last node raises the first 11.
    for (int q = 0; q < 22; ++q)
        REQUIRE(layout.lattice().level(last, q) == (q < 11 ? 1 : 0));
    REQUIRE(layout.unrank(0, 0) == 0);
    REQUIRE(layout.unrank(22, 0) == layout.lattice().size() - 1);
}
