// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/transformation_layout.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace qiscout::core {

TransformationLayout::TransformationLayout(TransformationLattice lattice)
    : m_lattice(std::move(lattice))
    , m_rowSizes(m_lattice.nodesPerTotalLevel())
{
    if (m_lattice.dimensions() > maxDimensions)
        throw std::invalid_argument("A transformation lattice can be drawn for at most 64 quasi-identifiers.");
    m_widestRow = *std::max_element(m_rowSizes.begin(), m_rowSizes.end());
    const int dimensions = m_lattice.dimensions();
    const auto sums = static_cast<std::size_t>(m_lattice.maxTotalLevel()) + 1;
    m_completions.assign((static_cast<std::size_t>(dimensions) + 1) * sums, 0);
    m_completionsUpTo.assign(m_completions.size(), 0);
    // No quasi-identifier left: only the empty sum.
    m_completions[static_cast<std::size_t>(dimensions) * sums] = 1;
    for (int q = dimensions - 1; q >= 0; --q) {
        const int height = m_lattice.heights()[static_cast<std::size_t>(q)];
        for (std::size_t sum = 0; sum < sums; ++sum) {
            std::uint64_t count = 0;
            for (int level = 0; level <= height && static_cast<std::size_t>(level) <= sum; ++level)
                count += m_completions[static_cast<std::size_t>(q + 1) * sums + sum - static_cast<std::size_t>(level)];
            m_completions[static_cast<std::size_t>(q) * sums + sum] = count;
        }
    }
    for (int q = 0; q <= dimensions; ++q) {
        std::uint64_t running = 0;
        for (std::size_t sum = 0; sum < sums; ++sum) {
            running += m_completions[static_cast<std::size_t>(q) * sums + sum];
            m_completionsUpTo[static_cast<std::size_t>(q) * sums + sum] = running;
        }
    }
}

std::uint64_t TransformationLayout::rowSize(int row) const
{
    return row < 0 || row >= rowCount() ? 0 : m_rowSizes[static_cast<std::size_t>(row)];
}

std::uint64_t TransformationLayout::completions(int q, int sum) const
{
    if (sum < 0 || sum > m_lattice.maxTotalLevel())
        return 0;
    const auto sums = static_cast<std::size_t>(m_lattice.maxTotalLevel()) + 1;
    return m_completions[static_cast<std::size_t>(q) * sums + static_cast<std::size_t>(sum)];
}

std::uint64_t TransformationLayout::completionsUpTo(int q, int sum) const
{
    if (sum < 0)
        return 0;
    const auto sums = static_cast<std::size_t>(m_lattice.maxTotalLevel()) + 1;
    const auto clamped = static_cast<std::size_t>(std::min(sum, m_lattice.maxTotalLevel()));
    return m_completionsUpTo[static_cast<std::size_t>(q) * sums + clamped];
}

TransformationLayout::Place TransformationLayout::place(std::uint64_t node) const
{
    // The levels, last quasi-identifier first (it varies fastest in the node number).
    const int dimensions = m_lattice.dimensions();
    std::array<int, maxDimensions> levels{};
    int total = 0;
    for (int q = dimensions - 1; q >= 0; --q) {
        const auto radix = static_cast<std::uint64_t>(m_lattice.heights()[static_cast<std::size_t>(q)]) + 1;
        levels[static_cast<std::size_t>(q)] = static_cast<int>(node % radix);
        node /= radix;
        total += levels[static_cast<std::size_t>(q)];
    }
    // Nodes of the same row before this one share a prefix of levels and then take a smaller level
    // at some q: for each q, the completions of the rest for every smaller level v (a range of sums).
    int remaining = total;
    std::uint64_t rank = 0;
    for (int q = 0; q < dimensions; ++q) {
        const int level = levels[static_cast<std::size_t>(q)];
        // Sum over v in 0..level-1 of completions(q + 1, remaining - v).
        rank += completionsUpTo(q + 1, remaining) - completionsUpTo(q + 1, remaining - level);
        remaining -= level;
    }
    return {total, rank};
}

std::uint64_t TransformationLayout::unrank(int row, std::uint64_t rank) const
{
    int remaining = row;
    std::uint64_t node = 0;
    for (int q = 0; q < m_lattice.dimensions(); ++q) {
        const int height = m_lattice.heights()[static_cast<std::size_t>(q)];
        int level = 0;
        for (; level < height; ++level) {
            const std::uint64_t count = completions(q + 1, remaining - level);
            if (rank < count)
                break;
            rank -= count;
        }
        node += static_cast<std::uint64_t>(level) * m_lattice.stride(q);
        remaining -= level;
    }
    return node;
}

} // namespace qiscout::core
