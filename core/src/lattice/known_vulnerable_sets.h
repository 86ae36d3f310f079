// SPDX-License-Identifier: GPL-3.0-or-later
// The vulnerable sets the border search has learnt, indexed for its grower's question: does this
// set hold one of them?
//
// Why not a plain list per column: the grower asks about a million times per wide search, almost
// always in vain, while hundreds of thousands of vulnerable sets are known. Most of those found
// hold two or three columns, so such sets are column masks that a few ANDs test; larger ones are
// short lists per column and bucket of their smallest other column, read in order.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/lattice/column_words.h"

#include "lattice/set_verdicts.h"
#include "lattice/subset_walk.h"

namespace qiscout::core {

/// Known vulnerable column sets. Set: ColumnSet or a FixedColumnSet.
/// Thread: not thread-safe; the border search adds and asks on its calling thread.
template <typename Set>
class KnownVulnerableSets {
public:
    /// `verdicts` holds a vulnerable verdict for every set added here (the border search records
    /// both); it is consulted for sets asked about and their subsets.
    KnownVulnerableSets(std::size_t tableColumns, const SetVerdicts<Set>& verdicts)
        : m_verdicts(&verdicts)
        , m_pairedWith(tableColumns)
        , m_vulnerableBy(tableColumns * column_words::bitsPerWord)
    {
        if constexpr (!std::is_same_v<Set, ColumnSet>)
            m_tripledWith.resize(m_pairedWith.size() * m_pairedWith.size());
    }

    /// Records `set` as vulnerable.
    void add(const Set& set)
    {
        const std::vector<int> columns = set.columns();
        if (columns.size() == 1) {
            markPaired(columns[0], columns[0]);
            return;
        }
        if (columns.size() == 2) {
            markPaired(columns[0], columns[1]);
            markPaired(columns[1], columns[0]);
            return;
        }
        if (columns.size() == 3 && !m_tripledWith.empty()) {
            for (std::size_t i = 0; i < 3; ++i)
                for (std::size_t j = 0; j < 3; ++j)
                    if (i != j)
                        markTripled(columns[i], columns[j], columns[3 - i - j]);
            return;
        }
        const int lowest = columns[0];
        const int second = columns[1];
        for (const int column : columns) {
            const int other = column == lowest ? second : lowest;
            m_vulnerableBy[listOf(column, other % column_words::bitsPerWord)].push_back(set);
        }
    }

    /// Whether `set` holds a known vulnerable set, given that `set` minus `added` is safe: such a
    /// subset then meets `added`. Vulnerable sets of up to three columns (most of them) are masks
    /// to intersect with `set`. Every known vulnerable set has a verdict, so for larger ones a
    /// small set looks up its subsets that meet `added`; a larger one tries the vulnerable sets
    /// listed under `added`'s columns in the buckets of `set`'s columns. Whichever is fewer: a
    /// wide search knows hundreds of thousands of vulnerable sets, a column's buckets thousands,
    /// while a set of 3 has 7 subsets.
    [[nodiscard]] bool anyWithin(const Set& set, const Set& added) const
    {
        bool found = false;
        added.forEach([&](int column) {
            if (found)
                return;
            found = m_pairedWith[static_cast<std::size_t>(column)].intersects(set);
            if (!found && !m_tripledWith.empty())
                set.forEach(
                    [&](int other) { found = found || m_tripledWith[tripleOf(column, other)].intersects(set); });
        });
        if (found)
            return true;
        // After the masks: most sets asked about have no verdict, and the lookup misses the cache.
        if (const Verdict verdict = m_verdicts->find(set); verdict != Verdict::Unknown)
            return verdict == Verdict::Vulnerable;
        // A column's bucket is its bit in its word, so the buckets `set` meets are its words ORed.
        std::uint64_t buckets = 0;
        for (const std::uint64_t word : set.words())
            buckets |= word;
        const int size = set.size();
        constexpr int widestEnumerated = 20;
        if (size <= widestEnumerated) {
            // A subset's lookup misses the cache in a table of hundreds of thousands of verdicts,
            // while the listed sets are read in order, a word or two each.
            constexpr std::size_t listedPerLookup = 64;
            const std::size_t enumerated = (std::size_t{1} << size) * listedPerLookup;
            std::size_t listed = 0;
            added.forEach([&](int column) {
                for (std::uint64_t rest = buckets; rest != 0 && listed <= enumerated; rest &= rest - 1)
                    listed += m_vulnerableBy[listOf(column, std::countr_zero(rest))].size();
            });
            if (enumerated < listed)
                return subsetKnownVulnerable(set.columns(), added);
        }
        added.forEach([&](int column) {
            for (std::uint64_t rest = buckets; rest != 0 && !found; rest &= rest - 1) {
                const std::vector<Set>& listed = m_vulnerableBy[listOf(column, std::countr_zero(rest))];
                found = std::any_of(listed.begin(), listed.end(),
                                    [&set](const Set& vulnerable) { return vulnerable.isSubsetOf(set); });
            }
        });
        return found;
    }

private:
    using Verdict = typename SetVerdicts<Set>::Verdict;

    void markPaired(int column, int other)
    {
        Set& paired = m_pairedWith[static_cast<std::size_t>(column)];
        paired = paired.with(other);
    }

    void markTripled(int column, int other, int third)
    {
        Set& tripled = m_tripledWith[tripleOf(column, other)];
        tripled = tripled.with(third);
    }

    [[nodiscard]] std::size_t tripleOf(int column, int other) const
    {
        return static_cast<std::size_t>(column) * m_pairedWith.size() + static_cast<std::size_t>(other);
    }

    [[nodiscard]] std::size_t listOf(int column, int bucket) const
    {
        return static_cast<std::size_t>(column) * column_words::bitsPerWord + static_cast<std::size_t>(bucket);
    }

    /// Whether a proper subset of the set of `columns` that meets `added` has a vulnerable verdict.
    [[nodiscard]] bool subsetKnownVulnerable(const std::vector<int>& columns, const Set& added) const
    {
        int addedHeld = 0;
        return anySubsetInGrayOrder<Set>(columns, [&](const Set& subset, int size, int toggled, bool isAdded) {
            if (added.contains(toggled))
                addedHeld += isAdded ? 1 : -1;
            return addedHeld > 0 && size < static_cast<int>(columns.size()) && m_verdicts->knownVulnerable(subset);
        });
    }

    const SetVerdicts<Set>* m_verdicts;
    /// Column -> the columns forming a known vulnerable pair with it, or the column itself if it is
    /// known vulnerable alone.
    std::vector<Set> m_pairedWith;
    /// tripleOf(column, other) -> the columns forming a known vulnerable set of three with both.
    /// Empty for heap-backed sets: their tables are wider than 512 columns, too many pairs.
    std::vector<Set> m_tripledWith;
    /// listOf(column, bucket) -> the known vulnerable sets of four or more columns (or three,
    /// without m_tripledWith) holding the column whose smallest other column is in the bucket,
    /// i.e. equals it modulo 64. A vulnerable subset of Q holding the column has that other column
    /// in Q, so only the buckets of Q's columns need reading, about |Q| of the column's 64.
    std::vector<std::vector<Set>> m_vulnerableBy;
};

} // namespace qiscout::core
