// SPDX-License-Identifier: GPL-3.0-or-later
// The generalisation lattice: every vector of levels (one per quasi-identifier), ordered by
// generalisation. Pure geometry, shared by the search and the views that draw it.
#pragma once

#include <cstdint>
#include <vector>

namespace qiscout::core {

/// One transformation: the level chosen for each quasi-identifier, in the order of the
/// parameters' quasi-identifiers.
struct Transformation {
    std::vector<int> levels;

    friend bool operator==(const Transformation&, const Transformation&) = default;
};

/// The lattice of level vectors 0..heights[q] per quasi-identifier. Nodes are numbered 0..size()-1
/// in mixed radix, the first quasi-identifier varying slowest; node 0 is the original table (all
/// levels 0) and size()-1 the most general transformation. Value type; cheap to copy.
class TransformationLattice {
public:
    TransformationLattice() = default;
    /// Heights are >= 0; throws std::invalid_argument when the lattice would exceed maxSize nodes.
    explicit TransformationLattice(std::vector<int> heights);

    /// The largest lattice that can be numbered (node numbers stay well inside 64 bits).
    static constexpr std::uint64_t maxSize = std::uint64_t{1} << 62;
    /// The largest lattice the exact search accepts (2^22 nodes: it keeps about 40 bytes per node);
    /// beyond it only the heuristic search runs.
    static constexpr std::uint64_t maxExactSize = std::uint64_t{1} << 22;

    [[nodiscard]] const std::vector<int>& heights() const { return m_heights; }
    [[nodiscard]] int dimensions() const { return static_cast<int>(m_heights.size()); }
    [[nodiscard]] std::uint64_t size() const { return m_size; }
    /// Sum of the heights: the total level of the top node.
    [[nodiscard]] int maxTotalLevel() const { return m_maxTotalLevel; }

    [[nodiscard]] std::uint64_t nodeOf(const Transformation& transformation) const;
    [[nodiscard]] Transformation transformationOf(std::uint64_t node) const;
    /// Level of quasi-identifier q at a node.
    [[nodiscard]] int level(std::uint64_t node, int q) const
    {
        const auto column = static_cast<std::size_t>(q);
        if (m_size > maxExactSize)
            return static_cast<int>((node / m_strides[column]) % static_cast<std::uint64_t>(m_heights[column] + 1));
        // Lattices the exact search takes have nodes below 2^22, whose divisions by a stride and by
        // a column's levels are each two multiplications by a precomputed factor ("Faster
        // remainder by direct computation", Lemire, Kaser and Kurz, 2019): the search's walks
        // call this for every node and column they pass, and two hardware divisions per call were
        // a tenth of a search on ARX's adult.
        __extension__ using Wide = unsigned __int128;
        const auto n = static_cast<std::uint32_t>(node);
        const std::uint64_t divide = m_strideFactors[column];
        const auto quotient = divide == 0 ? n : static_cast<std::uint32_t>((Wide{divide} * n) >> 64);
        const std::uint64_t low = m_levelFactors[column] * quotient;
        return static_cast<int>((Wide{low} * static_cast<std::uint32_t>(m_heights[column] + 1)) >> 64);
    }
    /// Sum of a node's levels (its row in a drawing of the lattice).
    [[nodiscard]] int totalLevel(std::uint64_t node) const;
    /// Nodes that raise one level by one (direct generalisations).
    [[nodiscard]] std::vector<std::uint64_t> successors(std::uint64_t node) const;
    /// Nodes that lower one level by one (direct specialisations).
    [[nodiscard]] std::vector<std::uint64_t> predecessors(std::uint64_t node) const;
    /// Whether `general` is `specific` or one of its generalisations (every level >=).
    [[nodiscard]] bool generalises(std::uint64_t general, std::uint64_t specific) const;
    /// Number of nodes per total level 0..maxTotalLevel() (the width of each row of a drawing).
    [[nodiscard]] std::vector<std::uint64_t> nodesPerTotalLevel() const;
    /// Node step when quasi-identifier q's level rises by one.
    [[nodiscard]] std::uint64_t stride(int q) const { return m_strides[static_cast<std::size_t>(q)]; }

private:
    std::vector<int> m_heights;
    std::vector<std::uint64_t> m_strides;
    /// For lattices of at most maxExactSize nodes, per column: 2^64 / d + 1 (mod 2^64) for d its
    /// stride and for d its number of levels (see level()); 0 stands for d = 1.
    std::vector<std::uint64_t> m_strideFactors;
    std::vector<std::uint64_t> m_levelFactors;
    std::uint64_t m_size = 1;
    int m_maxTotalLevel = 0;
};

/// The nodes of a lattice in ascending order with their levels, kept by counting instead of
/// dividing: a walk over every node otherwise divides twice per column per node (the search's
/// set-up walks its lattice several times).
class LatticeWalk {
public:
    explicit LatticeWalk(const TransformationLattice& lattice)
        : m_heights(lattice.heights())
        , m_levels(m_heights.size(), 0)
    {}

    /// The levels of the current node (node 0 first).
    [[nodiscard]] const std::vector<int>& levels() const { return m_levels; }
    [[nodiscard]] int level(int q) const { return m_levels[static_cast<std::size_t>(q)]; }
    [[nodiscard]] int totalLevel() const { return m_total; }

    /// Moves to the next node: the last quasi-identifier varies fastest.
    void next()
    {
        for (std::size_t q = m_levels.size(); q-- > 0;) {
            if (m_levels[q] < m_heights[q]) {
                ++m_levels[q];
                ++m_total;
                return;
            }
            m_total -= m_levels[q];
            m_levels[q] = 0;
        }
    }

private:
    std::vector<int> m_heights;
    std::vector<int> m_levels;
    int m_total = 0;
};

} // namespace qiscout::core
