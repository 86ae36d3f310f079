// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: FPVI's scheduler is one state machine (levels planned whole, prefix partitions
// built ahead and cached, sets scanned batch by batch by workers that keep to their set, every
// outcome settled in order); its parts share the lock, the queues and the events, so splitting
// them would spread one invariant over several files.
#include "engines/fpvi_engine.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engines/event_batcher.h"
#include "engines/search_setup.h"
#include "engines/settled_lattice.h"
#include "lattice/candidate_generator.h"
#include "lattice/fixed_column_set.h"
#include "lattice/set_verdicts.h"
#include "partition/class_scan.h"
#include "partition/column_index.h"
#include "partition/column_pack.h"
#include "partition/position_list_index.h"
#include "partition/prefix_cache.h"
#include "partition/prefix_planner.h"
#include "partition/wildcard_classes.h"

// Why the answer is exact whatever the timing:
// - Levels are opened one at a time: the generator yields sets of size s + 1 only once every set
//   of size s is settled, and only those whose subsets of size s are all safe. So every proper
//   subset of an evaluated set is known safe, a vulnerable evaluated set is minimal, and no
//   superset of a vulnerable set is ever evaluated (the trap of a superset racing its subset
//   cannot occur).
// - A task covers whole classes of the set's prefix P (a subset one column smaller, chosen by
//   the prefix planner), taken from P's position list index. Every class of P + c lies inside
//   one class of P, so a task sees complete classes and its counts are whole-table counts,
//   never batch-local ones.
// - Sets of one prefix whose columns share a pack (partition/column_pack.h) are scanned together,
//   batch by batch over the same classes of P: each gets exactly what its own scan would count.
// - Batches of a set are merged by sum and min, which do not depend on order, so the statistics
//   are identical for every thread count and batch size.
// A vulnerable set is reported as soon as one batch finds an isolated row; its remaining batches
// still run so that its isolated-row count and smallest class are exact.
// - Under the wildcard semantics a set with a missing cell is one task: a row's wildcard class
//   reaches beyond its class of P, so the task builds the set's whole partition and sizes the
//   wildcard classes from it (partition/wildcard_classes.h, which also says why the level-wise
//   pruning stays exact). Sets without a missing cell keep their batches.

namespace qiscout::core {
namespace {

// Sets planned together on a table without packs: enough for a level of a 20-column table at
// once (the plan shares prefixes within a chunk only), small enough to plan in well under a
// millisecond.
constexpr std::size_t planChunk = 8192;

// Sets planned together on a table with packs, bounding the plan's memory (wide300's 522,853
// sets of size 3 take 67 MB): the planner fills packs best when it has the whole level, and in
// chunks of whole stems when the level is larger (see planPrefixes).
constexpr std::size_t packPlanBytes = std::size_t{128} << 20;

// How far down the plan an idle worker looks for a partition to build ahead of time.
constexpr std::size_t buildAheadSets = 64;

// Sets open at once: one per worker, whose batches the workers interleave, plus one so that a
// worker finishing its set finds the next one open and its partition built ahead.
std::size_t activeWindow(int threads)
{
    return static_cast<std::size_t>(threads) + 1;
}

template <typename Set>
struct ActiveSet {
    Set set;
    /// The subset whose partition the set refines (see planPrefixes); empty at level 1.
    Set prefix;
    int column = 0;
    /// Its classes are wildcard classes (the wildcard semantics and a column with a missing cell):
    /// scanned in one task.
    bool wildcard = false;
    std::shared_ptr<const PositionListIndex> parent;
    /// Batches can be cut: at level 1 always, above once the prefix's partition is built.
    bool ready = false;
    /// The one task of a single column (level 1) or classes of the parent (above) still to hand out.
    std::uint32_t nextUnit = 0;
    std::uint32_t endUnit = 0;
    int tasksInFlight = 0;
    bool scheduled = false;
    bool vulnerable = false;
    ClassScan total;
    /// Sets of the same prefix whose columns share this set's pack, opened with it and scanned
    /// in the same passes over the prefix's classes; their batches are this set's.
    std::vector<std::unique_ptr<ActiveSet>> packed;
};

struct PrefixState {
    std::shared_ptr<const PositionListIndex> index;
    int users = 0;
};

template <typename Set>
struct FpviJob {
    enum class Kind { Scan, Build, Wait, Done };
    Kind kind = Kind::Wait;
    ActiveSet<Set>* set = nullptr;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    Set prefix;
};

// Thread: run() is called on the caller's thread; workerLoop() runs on `threads` arena threads
// which share every member under m_mutex, except the immutable table and indexes.
// Set is the column set type withSearchSetType chose for the table's width.
template <typename Set>
class FpviSearch {
public:
    FpviSearch(const EncodedTable& table, const ResolvedParameters& parameters, std::stop_token stop,
               SearchObserver& observer)
        : m_table(table)
        , m_parameters(parameters)
        , m_stop(std::move(stop))
        , m_events(observer)
        , m_wantsEvents(observer.wantsEvents())
        , m_generator(parameters.columns, parameters.maxSetSize)
        , m_cache(fpviPrefixCacheBytes)
        , m_window(activeWindow(parameters.threads))
    {
        if (parameters.missingSemantics == MissingSemantics::Wildcard) {
            m_missing.emplace(table);
            m_missingColumns = toSearchSet<Set>(m_missing->columns().intersected(parameters.columns));
        }
    }

    SearchResult run();

private:
    using Active = ActiveSet<Set>;
    using Task = FpviJob<Set>;

    void workerLoop();
    Task pickJob(const Set& lastScanned);
    bool buildAhead(Task& job);
    void workUntilDone();
    void abandon(std::exception_ptr failure) noexcept;
    bool planMore();
    void refill();
    bool issueBatch(Task& job, const Set& lastScanned);
    void applyScan(const Task& job, std::span<const ClassScan> results);
    void applyResult(Active& set, const ClassScan& scan);
    void applyBuild(const Set& prefix, std::shared_ptr<const PositionListIndex> index);
    void settleIfDone(Active& set);
    void settleVerdict(Active& set);
    [[nodiscard]] int packOf(const PlannedSet<Set>& planned) const;
    bool advanceLevel();
    std::shared_ptr<const PositionListIndex> buildPrefix(const Set& prefix, CountingScratch& scratch);
    PartitionStorage spareStorage();
    void scan(const Task& job, CountingScratch& scratch, std::span<ClassScan> results) const;
    ClassScan scanWildcard(const Active& set, CountingScratch& scratch) const;
    void record(const Set& set, NodeEventKind kind, std::uint32_t firstIsolatedRow = 0, std::uint64_t pruned = 0);

    const EncodedTable& m_table;
    const ResolvedParameters& m_parameters;
    std::stop_token m_stop;
    std::vector<ColumnIndex> m_indexes;
    ColumnPacks m_packs;
    /// Table column -> its pack, -1 for none; empty without packs.
    std::vector<int> m_packOfColumn;
    /// Set under the wildcard semantics only; m_missingColumns are the searched ones among its columns.
    std::optional<MissingCells> m_missing;
    Set m_missingColumns;

    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::uint64_t m_changeCount = 0;
    SearchEventBatcher m_events;
    bool m_wantsEvents;
    CandidateGenerator<Set> m_generator;
    std::vector<PlannedSet<Set>> m_plan;
    /// The set that ended the last plan, the first of the next one.
    std::optional<Set> m_nextSet;
    std::size_t m_planCursor = 0;
    /// The plan holds the rest of its level, not just a chunk of it, and no more than a chunk of
    /// a table without packs.
    bool m_wholeLevelPlanned = false;
    PrefixCache<Set> m_cache;
    SettledLattice<Set> m_settled;
    std::size_t m_window;
    std::vector<std::unique_ptr<Active>> m_active;
    std::size_t m_roundRobin = 0;
    std::unordered_map<Set, PrefixState, ColumnSetHash> m_prefixes;
    std::vector<Set> m_buildQueue;
    std::vector<Set> m_levelSafe;
    bool m_levelExhausted = false;
    int m_tasksInFlight = 0;
    int m_buildsInFlight = 0;
    bool m_finished = false;
    /// The first exception a worker met (memory running out, say): every worker leaves, and run()
    /// rethrows it once they all have.
    std::exception_ptr m_failure;
};

template <typename Set>
SearchResult FpviSearch<Set>::run()
{
    const auto started = std::chrono::steady_clock::now();
    tbb::task_arena arena(m_parameters.threads);
    tbb::task_group_context context;
    // Tasks not yet started are dropped at once; running ones poll the token themselves.
    const std::stop_callback cancelTasks(m_stop, [&context] { context.cancel_group_execution(); });
    arena.execute([&] {
        m_indexes = buildColumnIndexes(m_table, m_parameters.columns, m_stop);
        m_packs = buildColumnPacks(m_indexes, static_cast<std::uint32_t>(m_table.rowCount), m_stop);
        if (!m_packs.packs.empty()) {
            for (const PackPlace& place : m_packs.places)
                m_packOfColumn.push_back(place.pack);
        }
        tbb::task_group group(context);
        try {
            for (int worker = 1; worker < m_parameters.threads; ++worker)
                group.run([this] { workerLoop(); });
        } catch (...) {
            // Workers already started must not wait for a search that will never go on.
            abandon(std::current_exception());
        }
        workerLoop();
        group.wait();
    });
    if (m_failure)
        std::rethrow_exception(m_failure);

    SearchResult result = resultFor(Algorithm::Fpvi, m_parameters);
    result.complete = m_finished;
    m_settled.fill(result, m_parameters, m_finished);
    result.stats.setsEvaluated = m_events.counters().setsScheduled;
    result.stats.rowsScanned = m_events.counters().rowsScanned;
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    m_events.flush();
    return result;
}

// Every way out of a worker leaves the others free to go: done and stopped wake them through
// m_changed and the stop token, and an exception through abandon(). Otherwise a worker that
// throws (std::bad_alloc) leaves the others waiting for its result, and the task group's
// destructor waits for them forever (#19).
template <typename Set>
void FpviSearch<Set>::workerLoop()
{
    try {
        workUntilDone();
    } catch (...) {
        abandon(std::current_exception());
    }
}

template <typename Set>
void FpviSearch<Set>::abandon(std::exception_ptr failure) noexcept
{
    const std::lock_guard lock(m_mutex);
    if (!m_failure)
        m_failure = std::move(failure);
    ++m_changeCount;
    m_changed.notify_all();
}

template <typename Set>
void FpviSearch<Set>::workUntilDone()
{
    std::unique_lock lock(m_mutex);
    CountingScratch scratch(largestCardinality(m_indexes));
    // A set, not a pointer: the set may be settled and freed by the time this worker looks again.
    Set lastScanned;
    while (!m_stop.stop_requested() && !m_finished && !m_failure) {
        const Task job = pickJob(lastScanned);
        if (job.kind == Task::Kind::Done) {
            m_finished = true;
            ++m_changeCount;
            m_changed.notify_all();
            return;
        }
        if (job.kind == Task::Kind::Wait) {
            // Something is in flight on another worker; its result is what can unblock us.
            const std::uint64_t seen = m_changeCount;
            m_changed.wait(lock, m_stop, [&] { return m_changeCount != seen || m_finished || m_failure; });
            continue;
        }
        lock.unlock();
        if (job.kind == Task::Kind::Build) {
            auto index = buildPrefix(job.prefix, scratch);
            lock.lock();
            --m_buildsInFlight;
            if (index)
                applyBuild(job.prefix, std::move(index));
        } else {
            std::array<ClassScan, maxPackLanes> results{};
            scan(job, scratch, results);
            lock.lock();
            lastScanned = job.set->set;
            applyScan(job, results);
        }
        ++m_changeCount;
        m_changed.notify_all();
        m_events.flushIfDue();
    }
}

template <typename Set>
typename FpviSearch<Set>::Task FpviSearch<Set>::pickJob(const Set& lastScanned)
{
    while (true) {
        refill();
        Task job;
        if (!m_buildQueue.empty()) {
            job.kind = Task::Kind::Build;
            job.prefix = m_buildQueue.front();
            m_buildQueue.erase(m_buildQueue.begin());
            ++m_buildsInFlight;
            return job;
        }
        if (issueBatch(job, lastScanned) || buildAhead(job))
            return job;
        if (m_tasksInFlight > 0 || m_buildsInFlight > 0 || !m_active.empty())
            return job;
        if (!advanceLevel()) {
            job.kind = Task::Kind::Done;
            return job;
        }
    }
}

// A worker with nothing to scan builds the partition that the next planned sets will refine, so
// that it is ready when they open instead of holding up the other workers then. Builds in flight
// are bounded by the workers: each holds a partition outside the cache's budget.
template <typename Set>
bool FpviSearch<Set>::buildAhead(Task& job)
{
    if (m_buildsInFlight >= m_parameters.threads)
        return false;
    const std::size_t horizon = std::min(m_plan.size(), m_planCursor + buildAheadSets);
    for (std::size_t position = m_planCursor; position < horizon; ++position) {
        const Set& prefix = m_plan[position].prefix;
        if (prefix.empty() || m_prefixes.contains(prefix) || m_cache.find(prefix))
            continue;
        // No set uses it yet; refill() finds it here, built or still building, when one opens.
        m_prefixes.try_emplace(prefix);
        job.kind = Task::Kind::Build;
        job.prefix = prefix;
        ++m_buildsInFlight;
        return true;
    }
    return false;
}

template <typename Set>
bool FpviSearch<Set>::planMore()
{
    const auto stemOf = [](const Set& set) {
        const Set rest = set.without(set.last());
        return rest.without(rest.last());
    };
    const std::size_t chunk =
        m_packOfColumn.empty() ? planChunk : std::max(planChunk, packPlanBytes / sizeof(PlannedSet<Set>));
    std::vector<Set> sets;
    if (m_nextSet) {
        sets.push_back(std::move(*m_nextSet));
        m_nextSet.reset();
    }
    while (std::optional<Set> candidate = m_generator.next()) {
        // With packs a chunk ends with a stem (up to twice its length: a level 2 is one stem).
        if (sets.size() >= chunk && (m_packOfColumn.empty() || candidate->size() < 2 || sets.size() >= 2 * chunk ||
                                     stemOf(*candidate) != stemOf(sets.back()))) {
            m_nextSet = std::move(candidate);
            break;
        }
        sets.push_back(std::move(*candidate));
    }
    m_plan.clear();
    m_planCursor = 0;
    // spareStorage looks through the rest of the plan at every build: not through a long one.
    m_wholeLevelPlanned = !m_nextSet && sets.size() <= planChunk;
    if (sets.empty())
        return false;
    if (sets.front().size() == 1) {
        for (const Set& set : sets)
            m_plan.push_back(PlannedSet<Set>{set, Set{}});
    } else {
        // Packs are numbered fewest codes first, so a set adds its column of the fewest: its pack
        // scan compares fewest codes and gathers the most classes whole.
        m_plan = planPrefixes(std::span<const Set>(sets), std::span<const int>(m_packOfColumn),
                              m_nextSet ? PlanScope::Stems : PlanScope::Level);
        // A prefix's sets whose columns share a pack come one after another, for refill() to
        // open them as one.
        for (auto group = m_plan.begin(); group != m_plan.end();) {
            const auto groupEnd = std::find_if(
                group, m_plan.end(), [&](const PlannedSet<Set>& planned) { return planned.prefix != group->prefix; });
            std::stable_sort(group, groupEnd, [&](const PlannedSet<Set>& left, const PlannedSet<Set>& right) {
                return packOf(left) < packOf(right);
            });
            group = groupEnd;
        }
    }
    return true;
}

// The pack of the column a planned set adds to its prefix; -1 for none.
template <typename Set>
int FpviSearch<Set>::packOf(const PlannedSet<Set>& planned) const
{
    if (planned.prefix.empty() || (m_missing && planned.set.intersects(m_missingColumns)))
        return -1;
    return m_packs.placeOf(planned.set.minus(planned.prefix).first()).pack;
}

template <typename Set>
void FpviSearch<Set>::refill()
{
    while (!m_levelExhausted && m_active.size() < m_window) {
        if (m_planCursor == m_plan.size() && !planMore()) {
            m_levelExhausted = true;
            break;
        }
        const PlannedSet<Set>& planned = m_plan[m_planCursor++];
        auto active = std::make_unique<Active>();
        active->set = planned.set;
        active->column = planned.set.minus(planned.prefix).first();
        active->wildcard = m_missing && planned.set.intersects(m_missingColumns);
        if (planned.prefix.empty()) {
            active->ready = true;
            // A single column is settled whole from its frequencies, in one task.
            active->endUnit = m_table.rowCount > 0 ? 1 : 0;
        } else {
            active->prefix = planned.prefix;
            auto [state, inserted] = m_prefixes.try_emplace(active->prefix);
            ++state->second.users;
            if (inserted) {
                state->second.index = m_cache.find(active->prefix);
                if (!state->second.index)
                    m_buildQueue.push_back(active->prefix);
            }
            if (state->second.index) {
                active->parent = state->second.index;
                active->ready = true;
                active->endUnit = active->parent->classCount();
            }
        }
        // The next sets of the prefix on the same pack join this one when one scan of them all pays.
        const int pack = packOf(planned);
        std::size_t packEnd = m_planCursor;
        // Each half of a nibble pack compares its own largest column's codes.
        std::array<std::uint32_t, 2> codes{};
        const auto join = [&](int column) {
            std::uint32_t& half = codes[pack >= 0 ? m_packs.placeOf(column).lane / packLanes : 0];
            half = std::max(half, m_indexes[static_cast<std::size_t>(column)].cardinality());
        };
        join(active->column);
        while (pack >= 0 && packEnd < m_plan.size() && m_plan[packEnd].prefix == planned.prefix &&
               packOf(m_plan[packEnd]) == pack) {
            join(m_plan[packEnd].set.minus(planned.prefix).first());
            ++packEnd;
        }
        if (!packScanPays(packEnd - m_planCursor + 1, codes[0] + codes[1]))
            packEnd = m_planCursor;
        for (; m_planCursor < packEnd; ++m_planCursor) {
            const PlannedSet<Set>& member = m_plan[m_planCursor];
            auto& packed = *active->packed.emplace_back(std::make_unique<Active>());
            packed.set = member.set;
            packed.prefix = member.prefix;
            packed.column = member.set.minus(member.prefix).first();
            ++m_prefixes[member.prefix].users;
        }
        m_active.push_back(std::move(active));
        settleIfDone(*m_active.back());
    }
}

// A worker keeps to the set it scanned last while that set has batches left, and otherwise takes
// one that no worker is scanning: t workers advance t sets side by side, batch by batch, while
// each core gathers from one set's column at a time. A core switching sets at every batch evicts
// one column with the other: its scans took a tenth longer on 1M x 20, and one worker alone now
// scans its sets one after another.
template <typename Set>
bool FpviSearch<Set>::issueBatch(Task& job, const Set& lastScanned)
{
    Active* chosen = nullptr;
    std::size_t chosenPosition = 0;
    const std::size_t count = m_active.size();
    for (std::size_t step = 0; step < count; ++step) {
        const std::size_t position = (m_roundRobin + step) % count;
        Active& active = *m_active[position];
        if (!active.ready || active.nextUnit >= active.endUnit)
            continue;
        if (chosen == nullptr || active.set == lastScanned ||
            (chosen->tasksInFlight > 0 && active.tasksInFlight == 0)) {
            chosen = &active;
            chosenPosition = position;
        }
        if (active.set == lastScanned)
            break;
    }
    if (chosen == nullptr)
        return false;
    Active& active = *chosen;
    job.kind = Task::Kind::Scan;
    job.set = &active;
    job.begin = active.nextUnit;
    if (!active.parent || active.wildcard) {
        job.end = active.endUnit;
    } else {
        // Whole classes whose first row lies within the next batch-size rows: at least one.
        const std::uint64_t limit = active.parent->classStart(job.begin) + m_parameters.batchSize;
        const auto position32 = static_cast<std::uint32_t>(std::min<std::uint64_t>(limit, m_table.rowCount));
        job.end = std::max(job.begin + 1, std::min(active.endUnit, active.parent->firstClassFrom(position32)));
    }
    active.nextUnit = job.end;
    ++active.tasksInFlight;
    ++m_tasksInFlight;
    if (!active.scheduled) {
        active.scheduled = true;
        record(active.set, NodeEventKind::Scheduled);
        ++m_events.counters().setsScheduled;
        for (const auto& packed : active.packed) {
            packed->scheduled = true;
            record(packed->set, NodeEventKind::Scheduled);
            ++m_events.counters().setsScheduled;
        }
    }
    m_roundRobin = chosenPosition + 1;
    return true;
}

// results[0] receives the set's statistics, results[1 + i] those of its packed set i.
template <typename Set>
void FpviSearch<Set>::scan(const Task& job, CountingScratch& scratch, std::span<ClassScan> results) const
{
    const Active& set = *job.set;
    if (set.wildcard) {
        results[0] = scanWildcard(set, scratch);
        return;
    }
    const ColumnIndex& column = m_indexes[static_cast<std::size_t>(set.column)];
    if (!set.parent) {
        results[0] = settleColumn(column, m_parameters.k, m_stop);
        return;
    }
    if (set.packed.empty()) {
        results[0] = set.parent->scanRefinement(column, job.begin, job.end, m_parameters.k, scratch, m_stop);
        return;
    }
    std::array<PackMember, maxPackLanes> members;
    members[0] = PackMember{m_packs.placeOf(set.column).lane, &column};
    for (std::size_t member = 0; member < set.packed.size(); ++member) {
        const int packedColumn = set.packed[member]->column;
        members[member + 1] =
            PackMember{m_packs.placeOf(packedColumn).lane, &m_indexes[static_cast<std::size_t>(packedColumn)]};
    }
    const std::size_t count = set.packed.size() + 1;
    set.parent->scanPackRefinement(m_packs.packs[static_cast<std::size_t>(m_packs.placeOf(set.column).pack)],
                                   std::span<const PackMember>(members.data(), count), job.begin, job.end,
                                   m_parameters.k, scratch, m_stop, results.first(count));
}

template <typename Set>
ClassScan FpviSearch<Set>::scanWildcard(const Active& set, CountingScratch& scratch) const
{
    const ColumnIndex& column = m_indexes[static_cast<std::size_t>(set.column)];
    std::optional<PositionListIndex> classes =
        set.parent ? set.parent->refined(column, scratch, m_stop) : PositionListIndex::ofColumn(column, m_stop);
    if (!classes) {
        ClassScan interrupted;
        interrupted.interrupted = true;
        return interrupted;
    }
    ClassScan scan =
        scanWildcardClasses(m_table, *m_missing, set.set.columns(), valueClassesOf(*classes), m_parameters.k, m_stop);
    scan.rowsVisited += m_table.rowCount;
    return scan;
}

template <typename Set>
void FpviSearch<Set>::applyScan(const Task& job, std::span<const ClassScan> results)
{
    Active& active = *job.set;
    --active.tasksInFlight;
    --m_tasksInFlight;
    // A pack scan is interrupted for all of its sets or none.
    if (results[0].interrupted)
        return;
    applyResult(active, results[0]);
    for (std::size_t member = 0; member < active.packed.size(); ++member)
        applyResult(*active.packed[member], results[member + 1]);
    settleIfDone(active);
}

template <typename Set>
void FpviSearch<Set>::applyResult(Active& active, const ClassScan& scan)
{
    m_events.counters().rowsScanned += scan.rowsVisited;
    active.total.merge(scan);
    if (scan.isolatedRows > 0 && !active.vulnerable) {
        active.vulnerable = true;
        record(active.set, NodeEventKind::Vulnerable, scan.firstIsolatedRow.value_or(0));
        ++m_events.counters().setsVulnerable;
        const std::uint64_t pruned =
            supersetCount(active.set.size(), m_parameters.columns.size(), m_parameters.maxSetSize);
        if (pruned > 0) {
            record(active.set, NodeEventKind::Pruned, 0, pruned);
            m_events.counters().supersetsPruned += pruned;
        }
    }
}

template <typename Set>
void FpviSearch<Set>::applyBuild(const Set& prefix, std::shared_ptr<const PositionListIndex> index)
{
    const auto state = m_prefixes.find(prefix);
    if (state == m_prefixes.end())
        return;
    state->second.index = index;
    for (const auto& active : m_active) {
        if (active->prefix == prefix && !active->ready) {
            active->parent = index;
            active->ready = true;
            active->endUnit = index->classCount();
        }
    }
    for (std::size_t position = m_active.size(); position-- > 0;)
        settleIfDone(*m_active[position]);
}

// Removes `set` from the active list when all of its batches are back, recording its verdict and
// its packed sets'.
template <typename Set>
void FpviSearch<Set>::settleIfDone(Active& set)
{
    if (!set.ready || set.nextUnit < set.endUnit || set.tasksInFlight > 0)
        return;
    settleVerdict(set);
    for (const auto& packed : set.packed) {
        settleVerdict(*packed);
    }
    const auto found =
        std::find_if(m_active.begin(), m_active.end(), [&set](const auto& active) { return active.get() == &set; });
    m_active.erase(found);
}

template <typename Set>
void FpviSearch<Set>::settleVerdict(Active& set)
{
    if (!set.scheduled) {
        record(set.set, NodeEventKind::Scheduled);
        ++m_events.counters().setsScheduled;
    }
    if (set.vulnerable) {
        m_settled.addMinimal(set.set, set.total.isolatedRows, set.total.smallestClassOrZero());
    } else {
        m_settled.addSafe(set.set, set.total.smallestClassOrZero());
        m_levelSafe.push_back(set.set);
        record(set.set, NodeEventKind::Safe);
        ++m_events.counters().setsSafe;
    }
    ++m_events.counters().setsEvaluated;
    if (!set.prefix.empty()) {
        const auto state = m_prefixes.find(set.prefix);
        if (--state->second.users == 0)
            m_prefixes.erase(state);
    }
}

template <typename Set>
bool FpviSearch<Set>::advanceLevel()
{
    m_levelExhausted = false;
    m_roundRobin = 0;
    const bool more = m_generator.advance(std::move(m_levelSafe));
    m_levelSafe.clear();
    return more;
}

template <typename Set>
void FpviSearch<Set>::record(const Set& set, NodeEventKind kind, std::uint32_t firstIsolatedRow, std::uint64_t pruned)
{
    if (m_wantsEvents)
        m_events.record(NodeEvent{toColumnSet(set), kind, firstIsolatedRow, pruned});
}

// Refines the largest cached subset of `prefix` one column at a time, caching every step: the
// planner's prefixes of the next level are often one column away from these.
template <typename Set>
std::shared_ptr<const PositionListIndex> FpviSearch<Set>::buildPrefix(const Set& prefix, CountingScratch& scratch)
{
    typename PrefixCache<Set>::Found start;
    PartitionStorage storage;
    {
        const std::lock_guard lock(m_mutex);
        start = m_cache.findLargestSubset(prefix);
        if (start.set != prefix)
            storage = spareStorage();
    }
    Set built = start.set;
    std::shared_ptr<const PositionListIndex> current = std::move(start.index);
    std::uint64_t rowsVisited = 0;
    for (const int column : prefix.minus(built).columns()) {
        const ColumnIndex& index = m_indexes[static_cast<std::size_t>(column)];
        auto next = current ? current->refined(index, scratch, m_stop, std::move(storage))
                            : PositionListIndex::ofColumn(index, m_stop, std::move(storage));
        // The index read last is let go under the mutex: takeSpare judges an index free by its use
        // count, which it reads without ordering, so only the mutex puts this thread's reads of
        // it before another thread reuses its buffers (ThreadSanitizer saw the race).
        if (!next) {
            const std::lock_guard lock(m_mutex);
            current.reset();
            return nullptr;
        }
        rowsVisited += m_table.rowCount;
        built = built.with(column);
        auto shared = std::make_shared<PositionListIndex>(std::move(*next));
        const std::lock_guard lock(m_mutex);
        current = shared;
        m_cache.insert(built, std::move(shared));
        if (built != prefix)
            storage = spareStorage();
    }
    const std::lock_guard lock(m_mutex);
    m_events.counters().rowsScanned += rowsVisited;
    return current;
}

// Buffers for a build, taken from a cached partition that can serve no longer: smaller than this
// level's prefixes and not where a prefix still to build would start from. Such buffers are
// already mapped, while fresh ones are faulted in page by page: on this project's machines a
// build of 1M rows into fresh memory took 4.7 ms against 3.8 ms, and 13 ms in a process's first
// search. A partition's use is only judged once the plan holds the whole level.
template <typename Set>
PartitionStorage FpviSearch<Set>::spareStorage()
{
    if (!m_wholeLevelPlanned || m_plan.empty())
        return m_cache.takeSpare();
    const int levelPrefixSize = m_plan.front().set.size() - 1;
    SetVerdicts<Set> starts;
    const auto addStartOf = [&](const Set& prefix) {
        if (!prefix.empty() && !m_cache.contains(prefix))
            starts.insert(m_cache.largestSubset(prefix), false);
    };
    for (std::size_t position = m_planCursor; position < m_plan.size(); ++position) {
        if (position == m_planCursor || m_plan[position].prefix != m_plan[position - 1].prefix)
            addStartOf(m_plan[position].prefix);
    }
    for (const auto& [prefix, state] : m_prefixes) {
        if (!state.index)
            addStartOf(prefix);
    }
    return m_cache.takeSpare([&](const Set& set) { return set.size() >= levelPrefixSize || starts.contains(set); });
}

} // namespace

SearchResult runFpvi(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                     SearchObserver& observer)
{
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    return withSearchSetType(resolved.columns, [&]<typename Set>(std::type_identity<Set>) {
        FpviSearch<Set> search(table, resolved, std::move(stop), observer);
        return search.run();
    });
}

} // namespace qiscout::core
