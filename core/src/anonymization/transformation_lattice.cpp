// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/transformation_lattice.h"

#include <stdexcept>
#include <string>

namespace qiscout::core {

TransformationLattice::TransformationLattice(std::vector<int> heights)
    : m_heights(std::move(heights))
    , m_strides(m_heights.size(), 1)
{
    for (std::size_t q = m_heights.size(); q-- > 0;) {
        const int height = m_heights[q];
        if (height < 0)
            throw std::invalid_argument("A hierarchy height cannot be negative.");
        m_strides[q] = m_size;
        const auto levels = static_cast<std::uint64_t>(height) + 1;
        if (m_size > maxSize / levels)
            throw std::invalid_argument("The generalisation lattice would have more than 2^62 transformations; use "
                                        "fewer quasi-identifiers or shorter hierarchies.");
        m_size *= levels;
        m_maxTotalLevel += height;
    }
    if (m_size <= maxExactSize) {
        const auto factor = [](std::uint64_t divisor) { return ~std::uint64_t{0} / divisor + 1; };
        for (std::size_t q = 0; q < m_heights.size(); ++q) {
            m_strideFactors.push_back(factor(m_strides[q]));
            m_levelFactors.push_back(factor(static_cast<std::uint64_t>(m_heights[q]) + 1));
        }
    }
}

std::uint64_t TransformationLattice::nodeOf(const Transformation& transformation) const
{
    if (transformation.levels.size() != m_heights.size())
        throw std::invalid_argument("A transformation needs one level per quasi-identifier (" +
                                    std::to_string(m_heights.size()) + "), not " +
                                    std::to_string(transformation.levels.size()) + ".");
    std::uint64_t node = 0;
    for (std::size_t q = 0; q < m_heights.size(); ++q) {
        const int level = transformation.levels[q];
        if (level < 0 || level > m_heights[q])
            throw std::invalid_argument("Level " + std::to_string(level) + " of quasi-identifier " +
                                        std::to_string(q + 1) + " is outside 0.." + std::to_string(m_heights[q]) + ".");
        node += static_cast<std::uint64_t>(level) * m_strides[q];
    }
    return node;
}

Transformation TransformationLattice::transformationOf(std::uint64_t node) const
{
    Transformation transformation;
    transformation.levels.resize(m_heights.size());
    for (int q = 0; q < dimensions(); ++q)
        transformation.levels[static_cast<std::size_t>(q)] = level(node, q);
    return transformation;
}

int TransformationLattice::totalLevel(std::uint64_t node) const
{
    int total = 0;
    for (int q = 0; q < dimensions(); ++q)
        total += level(node, q);
    return total;
}

std::vector<std::uint64_t> TransformationLattice::successors(std::uint64_t node) const
{
    std::vector<std::uint64_t> result;
    for (int q = 0; q < dimensions(); ++q)
        if (level(node, q) < m_heights[static_cast<std::size_t>(q)])
            result.push_back(node + m_strides[static_cast<std::size_t>(q)]);
    return result;
}

std::vector<std::uint64_t> TransformationLattice::predecessors(std::uint64_t node) const
{
    std::vector<std::uint64_t> result;
    for (int q = 0; q < dimensions(); ++q)
        if (level(node, q) > 0)
            result.push_back(node - m_strides[static_cast<std::size_t>(q)]);
    return result;
}

bool TransformationLattice::generalises(std::uint64_t general, std::uint64_t specific) const
{
    for (int q = 0; q < dimensions(); ++q)
        if (level(general, q) < level(specific, q))
            return false;
    return true;
}

std::vector<std::uint64_t> TransformationLattice::nodesPerTotalLevel() const
{
    // Convolution of the per-dimension level counts (each dimension contributes 0..height).
    std::vector<std::uint64_t> counts{1};
    for (const int height : m_heights) {
        std::vector<std::uint64_t> next(counts.size() + static_cast<std::size_t>(height), 0);
        for (std::size_t total = 0; total < counts.size(); ++total)
            for (int level = 0; level <= height; ++level)
                next[total + static_cast<std::size_t>(level)] += counts[total];
        counts = std::move(next);
    }
    return counts;
}

} // namespace qiscout::core
