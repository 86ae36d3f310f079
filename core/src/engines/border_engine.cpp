// SPDX-License-Identifier: GPL-3.0-or-later
// Dualize & Advance (Gunopulos et al.): keep the maximal safe sets found so far; the minimal
// transversals of their complements are the only sets that can be a new minimal vulnerable set or
// lead to a new maximal safe set. A vulnerable transversal is a minimal vulnerable set (each proper
// subset lies in a known safe set); a safe one is grown to a new maximal safe set. When every
// transversal is vulnerable, both borders are complete. Work is proportional to the border, not
// to the lattice below it.
#include "engines/border_engine.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engines/search_setup.h"
#include "lattice/fixed_column_set.h"
#include "lattice/incremental_transversals.h"
#include "lattice/known_vulnerable_sets.h"
#include "lattice/set_verdicts.h"
#include "partition/row_partition.h"
#include "partition/set_oracle.h"

namespace qiscout::core {
namespace {

using Clock = std::chrono::steady_clock;

/// A safe set with its classes, as the grower extends it.
template <typename Set>
struct SafeState {
    Set set;
    RowPartition partition;
};

/// One transversal's full evaluation. Its classes are not kept: a round can evaluate tens of
/// thousands of transversals, each partition holding the whole table (8 bytes a row; 100,000 x 300
/// with --max-size 3 reached 12.5 GiB when they were kept), so a safe one's classes are rebuilt
/// when it is grown, one evaluation more per grown transversal.
template <typename Set>
struct Evaluation {
    Set set;
    SetMeasure measure;
    bool done = false;
};

// Thread: lives on the calling thread inside the search's task arena; only evaluateAll fans out.
// Set is the column set type withSearchSetType chose for the table's width.
template <typename Set>
class BorderSearch {
public:
    BorderSearch(const EncodedTable& table, const ResolvedParameters& parameters, std::stop_token stop,
                 SearchObserver& observer)
        : m_table(table)
        , m_parameters(parameters)
        , m_stop(std::move(stop))
        , m_observer(observer)
        , m_oracle(table, parameters.k, parameters.missingSemantics)
        , m_searched(toSearchSet<Set>(parameters.columns))
        , m_columnCount(parameters.columns.size())
        , m_growOrder(parameters.columns.columns())
        , m_started(Clock::now())
        , m_known(table.columnCount(), m_verdicts)
    {
        for (int size = 0; size <= m_columnCount; ++size)
            m_supersetCounts.push_back(supersetCount(size, m_columnCount, m_parameters.maxSetSize));
        // Few distinct values first: such columns split classes least, so the big "add all the
        // rest at once" steps of the grower succeed more often.
        std::stable_sort(m_growOrder.begin(), m_growOrder.end(), [&table](int a, int b) {
            return table.columns[static_cast<std::size_t>(a)].distinctCount() <
                   table.columns[static_cast<std::size_t>(b)].distinctCount();
        });
    }

    void run(SearchResult& result)
    {
        if (m_parameters.columns.empty()) {
            finish(result);
            return;
        }
        if (m_table.rowCount > 0 && m_table.rowCount <= m_parameters.k)
            searchWhereEverySetIsVulnerable();
        else
            dualizeAndAdvance();
        finish(result);
    }

private:
    using Safe = SafeState<Set>;
    using Pending = Evaluation<Set>;

    void dualizeAndAdvance()
    {
        IncrementalTransversals<Set> transversals(m_parameters.maxSetSize + 1);
        std::vector<Set> seeds{Set{}};
        Safe grown;
        while (!stopped()) {
            for (const Set& seed : seeds) {
                if (coveredByMaximal(seed))
                    continue;
                grown.set = seed;
                m_oracle.partitionInto(toColumnSet(seed), m_workspaces.local(), grown.partition);
                growToMaximal(grown);
                flush();
                if (stopped())
                    return;
                m_maximal.push_back(
                    {grown.set, m_oracle.summarize(toColumnSet(grown.set), grown.partition).smallestClass});
                if (!transversals.addEdge(m_searched.minus(grown.set), m_stop)) {
                    stopped();
                    return;
                }
            }
            seeds.clear();

            std::vector<Pending> pending;
            for (Set& candidate : transversals.takeFresh()) {
                if (candidate.size() <= m_parameters.maxSetSize)
                    pending.push_back({std::move(candidate), {}, false});
            }
            if (pending.empty())
                return;
            evaluateAll(pending);
            for (Pending& evaluation : pending) {
                if (!evaluation.done)
                    continue;
                if (evaluation.measure.vulnerable)
                    acceptMinimal(evaluation.set, evaluation.measure);
                else
                    seeds.push_back(evaluation.set);
            }
            flush();
        }
    }

    // With at most k rows, even the empty set isolates every row: each single column is minimal.
    void searchWhereEverySetIsVulnerable()
    {
        std::vector<Pending> pending;
        for (const int column : m_parameters.columns.columns())
            pending.push_back({Set::single(column), {}, false});
        evaluateAll(pending);
        for (const Pending& evaluation : pending)
            if (evaluation.done)
                acceptMinimal(evaluation.set, evaluation.measure);
        flush();
    }

    void evaluateAll(std::vector<Pending>& pending)
    {
        for (const Pending& evaluation : pending) {
            if (!m_verdicts.contains(evaluation.set))
                schedule(evaluation.set);
        }
        flush();
        tbb::task_group_context context;
        const std::stop_callback cancel(m_stop, [&context] { context.cancel_group_execution(); });
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, pending.size(), 1),
            [this, &pending](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    if (m_stop.stop_requested())
                        return;
                    Pending& evaluation = pending[i];
                    evaluation.measure = m_oracle.measure(toColumnSet(evaluation.set), m_workspaces.local());
                    evaluation.done = true;
                }
            },
            context);
        for (const Pending& evaluation : pending) {
            if (!evaluation.done || !m_verdicts.insert(evaluation.set, evaluation.measure.vulnerable))
                continue;
            ++m_counters.setsEvaluated;
            if (!evaluation.measure.vulnerable)
                report(evaluation.set, NodeEventKind::Safe);
        }
    }

    // Greedy in m_growOrder: a column joins when the set stays safe. Adding the remaining
    // candidates all at once first, and halving on failure, settles the common case of a few
    // excluded columns with a few evaluations instead of one per column.
    void growToMaximal(Safe& state)
    {
        std::vector<int> candidates;
        for (const int column : m_growOrder)
            if (!state.set.contains(column))
                candidates.push_back(column);
        growWith(state, candidates, false);
    }

    /// `filtered`: every column of `order` is outside the set and not known to make it vulnerable.
    void growWith(Safe& state, const std::vector<int>& order, bool filtered)
    {
        if (stopped())
            return;
        std::vector<int> candidates;
        if (filtered) {
            candidates = order;
        } else {
            for (const int column : order)
                if (!state.set.contains(column) && !m_known.anyWithin(state.set.with(column), Set::single(column)))
                    candidates.push_back(column);
        }
        if (candidates.empty())
            return;
        if (state.set.size() + static_cast<int>(candidates.size()) <= m_parameters.maxSetSize) {
            Set extra;
            for (const int column : candidates)
                extra = extra.with(column);
            if (tryExtend(state, extra))
                return;
        }
        if (candidates.size() == 1)
            return;
        // While the set has not grown, filtering again would find the same candidates: each
        // vulnerable set learnt since is the set plus columns not all in one column of the half.
        const auto middle = candidates.begin() + static_cast<std::ptrdiff_t>(candidates.size() / 2);
        const Set before = state.set;
        growWith(state, std::vector<int>(candidates.begin(), middle), true);
        growWith(state, std::vector<int>(middle, candidates.end()), state.set == before);
    }

    bool tryExtend(Safe& state, const Set& extra)
    {
        const Set target = state.set.united(extra);
        if (m_known.anyWithin(target, extra))
            return false;
        schedule(target);
        RowPartition extended;
        const bool safe = m_oracle.staysSafe(state.partition, toColumnSet(state.set), toColumnSet(extra),
                                             m_workspaces.local(), extended);
        ++m_counters.setsEvaluated;
        m_verdicts.insert(target, !safe);
        if (safe) {
            state.set = target;
            state.partition = std::move(extended);
            report(target, NodeEventKind::Safe);
        } else {
            // Vulnerable but (usually) not minimal: its supersets are settled, none counted here.
            m_known.add(target);
            report(target, NodeEventKind::Pruned);
        }
        return safe;
    }

    void acceptMinimal(const Set& set, const SetMeasure& measure)
    {
        const ColumnSet columns = toColumnSet(set);
        m_minimal.push_back({columns, measure.isolatedRows, measure.smallestClass});
        m_known.add(set);
        ++m_counters.setsVulnerable;
        m_events.push_back({columns, NodeEventKind::Vulnerable, measure.firstIsolatedRow, 0});
        const std::uint64_t pruned = m_supersetCounts[static_cast<std::size_t>(set.size())];
        m_counters.supersetsPruned += pruned;
        m_events.push_back({columns, NodeEventKind::Pruned, 0, pruned});
    }

    [[nodiscard]] bool coveredByMaximal(const Set& set) const
    {
        return std::any_of(m_maximal.begin(), m_maximal.end(),
                           [&set](const Maximal& maximal) { return set.isSubsetOf(maximal.set); });
    }

    void schedule(const Set& set)
    {
        ++m_counters.setsScheduled;
        m_events.push_back({toColumnSet(set), NodeEventKind::Scheduled, 0, 0});
    }

    void report(const Set& set, NodeEventKind kind)
    {
        if (kind == NodeEventKind::Safe)
            ++m_counters.setsSafe;
        m_events.push_back({toColumnSet(set), kind, 0, 0});
    }

    void flush()
    {
        m_counters.rowsScanned = rowsScanned();
        m_counters.elapsedSeconds = std::chrono::duration<double>(Clock::now() - m_started).count();
        if (!m_events.empty())
            m_observer.eventsReported(m_events, m_counters);
        m_events.clear();
    }

    [[nodiscard]] std::uint64_t rowsScanned()
    {
        std::uint64_t total = 0;
        for (const OracleWorkspace& workspace : m_workspaces)
            total += workspace.rowsScanned();
        return total;
    }

    bool stopped()
    {
        if (m_stop.stop_requested())
            m_cancelled = true;
        return m_cancelled;
    }

    void finish(SearchResult& result)
    {
        stopped();
        flush();
        result.minimalSets = m_minimal;
        std::sort(result.minimalSets.begin(), result.minimalSets.end(),
                  [](const MinimalSet& a, const MinimalSet& b) { return sizeThenLexLess(a.columns, b.columns); });
        for (const Maximal& maximal : m_maximal)
            if (!maximal.set.empty())
                result.maximalSafeSets.push_back({toColumnSet(maximal.set), maximal.smallestClass});
        std::sort(result.maximalSafeSets.begin(), result.maximalSafeSets.end(),
                  [](const SafeSet& a, const SafeSet& b) { return sizeThenLexLess(a.columns, b.columns); });
        result.stats.setsEvaluated = m_counters.setsEvaluated;
        result.stats.rowsScanned = m_counters.rowsScanned;
        result.stats.searchSeconds = m_counters.elapsedSeconds;
        result.complete = !m_cancelled;
    }

    const EncodedTable& m_table;
    const ResolvedParameters& m_parameters;
    std::stop_token m_stop;
    SearchObserver& m_observer;
    struct Maximal {
        Set set;
        std::uint64_t smallestClass = 0;
    };

    SetOracle m_oracle;
    Set m_searched;
    int m_columnCount;
    std::vector<int> m_growOrder;
    /// Set size -> its supersets within the size limit: binomials in 128 bits, too slow to
    /// recompute for each of tens of thousands of minimal sets.
    std::vector<std::uint64_t> m_supersetCounts;
    Clock::time_point m_started;
    tbb::enumerable_thread_specific<OracleWorkspace> m_workspaces;
    SetVerdicts<Set> m_verdicts;
    KnownVulnerableSets<Set> m_known;
    std::vector<MinimalSet> m_minimal;
    std::vector<Maximal> m_maximal;
    std::vector<NodeEvent> m_events;
    SearchCounters m_counters;
    bool m_cancelled = false;
};

} // namespace

SearchResult runBorderSearch(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                             SearchObserver& observer)
{
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    SearchResult result = resultFor(Algorithm::Border, resolved);
    tbb::task_arena arena(resolved.threads);
    arena.execute([&] {
        withSearchSetType(resolved.columns, [&]<typename Set>(std::type_identity<Set>) {
            BorderSearch<Set> search(table, resolved, std::move(stop), observer);
            search.run(result);
        });
    });
    return result;
}

} // namespace qiscout::core
