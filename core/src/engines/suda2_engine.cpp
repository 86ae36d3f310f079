// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/suda2_engine.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tbb/task_arena.h>

#include "engines/msu_finder.h"
#include "engines/search_setup.h"
#include "lattice/minimal_transversals.h"
#include "partition/class_partition.h"
#include "util/mask_map.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

// The distinct column sets of the MSUs, each with the lowest row holding an MSU on it.
class ColumnSetSink final : public MsuSink {
public:
    void found(std::uint32_t row, std::uint64_t localColumns) override
    {
        // Row + 1, so that 0 marks a set not seen yet.
        std::uint32_t& first = m_firstRow[localColumns];
        first = first == 0 ? row + 1 : std::min(first, row + 1);
    }
    [[nodiscard]] std::unique_ptr<MsuSink> fork() const override { return std::make_unique<ColumnSetSink>(); }
    void join(MsuSink& other) override
    {
        static_cast<ColumnSetSink&>(other).m_firstRow.forEach(
            [this](std::uint64_t columns, std::uint32_t first) { found(first - 1, columns); });
    }
    /// Calls body(localColumns, lowest row) for every column set.
    template <typename Body>
    void forEach(const Body& body) const
    {
        m_firstRow.forEach([&](std::uint64_t columns, std::uint32_t first) { body(columns, first - 1); });
    }

private:
    MaskMap<std::uint32_t> m_firstRow;
};

} // namespace

SearchResult runSuda2(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                      SearchObserver& observer)
{
    const auto start = std::chrono::steady_clock::now();
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    if (resolved.k != 1)
        throw SearchParameterError("SUDA2 is defined for k = 1 (sample uniques), not k = " +
                                   std::to_string(resolved.k) + "; choose another algorithm for larger k.");
    // An MSU is a combination of values that occurs once; with missing cells matching any value a
    // row's matches are no longer the rows holding its values, so SUDA2 has no wildcard answer.
    if (resolved.missingSemantics == MissingSemantics::Wildcard)
        throw SearchParameterError("SUDA2 counts combinations of values, so it cannot let a missing cell match any "
                                   "value; choose another algorithm for the wildcard semantics.");
    if (resolved.columns.size() > maxMsuColumns)
        throw SearchParameterError("SUDA2 searches at most " + std::to_string(maxMsuColumns) + " columns, not " +
                                   std::to_string(resolved.columns.size()) +
                                   "; choose another algorithm for wider tables.");

    SearchResult result = resultFor(Algorithm::Suda2, resolved);
    ColumnSetSink sink;
    const MsuSearchOutcome outcome = findMinimalSampleUniques(
        table, MsuSearchOptions{resolved.columns, resolved.maxSetSize, true, resolved.threads}, stop, sink);
    result.stats.rowsScanned = outcome.rowsScanned;

    // Column sets of a cancelled run are not settled (a smaller MSU may be missing), so none is
    // returned then.
    if (!outcome.complete) {
        result.complete = false;
        result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    }

    const std::vector<int> searched = resolved.columns.columns();
    std::unordered_map<ColumnSet, std::uint32_t, ColumnSetHash> firstRow;
    sink.forEach([&](std::uint64_t localColumns, std::uint32_t row) {
        ColumnSet set;
        for (std::uint64_t rest = localColumns; rest != 0; rest &= rest - 1)
            set = set.with(searched[static_cast<std::size_t>(std::countr_zero(rest))]);
        firstRow.emplace(set, row);
    });
    // A column set is vulnerable for k = 1 exactly when it covers an MSU's columns.
    std::vector<ColumnSet> msuColumns;
    msuColumns.reserve(firstRow.size());
    for (const auto& entry : firstRow)
        msuColumns.push_back(entry.first);
    const std::vector<ColumnSet> minimal = inclusionMinimal(std::move(msuColumns));
    std::vector<ColumnSet> safe = maximalIndependentSets(minimal, resolved.columns, resolved.maxSetSize);
    std::erase_if(safe, [](const ColumnSet& set) { return set.empty(); });

    result.minimalSets.resize(minimal.size());
    result.maximalSafeSets.resize(safe.size());
    tbb::task_arena arena(resolved.threads);
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
    return result;
}

} // namespace qiscout::core
