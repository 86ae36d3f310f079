// SPDX-License-Identifier: GPL-3.0-or-later
// The search in three phases (docs/anonymization.md): a binary search along chains for the border
// of the monotone predicate, a level sweep for the minimal acceptable transformations the
// predicate cannot settle, and a bounded sweep for the optimum among all acceptable ones. Unless
// the whole frontier is asked for, the first two skip every transformation whose metric bound
// cannot beat the best found (the third needs nothing more for the optimum). It is
// one class because the phases share the node states, the snapshot history and the events; the
// checking itself lives in NodeChecker.
#include "anonymization/lattice_search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include "anonymization/node_checker.h"
#include "anonymization/transformation_event_batcher.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

enum NodeFlag : std::uint8_t {
    predicateTrue = 1,
    predicateFalse = 2,
    knownAcceptable = 4,
    knownUnacceptable = 8,
    checkedFlag = 16,
    /// Every generalisation is known predicate-true (and acceptable, with upClosedAcceptable).
    upClosedPredicate = 32,
    upClosedAcceptable = 64,
    /// Every specialisation is known predicate-false and unacceptable.
    downClosed = 128,
};

constexpr double infinity = std::numeric_limits<double>::infinity();

/// a is better than b by more than rounding; values within 1e-12 (relative) count as equal.
bool clearlyLess(double a, double b)
{
    return a < b - 1e-12 * std::max(1.0, std::abs(b));
}

/// Rows per part when the rows are grouped in parallel, and below which they are not.
constexpr std::uint32_t rowsPerPart = 1U << 16;

template <int W>
class LatticeSearch {
public:
    LatticeSearch(const SearchSetup& setup, std::stop_token stop, AnonymizationObserver& observer)
        : m_setup(setup)
        , m_lattice(setup.lattice)
        , m_stop(std::move(stop))
        , m_calculator(setup)
        , m_batcher(observer)
        , m_checkers([this] { return NodeChecker<W>(m_setup, m_calculator); })
    {}

    AnonymizationResult run()
    {
        const auto started = std::chrono::steady_clock::now();
        const std::uint64_t size = m_lattice.size();
        m_state.assign(size, 0);
        m_value.assign(size, infinity);
        m_checkedBound.assign(size, -infinity);
        m_batcher.counters().latticeSize = size;
        // The set-up walks the whole lattice (seconds for millions of transformations): it polls
        // the stop token like the search does, so that a stop is answered at once.
        bucketByTotalLevel();
        computeStaticBounds();
        if (!m_setup.fullFrontier)
            computeUpwardBounds();

        tbb::task_arena arena(m_setup.threads);
        arena.execute([this] {
            if (m_stop.stop_requested())
                return;
            buildRoot();
            if (!m_stop.stop_requested())
                findPredicateBorder();
            if (!m_stop.stop_requested() && !m_setup.rules.fullyMonotone)
                findMinimalAcceptable();
            if (!m_stop.stop_requested())
                findOptimum();
            if (!m_stop.stop_requested() && m_best && !(m_state[*m_best] & checkedFlag))
                checkNodes({*m_best});
        });
        m_batcher.flush();

        AnonymizationResult result = resultOfSetup(m_setup, m_lattice, !m_stop.stop_requested());
        if (m_best && m_outcomes.contains(*m_best))
            result.optimum = assessmentOf(m_outcomes.at(*m_best), m_lattice);
        if (m_setup.fullFrontier) {
            result.frontier.emplace();
            for (const std::uint64_t node : minimalAcceptable())
                result.frontier->push_back(assessmentOf(m_outcomes.at(node), m_lattice));
        }
        result.stats.checked = m_checked;
        for (const std::uint8_t state : m_state) {
            if (state & checkedFlag)
                continue;
            if (state & knownAcceptable)
                ++result.stats.taggedAcceptable;
            else if (state & knownUnacceptable)
                ++result.stats.taggedUnacceptable;
        }
        result.stats.classesBuilt = m_groupsBuilt;
        result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return result;
    }

private:
    struct Snapshot {
        std::uint64_t node = 0;
        RowGroups<W> groups;
        /// When it was last a check's source (m_clock), for the eviction of the least recently used.
        std::uint64_t lastUsed = 0;
    };

    struct CheckResult {
        NodeOutcome outcome;
        RowGroups<W> groups;
        std::size_t source = 0;
        std::size_t sourceGroups = 0;
    };

    /// Whether to stop a walk over the lattice at `node`: looks at the token every few thousand
    /// transformations, which keeps the answer to a stop well under a tenth of a second.
    [[nodiscard]] bool stopAt(std::uint64_t node) const
    {
        constexpr std::uint64_t pollMask = 4095;
        return (node & pollMask) == 0 && m_stop.stop_requested();
    }

    void bucketByTotalLevel()
    {
        m_byTotalLevel.assign(static_cast<std::size_t>(m_lattice.maxTotalLevel()) + 1, {});
        LatticeWalk walk(m_lattice);
        for (std::uint64_t node = 0; node < m_lattice.size() && !stopAt(node); ++node, walk.next())
            m_byTotalLevel[static_cast<std::size_t>(walk.totalLevel())].push_back(node);
    }

    void computeStaticBounds()
    {
        m_static.resize(m_lattice.size());
        LatticeWalk walk(m_lattice);
        for (std::uint64_t node = 0; node < m_lattice.size() && !stopAt(node); ++node, walk.next())
            m_static[node] = m_calculator.staticBound(walk.levels());
    }

    /// m_bound from the static bounds: each node's is also a bound of its generalisations, so the
    /// largest over a node's specialisations holds there too. Node numbers increase along every
    /// edge, so one ascending pass sees the specialisations first.
    void computeUpwardBounds()
    {
        m_bound = m_static;
        LatticeWalk walk(m_lattice);
        for (std::uint64_t node = 0; node < m_lattice.size() && !stopAt(node); ++node, walk.next())
            for (int q = 0; q < m_lattice.dimensions(); ++q)
                if (walk.level(q) > 0)
                    m_bound[node] = std::max(m_bound[node], m_bound[node - m_lattice.stride(q)]);
    }

    /// The groups of the original table (node 0), from the rows: the root every check rolls up
    /// from when no closer snapshot exists. Large tables are grouped in parts, in parallel with
    /// several threads and also with one: a part's hash table stays in the cache, where one sized
    /// for every row does not.
    void buildRoot()
    {
        const std::uint32_t rows = m_setup.table->rowCount;
        Snapshot root;
        const std::uint32_t parts = std::max<std::uint32_t>(1, (rows + rowsPerPart - 1) / rowsPerPart);
        if (parts == 1) {
            m_checkers.local().groupRows(0, 0, rows, root.groups);
        } else {
            std::vector<RowGroups<W>> partial(parts);
            parallelFor(parts, [&](std::size_t part) {
                if (m_stop.stop_requested())
                    return;
                const auto begin = static_cast<std::uint32_t>(part * rowsPerPart);
                const std::uint32_t end = std::min(rows, begin + rowsPerPart);
                m_checkers.local().groupRows(0, begin, end, partial[part]);
            });
            m_checkers.local().mergeGroups(partial, root.groups);
        }
        m_checkers.local().describeCombinations(root.groups, 0);
        m_groupsBuilt += root.groups.size();
        m_history.push_back(std::move(root));
        m_bySize.assign(1, 0);
        m_sizeOrderLevels.assign(static_cast<std::size_t>(m_lattice.dimensions()), 0);
        for (const int height : m_lattice.heights())
            m_hubLevels.push_back(height >= 2 ? 1 : 0);
    }

    /// Slot of the stored snapshot with the fewest groups that `node` generalises: the first in
    /// order of size. With hubs, a search keeps a thousand snapshots or more, and finding the
    /// smallest by looking at all of them was a fifth of a search.
    [[nodiscard]] std::size_t sourceFor(std::uint64_t node) const
    {
        const std::size_t dimensions = static_cast<std::size_t>(m_lattice.dimensions());
        const std::array<std::uint8_t, 64> levels = levelBytes(node);
        const std::uint8_t* stored = m_sizeOrderLevels.data();
        for (std::size_t i = 0; i < m_bySize.size(); ++i, stored += dimensions) {
            bool below = true;
            for (std::size_t q = 0; q < dimensions && below; ++q)
                below = stored[q] <= levels[q];
            if (below)
                return m_bySize[i];
        }
        return 0;
    }

    /// The levels of `node`, a byte each (m_sizeOrderLevels' form).
    [[nodiscard]] std::array<std::uint8_t, 64> levelBytes(std::uint64_t node) const
    {
        std::array<std::uint8_t, 64> levels{};
        for (int q = 0; q < m_lattice.dimensions(); ++q)
            levels[static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(m_lattice.level(node, q));
        return levels;
    }

    CheckResult checkOne(std::uint64_t node)
    {
        NodeChecker<W>& checker = m_checkers.local();
        CheckResult result;
        result.source = sourceFor(node);
        const Snapshot& source = m_history[result.source];
        result.sourceGroups = source.groups.size();
        if (source.node == node) {
            result.outcome = checker.evaluate(source.groups, node, nullptr, Pricing::AcceptableOnly);
        } else {
            checker.rollUp(source.groups, source.node, node, result.groups);
            result.outcome = checker.evaluate(result.groups, node, nullptr, Pricing::AcceptableOnly);
        }
        return result;
    }

    /// The hub of `node`: each quasi-identifier at its level or at m_hubLevels', whichever is lower.
    [[nodiscard]] std::uint64_t hubOf(std::uint64_t node) const
    {
        std::uint64_t hub = 0;
        for (int q = 0; q < m_lattice.dimensions(); ++q)
            hub += static_cast<std::uint64_t>(
                       std::min(m_lattice.level(node, q), m_hubLevels[static_cast<std::size_t>(q)])) *
                   m_lattice.stride(q);
        return hub;
    }

    /// Groups, before `nodes` are checked, the hubs they generalise that no snapshot stands in for
    /// (each at most once a search), keeping those that save work like a checked node's groups.
    /// Most checks have no checked specialisation and would roll up the original table's groups;
    /// a hub, one level up on every quasi-identifier that has levels above the first, has a few
    /// times fewer groups and serves every check above it. On ARX's adult with 2 % suppression,
    /// AECS k 2/5/10, the roll-ups read 2.2-2.6x fewer groups, the hubs' own included; DM* and
    /// entropy-non-monotonic with k 2 search a fifth faster, AECS with k 5 and 10 no faster.
    /// Not without suppression: a search then checks a few hundred nodes, most of them high, and
    /// the hubs cost more than they save (adult, DM*, k 2/5/10: 7.5/7.0/5.9 ms with them,
    /// 4.6/3.9/3.4 ms without).
    void prepareHubs(const std::vector<std::uint64_t>& nodes)
    {
        if (m_setup.suppressionLimit == 0)
            return;
        std::vector<std::uint64_t> hubs;
        for (const std::uint64_t node : nodes) {
            const std::uint64_t hub = hubOf(node);
            if (hub == node || m_lattice.generalises(m_history[sourceFor(node)].node, hub) ||
                !m_hubsTried.insert(hub).second)
                continue;
            hubs.push_back(hub);
        }
        if (hubs.empty())
            return;
        std::vector<CheckResult> built(hubs.size());
        const auto build = [&](std::size_t i) {
            CheckResult& result = built[i];
            result.source = sourceFor(hubs[i]);
            const Snapshot& source = m_history[result.source];
            result.sourceGroups = source.groups.size();
            m_checkers.local().rollUp(source.groups, source.node, hubs[i], result.groups);
        };
        if (hubs.size() == 1)
            build(0);
        else
            parallelFor(hubs.size(), [&](std::size_t i) {
                if (!m_stop.stop_requested())
                    build(i);
            });
        if (m_stop.stop_requested())
            return;
        markUsed(built);
        for (std::size_t i = 0; i < hubs.size(); ++i) {
            m_groupsBuilt += built[i].groups.size();
            if (!built[i].groups.keys.empty() && built[i].groups.size() * 5 <= built[i].sourceGroups * 4)
                store(hubs[i], std::move(built[i].groups));
        }
    }

    /// Notes the sources of `results` as just used (before any store may evict one).
    void markUsed(const std::vector<CheckResult>& results)
    {
        ++m_clock;
        for (const CheckResult& result : results)
            m_history[result.source].lastUsed = m_clock;
    }

    /// Checks the nodes (in parallel when there are several), then records them in order.
    void checkNodes(const std::vector<std::uint64_t>& nodes)
    {
        prepareHubs(nodes);
        if (m_stop.stop_requested())
            return;
        std::vector<CheckResult> results(nodes.size());
        for (CheckResult& result : results)
            result.groups = takeSpare();
        if (nodes.size() == 1) {
            results[0] = checkOne(nodes[0]);
        } else {
            parallelFor(nodes.size(), [&](std::size_t i) {
                if (!m_stop.stop_requested())
                    results[i] = checkOne(nodes[i]);
            });
            if (m_stop.stop_requested())
                return;
        }
        markUsed(results);
        for (CheckResult& result : results)
            record(std::move(result));
        m_batcher.flushIfDue();
    }

    void record(CheckResult&& result)
    {
        const NodeOutcome& outcome = result.outcome;
        const std::uint64_t node = outcome.node;
        ++m_checked;
        m_groupsBuilt += outcome.groups;
        m_state[node] |= checkedFlag;
        m_checkedBound[node] = outcome.valueWithoutSuppression;
        if (!m_setup.fullFrontier)
            raiseBound(node, outcome.valueWithoutSuppression);
        if (outcome.acceptable) {
            m_state[node] |= knownAcceptable | predicateTrue;
            m_value[node] = outcome.value;
        } else {
            m_state[node] |= knownUnacceptable;
        }
        AnonymizationCounters& counters = m_batcher.counters();
        ++counters.checked;
        m_batcher.record({node, TransformationEventKind::Checked, outcome.acceptable,
                          outcome.priced ? std::optional<double>(outcome.value) : std::nullopt,
                          outcome.suppressedRows});
        if (outcome.predicate) {
            m_state[node] |= predicateTrue;
            closeUp(node, upClosedPredicate, predicateTrue);
        } else {
            closeDown(node);
        }
        if (outcome.acceptable && outcome.stable)
            closeUp(node, upClosedAcceptable, knownAcceptable);
        if (outcome.acceptable)
            offerBest(node, outcome.value);

        // Keep a snapshot only when it saves real work against its own source (ARX keeps those
        // that shrink the classes by a margin too), as an exact-size copy: the check's buffers were
        // sized for its source's groups, and go back to the spares.
        if (!result.groups.keys.empty() && result.groups.size() * 5 <= result.sourceGroups * 4)
            store(node, RowGroups<W>(result.groups));
        recycle(std::move(result.groups));
        m_outcomes.emplace(node, std::move(result.outcome));
    }

    /// Keeps a node's groups for later roll-ups. Over the budget, the least recently used go first
    /// (never the root): the search works in one region of the lattice at a time. Evicting the
    /// largest first threw the hubs away, each a source for many checks; least recently used, the
    /// roll-ups on adult with 2 % suppression read up to a fifth fewer groups even without hubs.
    void store(std::uint64_t node, RowGroups<W>&& groups)
    {
        const std::size_t size = groups.size();
        m_storedGroups += size;
        std::size_t slot = m_history.size();
        if (m_freeSlots.empty()) {
            m_history.push_back({node, std::move(groups), m_clock});
        } else {
            slot = m_freeSlots.back();
            m_freeSlots.pop_back();
            m_history[slot] = {node, std::move(groups), m_clock};
        }
        // After the snapshots of the same size: the earlier stored stays the one chosen.
        const auto position =
            static_cast<std::size_t>(std::upper_bound(m_bySize.begin(), m_bySize.end(), size,
                                                      [&](std::size_t wanted, std::uint32_t other) {
                                                          return wanted < m_history[other].groups.size();
                                                      }) -
                                     m_bySize.begin());
        m_bySize.insert(m_bySize.begin() + static_cast<std::ptrdiff_t>(position), static_cast<std::uint32_t>(slot));
        const std::array<std::uint8_t, 64> levels = levelBytes(node);
        const auto dimensions = static_cast<std::size_t>(m_lattice.dimensions());
        m_sizeOrderLevels.insert(m_sizeOrderLevels.begin() + static_cast<std::ptrdiff_t>(position * dimensions),
                                 levels.begin(), levels.begin() + static_cast<std::ptrdiff_t>(dimensions));

        const std::size_t budget = std::max<std::size_t>(2 * m_history.front().groups.size(), std::size_t{1} << 20);
        while (m_bySize.size() > maxSnapshots || (m_storedGroups > budget && m_bySize.size() > 1)) {
            std::size_t oldest = m_bySize[0] == 0 ? 1 : 0;
            for (std::size_t i = oldest + 1; i < m_bySize.size(); ++i)
                if (m_bySize[i] != 0 && m_history[m_bySize[i]].lastUsed < m_history[m_bySize[oldest]].lastUsed)
                    oldest = i;
            const std::uint32_t evicted = m_bySize[oldest];
            m_storedGroups -= m_history[evicted].groups.size();
            recycle(std::move(m_history[evicted].groups));
            m_history[evicted] = {};
            m_freeSlots.push_back(evicted);
            m_bySize.erase(m_bySize.begin() + static_cast<std::ptrdiff_t>(oldest));
            m_sizeOrderLevels.erase(m_sizeOrderLevels.begin() + static_cast<std::ptrdiff_t>(oldest * dimensions),
                                    m_sizeOrderLevels.begin() + static_cast<std::ptrdiff_t>((oldest + 1) * dimensions));
        }
    }

    /// Buffers for a check's groups, from an earlier check when one is spare: fresh buffers the
    /// size of the root's groups cost a page fault per 4 KiB at every check (a fifth of a search
    /// on adult with suppression, where most checks roll up from the root).
    RowGroups<W> takeSpare()
    {
        if (m_spare.empty())
            return {};
        RowGroups<W> groups = std::move(m_spare.back());
        m_spare.pop_back();
        return groups;
    }

    void recycle(RowGroups<W>&& groups)
    {
        if (m_spare.size() >= maxSpare)
            return;
        groups.clear();
        m_spare.push_back(std::move(groups));
    }

    /// Marks every generalisation of `node` with `flag` (and predicate-true), reporting nodes
    /// newly known acceptable. `closed` records that a node's generalisations are all done.
    void closeUp(std::uint64_t node, std::uint8_t closed, std::uint8_t flag)
    {
        m_stack.assign(1, node);
        while (!m_stack.empty()) {
            const std::uint64_t current = m_stack.back();
            m_stack.pop_back();
            if (m_state[current] & closed)
                continue;
            m_state[current] |= closed;
            if (closed == upClosedAcceptable)
                m_state[current] |= upClosedPredicate;
            for (int q = 0; q < m_lattice.dimensions(); ++q) {
                if (m_lattice.level(current, q) == m_lattice.heights()[static_cast<std::size_t>(q)])
                    continue;
                const std::uint64_t next = current + m_lattice.stride(q);
                const std::uint8_t before = m_state[next];
                m_state[next] |= flag | predicateTrue;
                if (flag == knownAcceptable && !(before & knownAcceptable) && !(before & checkedFlag)) {
                    ++m_batcher.counters().taggedAcceptable;
                    m_batcher.record({next, TransformationEventKind::TaggedAcceptable, true, 0.0, 0});
                    if (m_setup.suppressionLimit == 0 && m_calculator.staticBoundExactWithoutSuppression())
                        offerBest(next, m_static[next]);
                }
                if (!(m_state[next] & closed))
                    m_stack.push_back(next);
            }
        }
    }

    /// Marks every specialisation of `node` predicate-false and unacceptable.
    void closeDown(std::uint64_t node)
    {
        m_stack.assign(1, node);
        while (!m_stack.empty()) {
            const std::uint64_t current = m_stack.back();
            m_stack.pop_back();
            if (m_state[current] & downClosed)
                continue;
            const std::uint8_t before = m_state[current];
            m_state[current] |= downClosed | predicateFalse | knownUnacceptable;
            if (!(before & (knownUnacceptable | checkedFlag))) {
                ++m_batcher.counters().taggedUnacceptable;
                m_batcher.record({current, TransformationEventKind::TaggedUnacceptable, false, 0.0, 0});
            }
            for (int q = 0; q < m_lattice.dimensions(); ++q)
                if (m_lattice.level(current, q) > 0) {
                    const std::uint64_t previous = current - m_lattice.stride(q);
                    if (!(m_state[previous] & downClosed))
                        m_stack.push_back(previous);
                }
        }
    }

    /// Raises the metric bound of `node` and of its generalisations to `value` (a value without
    /// suppression never decreases upwards).
    void raiseBound(std::uint64_t node, double value)
    {
        if (m_bound[node] >= value)
            return;
        m_bound[node] = value;
        m_stack.assign(1, node);
        while (!m_stack.empty()) {
            const std::uint64_t current = m_stack.back();
            m_stack.pop_back();
            for (int q = 0; q < m_lattice.dimensions(); ++q) {
                if (m_lattice.level(current, q) == m_lattice.heights()[static_cast<std::size_t>(q)])
                    continue;
                const std::uint64_t next = current + m_lattice.stride(q);
                if (m_bound[next] < value) {
                    m_bound[next] = value;
                    m_stack.push_back(next);
                }
            }
        }
    }

    /// Whether the search may leave `node` unchecked and unsettled: only the optimum is asked for
    /// and no transformation from `node` up can beat the best found (ARX prunes the same way).
    [[nodiscard]] bool cannotImprove(std::uint64_t node) const
    {
        return !m_setup.fullFrontier && m_best && !clearlyLess(m_bound[node], m_bestValue);
    }

    /// Whether the border search skips the nodes that cannot improve. Not without suppression: the
    /// border's checks are then few and high (cheap), a check tags a whole region, and skipping
    /// them led the chains to lower, costlier nodes (adult, k 2/10, loss and discernibility:
    /// 2-28 % more checks and 1.6-2.8x the CPU time). With 2 % suppression it checks 2.4-5.8x fewer.
    [[nodiscard]] bool borderSkips(std::uint64_t node) const
    {
        return m_setup.suppressionLimit > 0 && cannotImprove(node);
    }

    /// Ties: fewer total levels, then the lower node.
    void offerBest(std::uint64_t node, double value)
    {
        if (m_best) {
            if (clearlyLess(m_bestValue, value))
                return;
            if (!clearlyLess(value, m_bestValue)) {
                const int mine = m_lattice.totalLevel(node);
                const int theirs = m_lattice.totalLevel(*m_best);
                if (mine > theirs || (mine == theirs && node > *m_best))
                    return;
            }
        }
        m_best = node;
        m_bestValue = value;
        m_batcher.counters().bestNode = node;
        m_batcher.counters().bestValue = value;
    }

    /// Phase 1: settles the monotone predicate of every node with binary searches along chains:
    /// from the lowest unsettled node, a chain of unsettled generalisations up to the first
    /// settled one; a check's verdict settles everything above (true) or below (false) it. A node
    /// that cannot improve on the best is treated like a true one: nothing above it matters.
    void findPredicateBorder()
    {
        std::vector<std::uint64_t> path;
        for (const std::vector<std::uint64_t>& level : m_byTotalLevel) {
            for (const std::uint64_t start : level) {
                if (settled(start) || borderSkips(start))
                    continue;
                if (m_stop.stop_requested())
                    return;
                path.assign(1, start);
                for (std::uint64_t current = start;;) {
                    const std::optional<std::uint64_t> next = unsettledSuccessor(current);
                    if (!next)
                        break;
                    path.push_back(*next);
                    current = *next;
                }
                std::size_t low = 0;
                std::size_t high = path.size();
                while (low < high) {
                    const std::size_t middle = probeBetween(path, low, high);
                    if (!settled(path[middle]) && !borderSkips(path[middle])) {
                        if (m_stop.stop_requested())
                            return;
                        checkNodes({path[middle]});
                    }
                    if ((m_state[path[middle]] & predicateTrue) || borderSkips(path[middle]))
                        high = middle;
                    else
                        low = middle + 1;
                }
            }
        }
    }

    /// The position in path[low, high) to check next: of the unsettled nodes within 30 % of the
    /// range either side of its middle, the one whose check rolls up the fewest groups (nearest
    /// the middle on ties). Any position keeps the binary search right; near the middle it stays
    /// about as short, and the first check of a chain usually rolls up from the original table
    /// unless a node a little off the middle has a snapshot below it. On ARX's adult: 9-14 % fewer
    /// instructions without suppression, 8-14 % less time for the entropy metrics with 2 %
    /// suppression; 10, 17 and 22 % either side saved less, 40 % no more.
    [[nodiscard]] std::size_t probeBetween(const std::vector<std::uint64_t>& path, std::size_t low,
                                           std::size_t high) const
    {
        const std::size_t middle = (low + high) / 2;
        const std::size_t reach = (high - low) * 3 / 10;
        std::size_t best = middle;
        std::size_t bestGroups = std::numeric_limits<std::size_t>::max();
        const auto consider = [&](std::size_t position) {
            if (position < low || position >= high || settled(path[position]) || borderSkips(path[position]))
                return;
            const std::size_t groups = m_history[sourceFor(path[position])].groups.size();
            if (groups < bestGroups) {
                best = position;
                bestGroups = groups;
            }
        };
        consider(middle);
        for (std::size_t distance = 1; distance <= reach; ++distance) {
            if (distance <= middle)
                consider(middle - distance);
            consider(middle + distance);
        }
        return best;
    }

    [[nodiscard]] bool settled(std::uint64_t node) const
    {
        return (m_state[node] & (predicateTrue | predicateFalse)) != 0;
    }

    /// The unsettled direct generalisation that raises the quasi-identifier nearest its top
    /// (relative to its height; ties to the first), so that a chain takes one column up before
    /// the next. On adult (8 quasi-identifiers) this checks 3-28 % fewer nodes than climbing all
    /// columns evenly (k 2/5/10, suppression 0 and 2 %, every metric).
    [[nodiscard]] std::optional<std::uint64_t> unsettledSuccessor(std::uint64_t node) const
    {
        std::optional<std::uint64_t> chosen;
        double chosenProgress = -infinity;
        for (int q = 0; q < m_lattice.dimensions(); ++q) {
            const int height = m_lattice.heights()[static_cast<std::size_t>(q)];
            const int level = m_lattice.level(node, q);
            if (level == height)
                continue;
            const std::uint64_t next = node + m_lattice.stride(q);
            if (settled(next) || borderSkips(next))
                continue;
            const double progress = static_cast<double>(level + 1) / height;
            if (progress > chosenProgress) {
                chosen = next;
                chosenProgress = progress;
            }
        }
        return chosen;
    }

    /// Phase 2, for models that are not monotone in this setting: every node whose predicate holds
    /// and that has no acceptable specialisation is checked (unless it cannot improve on the best),
    /// level by level (a node of a level depends only on lower levels, so a level is checked in
    /// parallel).
    void findMinimalAcceptable()
    {
        std::vector<std::uint8_t> dominated(m_lattice.size(), 0);
        std::vector<std::uint64_t> toCheck;
        for (const std::vector<std::uint64_t>& level : m_byTotalLevel) {
            toCheck.clear();
            for (const std::uint64_t node : level) {
                dominated[node] = hasAcceptableBelow(node, dominated) ? 1 : 0;
                if (!dominated[node] && (m_state[node] & predicateTrue) &&
                    !(m_state[node] & (knownAcceptable | knownUnacceptable)) && !cannotImprove(node))
                    toCheck.push_back(node);
            }
            if (m_stop.stop_requested())
                return;
            if (!toCheck.empty())
                checkNodes(toCheck);
        }
    }

    [[nodiscard]] bool hasAcceptableBelow(std::uint64_t node, const std::vector<std::uint8_t>& dominated) const
    {
        for (int q = 0; q < m_lattice.dimensions(); ++q) {
            if (m_lattice.level(node, q) == 0)
                continue;
            const std::uint64_t previous = node - m_lattice.stride(q);
            if (dominated[previous] || (m_state[previous] & knownAcceptable))
                return true;
        }
        return false;
    }

    /// Phase 3: the optimum. A node can beat the best value found only if its lower bound (the
    /// static bound, and the value without suppression of every checked specialisation, which
    /// never decreases upwards) is below it. Rounds check the lowest such candidates in parallel
    /// until none is left.
    void findOptimum()
    {
        std::vector<double> bound(m_lattice.size());
        std::vector<std::uint8_t> candidateBelow(m_lattice.size());
        std::vector<std::uint64_t> selected;
        while (!m_stop.stop_requested()) {
            selected.clear();
            const double best = m_best ? m_bestValue : infinity;
            LatticeWalk walk(m_lattice);
            for (std::uint64_t node = 0; node < m_lattice.size(); ++node, walk.next()) {
                // Node numbers increase along every edge, so the predecessors are done already.
                double lower = std::max(m_static[node], m_checkedBound[node]);
                bool below = false;
                for (int q = 0; q < m_lattice.dimensions(); ++q) {
                    if (walk.level(q) == 0)
                        continue;
                    const std::uint64_t previous = node - m_lattice.stride(q);
                    lower = std::max(lower, bound[previous]);
                    below = below || candidateBelow[previous];
                }
                bound[node] = lower;
                const std::uint8_t state = m_state[node];
                const bool valueKnown =
                    m_value[node] != infinity || ((state & knownAcceptable) && m_setup.suppressionLimit == 0 &&
                                                  m_calculator.staticBoundExactWithoutSuppression());
                const bool candidate = !(state & knownUnacceptable) && !valueKnown && clearlyLess(lower, best);
                if (candidate && !below)
                    selected.push_back(node);
                candidateBelow[node] = (candidate || below) ? 1 : 0;
            }
            if (selected.empty())
                return;
            checkNodes(selected);
        }
    }

    /// The acceptable nodes with no acceptable specialisation, ascending.
    [[nodiscard]] std::vector<std::uint64_t> minimalAcceptable() const
    {
        std::vector<std::uint8_t> dominated(m_lattice.size(), 0);
        std::vector<std::uint64_t> minimal;
        for (std::uint64_t node = 0; node < m_lattice.size(); ++node) {
            dominated[node] = hasAcceptableBelow(node, dominated) ? 1 : 0;
            if (!dominated[node] && (m_state[node] & knownAcceptable) && m_outcomes.contains(node))
                minimal.push_back(node);
        }
        return minimal;
    }

    static constexpr std::size_t maxSnapshots = 4096;
    /// Spare buffers kept: enough for the sequential checks of the border search and a few of a
    /// parallel round. Each can be as large as the root's groups, so not more.
    static constexpr std::size_t maxSpare = 4;

    const SearchSetup& m_setup;
    const TransformationLattice& m_lattice;
    std::stop_token m_stop;
    UtilityCalculator m_calculator;
    TransformationEventBatcher m_batcher;
    tbb::enumerable_thread_specific<NodeChecker<W>> m_checkers;

    std::vector<std::uint8_t> m_state;
    /// Metric value of checked acceptable nodes (infinity otherwise).
    std::vector<double> m_value;
    /// Value without suppression of checked nodes (-infinity otherwise).
    std::vector<double> m_checkedBound;
    std::vector<double> m_static;
    /// Without fullFrontier: a lower bound of the metric at each node and its generalisations (the
    /// static bound, raised by the values without suppression of checked specialisations).
    std::vector<double> m_bound;
    std::vector<std::vector<std::uint64_t>> m_byTotalLevel;
    std::vector<std::uint64_t> m_stack;
    std::unordered_map<std::uint64_t, NodeOutcome> m_outcomes;
    /// Stored snapshots by slot (the root in slot 0); an evicted snapshot's slot is reused.
    std::vector<Snapshot> m_history;
    std::vector<std::uint32_t> m_freeSlots;
    /// The slots of the stored snapshots from the fewest groups to the most (the root last), and
    /// their nodes' levels in the same order, dimensions() bytes each, for sourceFor().
    std::vector<std::uint32_t> m_bySize;
    std::vector<std::uint8_t> m_sizeOrderLevels;
    /// Per quasi-identifier, the level of the hubs (prepareHubs()).
    std::vector<int> m_hubLevels;
    std::unordered_set<std::uint64_t> m_hubsTried;
    /// Counts the rounds of checks, for the snapshots' lastUsed.
    std::uint64_t m_clock = 0;
    std::vector<RowGroups<W>> m_spare;
    std::size_t m_storedGroups = 0;
    std::uint64_t m_checked = 0;
    std::uint64_t m_groupsBuilt = 0;
    std::optional<std::uint64_t> m_best;
    double m_bestValue = infinity;
};

} // namespace

AnonymizationResult searchLattice(const SearchSetup& setup, std::stop_token stop, AnonymizationObserver& observer)
{
    return withKeyWords(setup.keyWords, [&](auto words) {
        LatticeSearch<decltype(words)::value> search(setup, std::move(stop), observer);
        return search.run();
    });
}

} // namespace qiscout::core
