// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/mtui_engine.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engines/event_batcher.h"
#include "engines/search_setup.h"
#include "engines/settled_lattice.h"
#include "engines/whole_table_scan.h"
#include "lattice/candidate_generator.h"
#include "lattice/fixed_column_set.h"
#include "partition/class_scan.h"
#include "partition/column_index.h"
#include "partition/position_list_index.h"
#include "partition/wildcard_classes.h"

// MTUI shares FPVI's generator and pruning (a level opens once the previous one is settled, so it
// is exact for the same reasons) but evaluates each set as one job over the whole table, built
// from scratch from its own columns: no batches, no interleaving, no shared partitions. Under the
// wildcard semantics a set with a missing cell builds its whole partition and sizes its wildcard
// classes from it (partition/wildcard_classes.h says why the pruning stays exact).

namespace qiscout::core {
namespace {

// Sets handed to the workers at once: large enough to keep every worker busy, small enough for
// the observer to see progress on a wide lattice.
constexpr std::size_t setsPerRound = 256;

// Set is the column set type withSearchSetType chose for the table's width.
template <typename Set>
SearchResult searchMtui(const EncodedTable& table, const ResolvedParameters& resolved, const std::stop_token& stop,
                        SearchObserver& observer)
{
    const auto started = std::chrono::steady_clock::now();
    SearchEventBatcher events(observer);
    SettledLattice<Set> settled;
    CandidateGenerator<Set> generator(resolved.columns, resolved.maxSetSize);
    bool finished = false;

    tbb::task_arena arena(resolved.threads);
    tbb::task_group_context context;
    const std::stop_callback cancelTasks(stop, [&context] { context.cancel_group_execution(); });
    std::optional<MissingCells> missing;
    if (resolved.missingSemantics == MissingSemantics::Wildcard)
        missing.emplace(table);
    const WildcardCells wildcard{table, missing ? &*missing : nullptr};
    arena.execute([&] {
        const std::vector<ColumnIndex> indexes = buildColumnIndexes(table, resolved.columns, stop);
        const std::uint32_t largest = largestCardinality(indexes);
        tbb::enumerable_thread_specific<WholeTableScratch> scratches([largest] { return WholeTableScratch(largest); });
        std::vector<Set> round;
        std::vector<ClassScan> scans;
        while (!stop.stop_requested()) {
            std::vector<Set> levelSafe;
            while (!stop.stop_requested()) {
                round.clear();
                while (round.size() < setsPerRound) {
                    std::optional<Set> candidate = generator.next();
                    if (!candidate)
                        break;
                    events.record(NodeEvent{toColumnSet(*candidate), NodeEventKind::Scheduled, 0, 0});
                    round.push_back(std::move(*candidate));
                    ++events.counters().setsScheduled;
                }
                if (round.empty())
                    break;
                scans.assign(round.size(), ClassScan{});
                tbb::parallel_for(
                    tbb::blocked_range<std::size_t>(0, round.size(), 1),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                        for (std::size_t i = range.begin(); i != range.end(); ++i)
                            scans[i] =
                                evaluateWholeTable(round[i], indexes, resolved.k, wildcard, scratches.local(), stop);
                    },
                    context);
                if (stop.stop_requested())
                    break;
                for (std::size_t i = 0; i < round.size(); ++i) {
                    const ClassScan& scan = scans[i];
                    const ColumnSet columns = toColumnSet(round[i]);
                    events.counters().rowsScanned += scan.rowsVisited;
                    ++events.counters().setsEvaluated;
                    if (scan.isolatedRows > 0) {
                        settled.addMinimal(round[i], scan.isolatedRows, scan.smallestClassOrZero());
                        events.record(
                            NodeEvent{columns, NodeEventKind::Vulnerable, scan.firstIsolatedRow.value_or(0), 0});
                        ++events.counters().setsVulnerable;
                        const std::uint64_t pruned =
                            supersetCount(round[i].size(), resolved.columns.size(), resolved.maxSetSize);
                        if (pruned > 0) {
                            events.record(NodeEvent{columns, NodeEventKind::Pruned, 0, pruned});
                            events.counters().supersetsPruned += pruned;
                        }
                    } else {
                        settled.addSafe(round[i], scan.smallestClassOrZero());
                        levelSafe.push_back(round[i]);
                        events.record(NodeEvent{columns, NodeEventKind::Safe, 0, 0});
                        ++events.counters().setsSafe;
                    }
                }
                events.flushIfDue();
            }
            if (stop.stop_requested())
                break;
            if (!generator.advance(std::move(levelSafe))) {
                finished = true;
                break;
            }
        }
    });

    SearchResult result = resultFor(Algorithm::Mtui, resolved);
    result.complete = finished;
    settled.fill(result, resolved, finished);
    result.stats.setsEvaluated = events.counters().setsEvaluated;
    result.stats.rowsScanned = events.counters().rowsScanned;
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    events.flush();
    return result;
}

} // namespace

SearchResult runMtui(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                     SearchObserver& observer)
{
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    return withSearchSetType(resolved.columns, [&]<typename Set>(std::type_identity<Set>) {
        return searchMtui<Set>(table, resolved, stop, observer);
    });
}

} // namespace qiscout::core
