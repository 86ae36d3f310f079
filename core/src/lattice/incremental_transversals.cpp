// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/incremental_transversals.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace qiscout::core {

IncrementalTransversals::IncrementalTransversals(int maxSize)
    : m_maxSize(maxSize)
    , m_transversals{ColumnSet{}}
    , m_fresh{true}
{}

ColumnSet IncrementalTransversals::blockedExtensions(ColumnSet transversal) const
{
    std::array<std::uint64_t, ColumnSet::capacity> privateIntersection{};
    privateIntersection.fill(~std::uint64_t{0});
    for (const ColumnSet edge : m_edges) {
        // A single bit, tested without popcount: hot, and popcount is a library call without -mpopcnt.
        const std::uint64_t hit = edge.mask() & transversal.mask();
        if (hit != 0 && (hit & (hit - 1)) == 0)
            privateIntersection[static_cast<std::size_t>(std::countr_zero(hit))] &= edge.mask();
    }
    std::uint64_t blocked = 0;
    for (std::uint64_t rest = transversal.mask(); rest != 0; rest &= rest - 1)
        blocked |= privateIntersection[static_cast<std::size_t>(std::countr_zero(rest))];
    return ColumnSet::fromMask(blocked);
}

bool IncrementalTransversals::addEdge(ColumnSet edge, const std::stop_token& stop)
{
    constexpr std::size_t stopPollInterval = 4096;
    std::vector<ColumnSet> next;
    std::vector<bool> fresh;
    next.reserve(m_transversals.size());
    for (std::size_t i = 0; i < m_transversals.size(); ++i) {
        if (i % stopPollInterval == 0 && stop.stop_requested())
            return false;
        const ColumnSet transversal = m_transversals[i];
        if (!transversal.intersected(edge).empty()) {
            next.push_back(transversal);
            fresh.push_back(m_fresh[i]);
            continue;
        }
        if (transversal.size() + 1 > m_maxSize)
            continue;
        const ColumnSet allowed = edge.minus(blockedExtensions(transversal));
        for (std::uint64_t rest = allowed.mask(); rest != 0; rest &= rest - 1) {
            next.push_back(transversal.with(std::countr_zero(rest)));
            fresh.push_back(true);
        }
    }
    m_edges.push_back(edge);
    m_transversals = std::move(next);
    m_fresh = std::move(fresh);
    return true;
}

std::vector<ColumnSet> IncrementalTransversals::transversals() const
{
    std::vector<ColumnSet> sorted = m_transversals;
    std::sort(sorted.begin(), sorted.end(), sizeThenLexLess);
    return sorted;
}

std::vector<ColumnSet> IncrementalTransversals::takeFresh()
{
    std::vector<ColumnSet> taken;
    for (std::size_t i = 0; i < m_transversals.size(); ++i) {
        if (m_fresh[i])
            taken.push_back(m_transversals[i]);
        m_fresh[i] = false;
    }
    std::sort(taken.begin(), taken.end(), sizeThenLexLess);
    return taken;
}

} // namespace qiscout::core
