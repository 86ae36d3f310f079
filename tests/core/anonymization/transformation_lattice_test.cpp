// SPDX-License-Identifier: GPL-3.0-or-later
#include <stdexcept>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/transformation_lattice.h"

using namespace qiscout::core;

TEST_CASE("The transformation lattice numbers level vectors in mixed radix", "[anonymization][lattice]")
{
    // The ARX note's example: age 0..2, gender 0..1, zipcode 0..5.
    const TransformationLattice lattice({2, 1, 5});
    REQUIRE(lattice.size() == 36);
    REQUIRE(lattice.maxTotalLevel() == 8);
    const std::uint64_t node = lattice.nodeOf({{1, 1, 2}});
    REQUIRE(lattice.transformationOf(node) == Transformation{{1, 1, 2}});
    REQUIRE(lattice.totalLevel(node) == 4);
    REQUIRE(lattice.level(node, 2) == 2);
    REQUIRE(lattice.successors(node).size() == 2);
    REQUIRE(lattice.predecessors(node).size() == 3);
    REQUIRE(lattice.generalises(lattice.nodeOf({{2, 1, 2}}), node));
    REQUIRE_FALSE(lattice.generalises(lattice.nodeOf({{2, 0, 5}}), node));
    REQUIRE(lattice.nodeOf({{0, 0, 0}}) == 0);
    REQUIRE(lattice.nodeOf({{2, 1, 5}}) == 35);
    for (const std::uint64_t next : lattice.successors(node))
        REQUIRE(next > node);

    const std::vector<std::uint64_t> widths = lattice.nodesPerTotalLevel();
    REQUIRE(widths.size() == 9);
    std::uint64_t total = 0;
    for (std::uint64_t level = 0; level < widths.size(); ++level) {
        std::uint64_t counted = 0;
        for (std::uint64_t n = 0; n < lattice.size(); ++n)
            counted += static_cast<std::uint64_t>(lattice.totalLevel(n)) == level ? 1U : 0U;
        REQUIRE(widths[level] == counted);
        total += widths[level];
    }
    REQUIRE(total == lattice.size());
    REQUIRE_THROWS_AS(lattice.nodeOf({{3, 0, 0}}), std::invalid_argument);
    REQUIRE_THROWS_AS(lattice.nodeOf({{1, 0}}), std::invalid_argument);
    REQUIRE_THROWS_AS(TransformationLattice(std::vector<int>(32, 3)), std::invalid_argument);
}

TEST_CASE("A walk over the lattice has every node's levels and total level, in order", "[anonymization][lattice]")
{
    for (const std::vector<int>& heights : {std::vector<int>{2, 1, 5}, std::vector<int>{0, 3, 0, 1},
                                            std::vector<int>{4}, std::vector<int>{1, 1, 1, 1, 1, 1}}) {
        const TransformationLattice lattice(heights);
        LatticeWalk walk(lattice);
        for (std::uint64_t node = 0; node < lattice.size(); ++node, walk.next()) {
            INFO("node " << node);
            REQUIRE(walk.levels() == lattice.transformationOf(node).levels);
            REQUIRE(walk.totalLevel() == lattice.totalLevel(node));
            for (int q = 0; q < lattice.dimensions(); ++q)
                REQUIRE(walk.level(q) == lattice.level(node, q));
        }
        // Past the top it starts again at the original table.
        REQUIRE(walk.totalLevel() == 0);
    }
}

TEST_CASE("Levels equal plain division up to the exact search's largest lattices", "[anonymization][lattice]")
{
    // Below maxExactSize, level() divides by precomputed factors: checked against division on every
    // node, with strides up to 2^21 and columns of one level to 2^22 levels.
    for (const std::vector<int>& heights :
         {std::vector<int>{1, 2047, 1023}, std::vector<int>{4194303}, std::vector<int>{2, 6, 1000, 0, 100},
          std::vector<int>{1023, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}) {
        const TransformationLattice lattice(heights);
        REQUIRE(lattice.size() <= TransformationLattice::maxExactSize);
        std::uint64_t wrong = 0;
        for (std::uint64_t node = 0; node < lattice.size(); ++node)
            for (int q = 0; q < lattice.dimensions(); ++q) {
                const std::uint64_t levels = static_cast<std::uint64_t>(heights[static_cast<std::size_t>(q)]) + 1;
                if (static_cast<std::uint64_t>(lattice.level(node, q)) != (node / lattice.stride(q)) % levels)
                    ++wrong;
            }
        CHECK(wrong == 0);
    }
}
