// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice/incremental_transversals.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include <tbb/parallel_for.h>

#include "lattice/fixed_column_set.h"

namespace qiscout::core {

namespace {

/// Runs body(chunk) for chunks 0..count-1, on the calling arena's threads when there are several.
/// False when stop was requested before some chunk ran.
template <typename Body>
bool forEachChunk(std::size_t count, const std::stop_token& stop, const Body& body)
{
    std::atomic<bool> stopped = false;
    const auto run = [&](std::size_t chunk) {
        if (stopped.load(std::memory_order_relaxed) || stop.stop_requested()) {
            stopped.store(true, std::memory_order_relaxed);
            return;
        }
        body(chunk);
    };
    if (count == 1)
        run(0);
    else if (count > 1)
        tbb::parallel_for(std::size_t{0}, count, run);
    return !stopped.load(std::memory_order_relaxed);
}

} // namespace

template <typename Set>
struct IncrementalTransversals<Set>::Scratch {
    /// m_edgesWith rows of the transversal's columns.
    std::vector<const std::uint64_t*> rows;
    /// The edges the transversal hits exactly once.
    std::vector<std::uint64_t> hitOnce;
};

template <typename Set>
IncrementalTransversals<Set>::IncrementalTransversals(int maxSize)
    : m_maxSize(maxSize)
    , m_transversals{Set{}}
    , m_fresh{1}
    , m_positions{{Set{}, 0}}
{}

template <typename Set>
bool IncrementalTransversals<Set>::findMisses(const Set& edge, const std::stop_token& stop,
                                              std::vector<std::size_t>& misses) const
{
    misses.clear();
    // A transversal that misses the edge lies within the earlier edges' columns outside it. The
    // border search's edges are complements of maximal sets, nearly every column, so those few
    // columns have far fewer small subsets than there are transversals: looking each subset up
    // then beats a pass over every transversal, which was most of the work of an edge.
    const std::vector<int> outside = m_edgeColumns.minus(edge).columns();
    constexpr std::size_t lookupCost = 16; // scan steps per hash lookup, roughly
    const std::size_t budget = m_transversals.size() / lookupCost;
    const int largest = std::min(m_maxSize, static_cast<int>(outside.size()));
    std::size_t subsets = 1;
    std::size_t binomial = 1;
    for (int size = 1; size <= largest && subsets <= budget; ++size) {
        binomial = binomial * (outside.size() - static_cast<std::size_t>(size) + 1) / static_cast<std::size_t>(size);
        subsets += binomial;
    }
    if (subsets <= budget) {
        const auto lookUp = [&](const auto& self, std::size_t from, const Set& subset, int size) -> void {
            if (const auto found = m_positions.find(subset); found != m_positions.end())
                misses.push_back(found->second);
            if (size == m_maxSize)
                return;
            for (std::size_t i = from; i < outside.size(); ++i)
                self(self, i + 1, subset.with(outside[i]), size + 1);
        };
        lookUp(lookUp, 0, Set{}, 0);
        std::sort(misses.begin(), misses.end());
        return true;
    }

    constexpr std::size_t chunkSize = 4096;
    const std::size_t count = m_transversals.size();
    std::vector<std::vector<std::size_t>> found((count + chunkSize - 1) / chunkSize);
    const bool finished = forEachChunk(found.size(), stop, [&](std::size_t chunk) {
        for (std::size_t i = chunk * chunkSize; i < std::min(count, (chunk + 1) * chunkSize); ++i) {
            if (!m_transversals[i].intersects(edge))
                found[chunk].push_back(i);
        }
    });
    for (const std::vector<std::size_t>& part : found)
        misses.insert(misses.end(), part.begin(), part.end());
    return finished;
}

template <typename Set>
Set IncrementalTransversals<Set>::allowedExtensions(const Set& transversal, const Set& edge, Scratch& scratch) const
{
    scratch.rows.clear();
    transversal.forEach([&](int column) {
        // Each column of a minimal transversal lies in one of its private edges.
        assert(static_cast<std::size_t>(column) < m_edgesWith.size());
        scratch.rows.push_back(m_edgesWith[static_cast<std::size_t>(column)].data());
    });
    if (scratch.rows.empty())
        return edge;
    const std::size_t words = (m_edges.size() + column_words::bitsPerWord - 1) / column_words::bitsPerWord;
    scratch.hitOnce.resize(words);
    for (std::size_t word = 0; word < words; ++word) {
        std::uint64_t hit = 0;
        std::uint64_t hitTwice = 0;
        for (const std::uint64_t* row : scratch.rows) {
            hitTwice |= hit & row[word];
            hit |= row[word];
        }
        scratch.hitOnce[word] = hit & ~hitTwice;
    }
    // A column without a private edge blocks every extension.
    for (const std::uint64_t* row : scratch.rows) {
        std::size_t word = 0;
        while (word < words && (row[word] & scratch.hitOnce[word]) == 0)
            ++word;
        if (word == words)
            return Set{};
    }
    // Of `blocked`, the columns that every private edge of row's column contains.
    const auto privatelyCovered = [&](const std::uint64_t* row, Set blocked) {
        for (std::size_t word = 0; word < words; ++word) {
            for (std::uint64_t rest = row[word] & scratch.hitOnce[word]; rest != 0; rest &= rest - 1) {
                blocked = blocked.intersected(
                    m_edges[word * column_words::bitsPerWord + static_cast<std::size_t>(std::countr_zero(rest))]);
                if (blocked.empty())
                    return blocked;
            }
        }
        return blocked;
    };
    Set allowed = edge;
    for (const std::uint64_t* row : scratch.rows) {
        allowed = allowed.minus(privatelyCovered(row, allowed));
        if (allowed.empty())
            break;
    }
    return allowed;
}

template <typename Set>
bool IncrementalTransversals<Set>::addEdge(const Set& edge, const std::stop_token& stop)
{
    std::vector<std::size_t> misses;
    if (stop.stop_requested() || !findMisses(edge, stop, misses))
        return false;
    // Fixed chunks of misses, each grown into its own list, taken in chunk order: the same
    // transversals in the same order on any number of threads.
    constexpr std::size_t chunkSize = 256;
    std::vector<std::vector<Set>> grown((misses.size() + chunkSize - 1) / chunkSize);
    const bool finished = forEachChunk(grown.size(), stop, [&](std::size_t chunk) {
        Scratch scratch;
        for (std::size_t i = chunk * chunkSize; i < std::min(misses.size(), (chunk + 1) * chunkSize); ++i) {
            const Set& transversal = m_transversals[misses[i]];
            if (transversal.size() + 1 > m_maxSize)
                continue;
            allowedExtensions(transversal, edge, scratch).forEach([&](int column) {
                grown[chunk].push_back(transversal.with(column));
            });
        }
    });
    if (!finished)
        return false;

    // From the back, so that the transversal moved into each hole is one that stays.
    for (auto miss = misses.rbegin(); miss != misses.rend(); ++miss) {
        const std::size_t position = *miss;
        m_positions.erase(m_transversals[position]);
        if (position + 1 != m_transversals.size()) {
            m_transversals[position] = std::move(m_transversals.back());
            m_fresh[position] = m_fresh.back();
            m_positions[m_transversals[position]] = position;
        }
        m_transversals.pop_back();
        m_fresh.pop_back();
    }
    for (std::vector<Set>& part : grown) {
        for (Set& transversal : part) {
            m_positions.emplace(transversal, m_transversals.size());
            m_transversals.push_back(std::move(transversal));
            m_fresh.push_back(1);
        }
    }

    const std::size_t index = m_edges.size();
    m_edges.push_back(edge);
    m_edgeColumns = m_edgeColumns.united(edge);
    const std::size_t word = index / column_words::bitsPerWord;
    if (!edge.empty() && static_cast<std::size_t>(edge.last()) >= m_edgesWith.size())
        m_edgesWith.resize(static_cast<std::size_t>(edge.last()) + 1, std::vector<std::uint64_t>(word + 1, 0));
    if (index % column_words::bitsPerWord == 0) {
        for (std::vector<std::uint64_t>& row : m_edgesWith)
            row.resize(word + 1, 0);
    }
    const std::uint64_t bit = std::uint64_t{1} << (index % column_words::bitsPerWord);
    edge.forEach([&](int column) { m_edgesWith[static_cast<std::size_t>(column)][word] |= bit; });
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
        if (m_fresh[i] != 0)
            taken.push_back(m_transversals[i]);
        m_fresh[i] = 0;
    }
    std::sort(taken.begin(), taken.end(), SizeThenLex{});
    return taken;
}

#define QISCOUT_INSTANTIATE(Set) template class IncrementalTransversals<Set>;
QISCOUT_FOR_EACH_SEARCH_SET_TYPE(QISCOUT_INSTANTIATE)
#undef QISCOUT_INSTANTIATE

} // namespace qiscout::core
