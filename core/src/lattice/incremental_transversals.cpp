// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/incremental_transversals.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {

template <typename Set>
IncrementalTransversals<Set>::IncrementalTransversals(int maxSize)
    : m_maxSize(maxSize)
    , m_transversals{Set{}}
    , m_fresh{true}
{}

template <typename Set>
Set IncrementalTransversals<Set>::allowedExtensions(const Set& transversal, const Set& edge) const
{
    if constexpr (std::is_same_v<Set, FixedColumnSet<1>>) {
        // The hottest loop of the border search on narrow tables: one word, private intersections
        // indexed by column, a single hit told apart without popcount (a library call without
        // -mpopcnt).
        const std::uint64_t members = transversal.words()[0];
        std::array<std::uint64_t, FixedColumnSet<1>::capacity> privateIntersection{};
        privateIntersection.fill(~std::uint64_t{0});
        for (const Set& known : m_edges) {
            const std::uint64_t word = known.words()[0];
            const std::uint64_t hit = word & members;
            if (hit != 0 && (hit & (hit - 1)) == 0)
                privateIntersection[static_cast<std::size_t>(std::countr_zero(hit))] &= word;
        }
        std::uint64_t blocked = 0;
        for (std::uint64_t rest = members; rest != 0; rest &= rest - 1)
            blocked |= privateIntersection[static_cast<std::size_t>(std::countr_zero(rest))];
        const std::array<std::uint64_t, 1> allowed{edge.words()[0] & ~blocked};
        return Set::fromWords(allowed);
    } else {
        // Private intersections by position within the transversal, which is small.
        const std::vector<int> members = transversal.columns();
        std::vector<Set> privateIntersection(members.size());
        std::vector<bool> hasPrivate(members.size(), false);
        for (const Set& known : m_edges) {
            const Set hit = known.intersected(transversal);
            if (hit.empty() || hit.first() != hit.last())
                continue;
            const auto position = static_cast<std::size_t>(
                std::lower_bound(members.begin(), members.end(), hit.first()) - members.begin());
            privateIntersection[position] =
                hasPrivate[position] ? privateIntersection[position].intersected(known) : known;
            hasPrivate[position] = true;
        }
        Set allowed = edge;
        for (std::size_t position = 0; position < members.size(); ++position) {
            // A column without a private edge blocks every extension.
            if (!hasPrivate[position])
                return Set{};
            allowed = allowed.minus(privateIntersection[position]);
        }
        return allowed;
    }
}

template <typename Set>
bool IncrementalTransversals<Set>::addEdge(const Set& edge, const std::stop_token& stop)
{
    constexpr std::size_t stopPollInterval = 4096;
    std::vector<Set> next;
    std::vector<bool> fresh;
    next.reserve(m_transversals.size());
    for (std::size_t i = 0; i < m_transversals.size(); ++i) {
        if (i % stopPollInterval == 0 && stop.stop_requested())
            return false;
        const Set& transversal = m_transversals[i];
        if (transversal.intersects(edge)) {
            next.push_back(transversal);
            fresh.push_back(m_fresh[i]);
            continue;
        }
        if (transversal.size() + 1 > m_maxSize)
            continue;
        allowedExtensions(transversal, edge).forEach([&](int column) {
            next.push_back(transversal.with(column));
            fresh.push_back(true);
        });
    }
    m_edges.push_back(edge);
    m_transversals = std::move(next);
    m_fresh = std::move(fresh);
    return true;
}

template <typename Set>
std::vector<Set> IncrementalTransversals<Set>::transversals() const
{
    std::vector<Set> sorted = m_transversals;
    std::sort(sorted.begin(), sorted.end(), SizeThenLex{});
    return sorted;
}

template <typename Set>
std::vector<Set> IncrementalTransversals<Set>::takeFresh()
{
    std::vector<Set> taken;
    for (std::size_t i = 0; i < m_transversals.size(); ++i) {
        if (m_fresh[i])
            taken.push_back(m_transversals[i]);
        m_fresh[i] = false;
    }
    std::sort(taken.begin(), taken.end(), SizeThenLex{});
    return taken;
}

#define QISCOUT_INSTANTIATE(Set) template class IncrementalTransversals<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
