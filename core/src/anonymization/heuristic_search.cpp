// SPDX-License-Identifier: GPL-3.0-or-later
// The heuristic search (#40) in three phases sharing one record of checked transformations: a
// greedy climb from the original table, a greedy descent from the first acceptable transformation
// found, and a best-first search by metric bound that runs until the time budget is spent. The
// best-first search is what makes the answer's bound sound: every transformation it has not
// checked generalises one still queued (whose key bounds it) or one pruned because its bound could
// not beat the best found, so the bound is the smaller of the best value and the queue's least key.
#include "anonymization/heuristic_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include "anonymization/node_checker.h"
#include "anonymization/transformation_event_batcher.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

constexpr double heuristicInfinity = std::numeric_limits<double>::infinity();

/// a is below b by more than rounding (the exact search's tolerance).
bool heuristicLess(double a, double b)
{
    return a < b - 1e-12 * std::max(1.0, std::abs(b));
}

/// What the search keeps of each checked transformation (the whole outcome only for the best).
struct HeuristicVerdict {
    bool acceptable = false;
    double value = 0.0;
    double valueWithoutSuppression = 0.0;
    std::uint64_t suppressedRows = 0;
};

/// A transformation waiting in the best-first queue: its bound, then fewer levels first.
struct QueuedTransformation {
    double bound = 0.0;
    int totalLevel = 0;
    std::uint64_t node = 0;

    friend bool operator>(const QueuedTransformation& a, const QueuedTransformation& b)
    {
        return std::tie(a.bound, a.totalLevel, a.node) > std::tie(b.bound, b.totalLevel, b.node);
    }
};

template <int W>
struct HeuristicSnapshot {
    std::uint64_t node = 0;
    RowGroups<W> groups;
};

template <int W>
struct HeuristicWorker {
    NodeChecker<W> checker;
    RowGroups<W> groups;
};

template <int W>
class HeuristicSearch {
public:
    HeuristicSearch(const SearchSetup& setup, double seconds, std::stop_token stop, AnonymizationObserver& observer)
        : m_setup(setup)
        , m_lattice(setup.lattice)
        , m_seconds(seconds)
        , m_stop(std::move(stop))
        , m_calculator(setup)
        , m_batcher(observer)
        , m_workers([this] {
            return HeuristicWorker<W>{NodeChecker<W>(m_setup, m_calculator), {}};
        })
    {}

    AnonymizationResult run()
    {
        const auto started = std::chrono::steady_clock::now();
        m_deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(m_seconds));
        m_batcher.counters().latticeSize = m_lattice.size();
        tbb::task_arena arena(m_setup.threads);
        arena.execute([this] {
            buildRoot();
            m_queue.push({boundFromStatic(0, -heuristicInfinity), 0, 0});
            m_queued.insert(0);
            if (!outOfTime())
                climb();
            if (!outOfTime() && m_best)
                descend();
            bestFirst();
        });
        m_batcher.flush();

        AnonymizationResult result = resultOfSetup(m_setup, m_lattice, !m_stop.stop_requested());
        if (m_best)
            result.optimum = assessmentOf(*m_bestOutcome, m_lattice);
        const double bound = provenBound();
        result.optimal = m_best ? !heuristicLess(bound, m_bestValue) : bound == heuristicInfinity;
        if (bound != heuristicInfinity)
            result.lowerBound = bound;
        else if (m_best)
            result.lowerBound = m_bestValue;
        result.stats.checked = m_verdicts.size();
        result.stats.classesBuilt = m_groupsBuilt;
        result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return result;
    }

private:
    [[nodiscard]] bool outOfTime() const
    {
        return m_stop.stop_requested() || std::chrono::steady_clock::now() >= m_deadline;
    }

    void buildRoot()
    {
        NodeChecker<W>& checker = m_workers.local().checker;
        HeuristicSnapshot<W> root;
        checker.groupRows(0, 0, m_setup.table->rowCount, root.groups);
        checker.describeCombinations(root.groups, 0);
        m_snapshots.push_back(std::move(root));
    }

    /// The smaller of the best value and every queued key: no transformation the best-first
    /// search has not checked can be acceptable with a lower value.
    [[nodiscard]] double provenBound() const
    {
        const double queued = m_queue.empty() ? heuristicInfinity : m_queue.top().bound;
        return std::min(queued, m_best ? m_bestValue : heuristicInfinity);
    }

    [[nodiscard]] double boundFromStatic(std::uint64_t node, double inherited) const
    {
        return std::max(inherited, m_calculator.staticBound(m_lattice.transformationOf(node).levels));
    }

    /// The stored groups with the fewest groups that `node` generalises (the root at worst).
    [[nodiscard]] const HeuristicSnapshot<W>& sourceFor(std::uint64_t node) const
    {
        const HeuristicSnapshot<W>* best = &m_snapshots.front();
        for (const HeuristicSnapshot<W>& snapshot : m_snapshots)
            if (snapshot.groups.size() < best->groups.size() && m_lattice.generalises(node, snapshot.node))
                best = &snapshot;
        return *best;
    }

    /// Keeps the groups of a node on the climb while they hold fewer groups than the last kept and
    /// all kept together stay within a few times the root's.
    void keep(std::uint64_t node, RowGroups<W>&& groups)
    {
        if (groups.size() * 5 > m_snapshots.back().groups.size() * 4 ||
            m_storedGroups + groups.size() > 4 * m_snapshots.front().groups.size())
            return;
        m_storedGroups += groups.size();
        m_snapshots.push_back({node, std::move(groups)});
    }

    /// Checks the nodes not checked yet, in parallel, and records them in order.
    void check(const std::vector<std::uint64_t>& nodes)
    {
        std::vector<std::uint64_t> fresh;
        for (const std::uint64_t node : nodes)
            if (!m_verdicts.contains(node))
                fresh.push_back(node);
        std::vector<std::optional<NodeOutcome>> outcomes(fresh.size());
        parallelFor(fresh.size(), [&](std::size_t i) {
            // A check of a large table takes long: none starts once the budget is spent.
            if (outOfTime())
                return;
            HeuristicWorker<W>& worker = m_workers.local();
            const HeuristicSnapshot<W>& source = sourceFor(fresh[i]);
            if (fresh[i] == source.node) {
                outcomes[i] = worker.checker.evaluate(source.groups, source.node);
            } else {
                worker.checker.rollUp(source.groups, source.node, fresh[i], worker.groups);
                outcomes[i] = worker.checker.evaluate(worker.groups, fresh[i]);
            }
        });
        if (m_stop.stop_requested())
            return;
        for (std::optional<NodeOutcome>& outcome : outcomes)
            if (outcome)
                record(std::move(*outcome));
        m_batcher.flushIfDue();
    }

    void record(NodeOutcome&& outcome)
    {
        m_groupsBuilt += outcome.groups;
        m_verdicts.emplace(outcome.node, HeuristicVerdict{outcome.acceptable, outcome.value,
                                                          outcome.valueWithoutSuppression, outcome.suppressedRows});
        ++m_batcher.counters().checked;
        m_batcher.record({outcome.node, TransformationEventKind::Checked, outcome.acceptable, outcome.value,
                          outcome.suppressedRows});
        if (outcome.acceptable)
            offerBest(std::move(outcome));
    }

    /// Ties as in the exact search: fewer total levels, then the lower node.
    void offerBest(NodeOutcome&& outcome)
    {
        if (m_best) {
            if (heuristicLess(m_bestValue, outcome.value))
                return;
            if (!heuristicLess(outcome.value, m_bestValue)) {
                const int mine = m_lattice.totalLevel(outcome.node);
                const int theirs = m_lattice.totalLevel(*m_best);
                if (mine > theirs || (mine == theirs && outcome.node > *m_best))
                    return;
            }
        }
        m_best = outcome.node;
        m_bestValue = outcome.value;
        m_batcher.counters().bestNode = outcome.node;
        m_batcher.counters().bestValue = outcome.value;
        m_bestOutcome = std::move(outcome);
    }

    /// Phase 1: from the original table, checks every direct generalisation and moves to the one
    /// closest to acceptable (fewest rows to suppress, then least value) until one is acceptable.
    void climb()
    {
        check({0});
        std::uint64_t current = 0;
        while (!m_best && !outOfTime()) {
            const std::vector<std::uint64_t> next = m_lattice.successors(current);
            if (next.empty())
                return;
            check(next);
            if (std::any_of(next.begin(), next.end(),
                            [this](std::uint64_t node) { return !m_verdicts.contains(node); }))
                return;
            const std::uint64_t chosen =
                *std::min_element(next.begin(), next.end(), [this](std::uint64_t a, std::uint64_t b) {
                    const HeuristicVerdict& x = m_verdicts.at(a);
                    const HeuristicVerdict& y = m_verdicts.at(b);
                    return std::tie(x.suppressedRows, x.value) < std::tie(y.suppressedRows, y.value);
                });
            // The climb's next checks roll up from the chosen node's groups, fewer at every step.
            const HeuristicSnapshot<W>& source = sourceFor(chosen);
            RowGroups<W> groups;
            m_workers.local().checker.rollUp(source.groups, source.node, chosen, groups);
            keep(chosen, std::move(groups));
            current = chosen;
        }
    }

    /// Phase 2: moves from the best to a better acceptable direct specialisation while one exists.
    void descend()
    {
        for (std::uint64_t current = *m_best; !outOfTime();) {
            check(m_lattice.predecessors(current));
            if (*m_best == current)
                return;
            current = *m_best;
        }
    }

    /// Phase 3: expands the queued transformations of least bound in parallel batches, queueing
    /// each unseen generalisation whose bound can still beat the best, until the time is spent or
    /// nothing can beat the best (the answer is then proven optimal).
    void bestFirst()
    {
        const std::size_t batchSize = static_cast<std::size_t>(std::max(1, m_setup.threads)) * 4;
        std::vector<QueuedTransformation> batch;
        std::vector<std::uint64_t> nodes;
        while (!m_queue.empty() && !outOfTime()) {
            if (m_best && !heuristicLess(m_queue.top().bound, m_bestValue)) {
                m_queue = {};
                return;
            }
            batch.clear();
            nodes.clear();
            while (!m_queue.empty() && batch.size() < batchSize) {
                batch.push_back(m_queue.top());
                nodes.push_back(m_queue.top().node);
                m_queue.pop();
            }
            check(nodes);
            if (std::any_of(nodes.begin(), nodes.end(),
                            [this](std::uint64_t node) { return !m_verdicts.contains(node); })) {
                // Out of time (or stopped) within the batch: the unexpanded keys still bound the rest.
                for (const QueuedTransformation& queued : batch)
                    m_queue.push(queued);
                return;
            }
            for (const QueuedTransformation& queued : batch) {
                const double inherited = std::max(queued.bound, m_verdicts.at(queued.node).valueWithoutSuppression);
                for (const std::uint64_t next : m_lattice.successors(queued.node)) {
                    if (!m_queued.insert(next).second)
                        continue;
                    const double bound = boundFromStatic(next, inherited);
                    if (!m_best || heuristicLess(bound, m_bestValue))
                        m_queue.push({bound, m_lattice.totalLevel(next), next});
                }
            }
        }
    }

    const SearchSetup& m_setup;
    const TransformationLattice& m_lattice;
    double m_seconds;
    std::stop_token m_stop;
    UtilityCalculator m_calculator;
    TransformationEventBatcher m_batcher;
    tbb::enumerable_thread_specific<HeuristicWorker<W>> m_workers;
    std::chrono::steady_clock::time_point m_deadline;

    /// The root's groups first, then those kept on the climb (fewer at each).
    std::vector<HeuristicSnapshot<W>> m_snapshots;
    std::size_t m_storedGroups = 0;
    std::unordered_map<std::uint64_t, HeuristicVerdict> m_verdicts;
    std::priority_queue<QueuedTransformation, std::vector<QueuedTransformation>, std::greater<>> m_queue;
    /// Every node ever queued or pruned, so that each is queued once.
    std::unordered_set<std::uint64_t> m_queued;
    std::optional<std::uint64_t> m_best;
    double m_bestValue = heuristicInfinity;
    std::optional<NodeOutcome> m_bestOutcome;
    std::uint64_t m_groupsBuilt = 0;
};

} // namespace

AnonymizationResult searchHeuristically(const SearchSetup& setup, double seconds, std::stop_token stop,
                                        AnonymizationObserver& observer)
{
    return withKeyWords(setup.keyWords, [&](auto words) {
        HeuristicSearch<decltype(words)::value> search(setup, seconds, std::move(stop), observer);
        return search.run();
    });
}

} // namespace qiscout::core
