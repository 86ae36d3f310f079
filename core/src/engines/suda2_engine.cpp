// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/suda2_engine.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <unordered_map>
#include <utility>

#include <tbb/task_arena.h>

#include "engines/msu_finder.h"
#include "engines/search_setup.h"
#include "lattice/minimal_transversals.h"
#include "partition/class_partition.h"
#include "util/parallel_for.h"

namespace qiscout::core {

ColumnSet MinimalSampleUnique::columns() const
{
    ColumnSet set;
    for (const Item& item : items)
        set = set.with(item.column);
    return set;
}

Suda2Result runSuda2Full(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                         SearchObserver& observer)
{
    const auto start = std::chrono::steady_clock::now();
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    if (resolved.k != 1)
        throw SearchParameterError("SUDA2 is defined for k = 1 (sample uniques), not k = " +
                                   std::to_string(resolved.k) + "; choose another algorithm for larger k.");
    if (resolved.columns.size() > maxSuda2Columns)
        throw SearchParameterError("SUDA2 searches at most " + std::to_string(maxSuda2Columns) + " columns, not " +
                                   std::to_string(resolved.columns.size()) +
                                   "; choose another algorithm for wider tables.");

    Suda2Result full;
    SearchResult& result = full.projected;
    result = resultFor(Algorithm::Suda2, resolved);

    tbb::task_arena arena(resolved.threads);
    MsuSearchOutcome outcome =
        arena.execute([&] { return findMinimalSampleUniques(table, resolved.columns, resolved.maxSetSize, stop); });
    full.msus = std::move(outcome.msus);
    result.stats.rowsScanned = outcome.rowsScanned;

    std::size_t largest = 0;
    for (const MinimalSampleUnique& msu : full.msus)
        largest = std::max(largest, msu.items.size());
    full.msuCountsBySize.assign(table.rowCount, std::vector<std::uint32_t>(largest, 0));
    for (const MinimalSampleUnique& msu : full.msus)
        ++full.msuCountsBySize[msu.row][msu.items.size() - 1];

    // Column sets of a cancelled run are not settled (a smaller MSU may be missing), so only the
    // MSUs found are returned then.
    if (!outcome.complete) {
        result.complete = false;
        result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return full;
    }

    // A column set is vulnerable for k = 1 exactly when it covers an MSU's columns.
    std::unordered_map<ColumnSet, std::uint32_t, ColumnSetHash> firstRow;
    for (const MinimalSampleUnique& msu : full.msus) {
        const auto [it, inserted] = firstRow.try_emplace(msu.columns(), msu.row);
        if (!inserted)
            it->second = std::min(it->second, msu.row);
    }
    std::vector<ColumnSet> msuColumns;
    msuColumns.reserve(firstRow.size());
    for (const auto& entry : firstRow)
        msuColumns.push_back(entry.first);
    const std::vector<ColumnSet> minimal = inclusionMinimal(std::move(msuColumns));
    std::vector<ColumnSet> safe = maximalIndependentSets(minimal, resolved.columns, resolved.maxSetSize);
    std::erase_if(safe, [](const ColumnSet& set) { return set.empty(); });

    result.minimalSets.resize(minimal.size());
    result.maximalSafeSets.resize(safe.size());
    arena.execute([&] {
        parallelFor(minimal.size(), [&](std::size_t i) {
            const ClassStatistics statistics = measureClasses(table, minimal[i], 1);
            result.minimalSets[i] = MinimalSet{minimal[i], statistics.isolatedRows, statistics.smallestClass};
        });
        parallelFor(safe.size(), [&](std::size_t i) {
            result.maximalSafeSets[i] = SafeSet{safe[i], measureClasses(table, safe[i], 1).smallestClass};
        });
    });

    const std::uint64_t measured = minimal.size() + safe.size();
    result.stats.setsEvaluated = measured;
    result.stats.rowsScanned += measured * table.rowCount;
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // SUDA2 settles column sets only at the end, so the lattice events come in one report.
    SearchCounters counters;
    std::vector<NodeEvent> events;
    events.reserve(2 * measured);
    for (const MinimalSet& set : result.minimalSets) {
        events.push_back(NodeEvent{set.columns, NodeEventKind::Scheduled, 0, 0});
        events.push_back(NodeEvent{set.columns, NodeEventKind::Vulnerable, firstRow.at(set.columns), 0});
    }
    for (const SafeSet& set : result.maximalSafeSets) {
        events.push_back(NodeEvent{set.columns, NodeEventKind::Scheduled, 0, 0});
        events.push_back(NodeEvent{set.columns, NodeEventKind::Safe, 0, 0});
    }
    counters.setsScheduled = measured;
    counters.setsEvaluated = measured;
    counters.setsVulnerable = result.minimalSets.size();
    counters.setsSafe = result.maximalSafeSets.size();
    counters.rowsScanned = result.stats.rowsScanned;
    counters.elapsedSeconds = result.stats.searchSeconds;
    observer.eventsReported(events, counters);
    return full;
}

SearchResult runSuda2(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                      SearchObserver& observer)
{
    return runSuda2Full(table, parameters, std::move(stop), observer).projected;
}

} // namespace qiscout::core
