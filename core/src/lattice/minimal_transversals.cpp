// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/minimal_transversals.h"

#include <algorithm>
#include <optional>

namespace qiscout::core {
namespace {

// Depth-first enumeration of the independent sets of exactly `target` columns: columns are added
// in ascending order and a branch stops as soon as it contains an edge.
class FixedSizeIndependentSets {
public:
    FixedSizeIndependentSets(const std::vector<ColumnSet>& edges, const ColumnSet& universe, int target)
        : m_edges(edges)
        , m_columns(universe.columns())
        , m_target(target)
    {}

    std::vector<ColumnSet> run()
    {
        extend(ColumnSet{}, 0);
        return std::move(m_found);
    }

private:
    void extend(ColumnSet current, std::size_t next)
    {
        if (current.size() == m_target) {
            m_found.push_back(current);
            return;
        }
        const auto missing = static_cast<std::size_t>(m_target - current.size());
        for (std::size_t i = next; i + missing <= m_columns.size(); ++i) {
            const ColumnSet candidate = current.with(m_columns[i]);
            const bool independent = std::none_of(m_edges.begin(), m_edges.end(), [&](const ColumnSet& edge) {
                return edge.contains(m_columns[i]) && edge.isSubsetOf(candidate);
            });
            if (independent)
                extend(candidate, i + 1);
        }
    }

    const std::vector<ColumnSet>& m_edges;
    std::vector<int> m_columns;
    int m_target;
    std::vector<ColumnSet> m_found;
};

} // namespace

std::vector<ColumnSet> inclusionMinimal(std::vector<ColumnSet> sets)
{
    std::sort(sets.begin(), sets.end(), sizeThenLexLess);
    sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
    std::vector<ColumnSet> minimal;
    for (const ColumnSet& set : sets)
        if (std::none_of(minimal.begin(), minimal.end(),
                         [&set](const ColumnSet& kept) { return kept.isSubsetOf(set); }))
            minimal.push_back(set);
    return minimal;
}

namespace {

// The inclusion-minimal edges within the universe, smallest first; none when an edge lies wholly
// outside it, because then no set within the universe meets every edge.
std::optional<std::vector<ColumnSet>> minimalEdgesWithin(const std::vector<ColumnSet>& edges, const ColumnSet& universe)
{
    std::vector<ColumnSet> restricted;
    restricted.reserve(edges.size());
    for (const ColumnSet& edge : edges)
        restricted.push_back(edge.intersected(universe));
    std::vector<ColumnSet> minimal = inclusionMinimal(std::move(restricted));
    if (!minimal.empty() && minimal.front().empty())
        return std::nullopt;
    return minimal;
}

} // namespace

std::vector<ColumnSet> minimalTransversals(const std::vector<ColumnSet>& edges, const ColumnSet& universe)
{
    // Transversals of the minimal edges are those of all edges; small edges first keep the
    // intermediate families of Berge's method small.
    const std::optional<std::vector<ColumnSet>> minimalEdges = minimalEdgesWithin(edges, universe);
    if (!minimalEdges)
        return {};

    // Berge: the minimal transversals of H + e are the minimal sets among T (T hits e) and
    // T + v (T misses e, v in e). A T + v can only be dominated by a T' that hits e and holds v.
    std::vector<ColumnSet> transversals{ColumnSet{}};
    for (const ColumnSet& edge : *minimalEdges) {
        std::vector<ColumnSet> hitting;
        std::vector<ColumnSet> missing;
        for (const ColumnSet& transversal : transversals)
            (transversal.intersects(edge) ? hitting : missing).push_back(transversal);
        std::vector<ColumnSet> next = hitting;
        for (const int column : edge.columns()) {
            std::vector<ColumnSet> holders;
            for (const ColumnSet& transversal : hitting)
                if (transversal.contains(column))
                    holders.push_back(transversal);
            for (const ColumnSet& transversal : missing) {
                const ColumnSet candidate = transversal.with(column);
                if (std::none_of(holders.begin(), holders.end(),
                                 [&candidate](const ColumnSet& holder) { return holder.isSubsetOf(candidate); }))
                    next.push_back(candidate);
            }
        }
        transversals = std::move(next);
    }
    std::sort(transversals.begin(), transversals.end(), sizeThenLexLess);
    return transversals;
}

std::vector<ColumnSet> maximalIndependentSets(const std::vector<ColumnSet>& edges, const ColumnSet& universe,
                                              int maxSize)
{
    const std::optional<std::vector<ColumnSet>> minimalEdges = minimalEdgesWithin(edges, universe);
    if (!minimalEdges)
        return {};

    const int limit = std::max(0, std::min(maxSize, universe.size()));
    // An independent set below the limit must be maximal outright; at the limit every independent
    // set qualifies, maximal or not, because its supersets are out of reach.
    std::vector<ColumnSet> result;
    for (const ColumnSet& transversal : minimalTransversals(*minimalEdges, universe)) {
        const ColumnSet independent = universe.minus(transversal);
        if (independent.size() < limit || (independent.size() == limit && limit == universe.size()))
            result.push_back(independent);
    }
    if (limit < universe.size()) {
        auto atLimit = FixedSizeIndependentSets(*minimalEdges, universe, limit).run();
        result.insert(result.end(), atLimit.begin(), atLimit.end());
    }
    std::sort(result.begin(), result.end(), sizeThenLexLess);
    return result;
}

} // namespace qiscout::core
