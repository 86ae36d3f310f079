// SPDX-License-Identifier: GPL-3.0-or-later
// TANE (Huhtala et al., 1999) with its candidate sets C+ and key pruning, organised around the
// determinants rather than the lattice nodes: a level's checks "X \ A -> A" are grouped by their
// determinant, each determinant's stripped partition is refined once from its prefix (the
// determinant minus its highest column) and thrown away after its checks, so memory holds one
// prefix chain per worker instead of a whole level of partitions (1,140 partitions of 4 MB on a
// 1M x 20 table at |A| = 3).
#include "qiscout/core/dependencies/dependency_discovery.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "partition/column_index.h"
#include "partition/stripped_partition.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

struct ResolvedDependencyParameters {
    ColumnSet columns;
    /// The last level to check holds determinants of maxLhs columns.
    int maxLhs = 0;
    int threads = 1;
};

ResolvedDependencyParameters resolve(const EncodedTable& table, const DependencyParameters& parameters)
{
    ResolvedDependencyParameters resolved;
    const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    resolved.threads = parameters.threads.value_or(hardware);
    if (resolved.threads < 1 || resolved.threads > hardware)
        throw DependencyParameterError("threads must be between 1 and " + std::to_string(hardware) +
                                       " on this machine, not " + std::to_string(resolved.threads) + ".");
    if (parameters.columns) {
        resolved.columns = *parameters.columns;
        if (!resolved.columns.empty() && static_cast<std::size_t>(resolved.columns.last()) >= table.columnCount())
            throw DependencyParameterError("The column selection names a column the table does not have.");
    } else {
        resolved.columns = ColumnSet::firstN(static_cast<int>(table.columnCount()));
    }
    if (parameters.maxLhs && *parameters.maxLhs < 0)
        throw DependencyParameterError("The largest determinant size must be at least 0.");
    const int width = std::max(0, resolved.columns.size() - 1);
    resolved.maxLhs = std::min(parameters.maxLhs.value_or(width), width);
    return resolved;
}

/// One lattice node of TANE: a set X and its candidate dependents C+(X).
struct Node {
    ColumnSet set;
    ColumnSet candidates;
};

/// The checks of one level that share a determinant: does it determine each target, and is the
/// determinant plus each extension a key.
struct Job {
    ColumnSet lhs;
    std::vector<int> targets;
    std::vector<int> extensions;
    // Filled by the workers.
    std::vector<char> determined;
    std::vector<char> keys;
    std::uint64_t support = 0;
};

// Thread: one search per call on the caller's thread; runJobs fans out inside the arena.
class TaneSearch {
public:
    TaneSearch(const EncodedTable& table, const ResolvedDependencyParameters& parameters, std::stop_token stop)
        : m_table(table)
        , m_parameters(parameters)
        , m_stop(std::move(stop))
    {}

    DependencyResult run();

private:
    const ColumnIndex& column(int position) const { return m_indexes[static_cast<std::size_t>(position)]; }
    /// Runs every job; false when stopped.
    bool runJobs(std::vector<Job>& jobs);
    /// The stripped partition of a set of at least one column, refined from the single columns.
    std::optional<StrippedPartition> partitionOf(ColumnSet set, StrippedScratch& scratch);
    /// Whether some dependency found so far determines `rhs` from a proper subset of `set`.
    bool impliedBySubset(ColumnSet set, int rhs) const;
    void add(ColumnSet lhs, int rhs, std::uint64_t support);

    const EncodedTable& m_table;
    ResolvedDependencyParameters m_parameters;
    std::stop_token m_stop;
    std::uint32_t m_largest = 1;
    /// The examined columns' codes, narrowed to one or two bytes where they fit, at their positions.
    std::vector<ColumnIndex> m_indexes;
    /// Stripped partitions of the single examined columns, at their table positions.
    std::vector<std::shared_ptr<const StrippedPartition>> m_columns;
    std::vector<FunctionalDependency> m_found;
    /// Column -> determinants found for it, for the minimality test of key pruning.
    std::unordered_map<int, std::vector<ColumnSet>> m_lhsByRhs;
    DependencyStatistics m_stats;
};

void TaneSearch::add(ColumnSet lhs, int rhs, std::uint64_t support)
{
    m_found.push_back({lhs, rhs, support});
    m_lhsByRhs[rhs].push_back(lhs);
}

bool TaneSearch::impliedBySubset(ColumnSet set, int rhs) const
{
    const auto found = m_lhsByRhs.find(rhs);
    if (found == m_lhsByRhs.end())
        return false;
    return std::any_of(found->second.begin(), found->second.end(),
                       [set](ColumnSet lhs) { return lhs != set && lhs.isSubsetOf(set); });
}

std::optional<StrippedPartition> TaneSearch::partitionOf(ColumnSet set, StrippedScratch& scratch)
{
    const std::vector<int> columns = set.columns();
    std::optional<StrippedPartition> partition = *m_columns[static_cast<std::size_t>(columns.front())];
    for (std::size_t i = 1; partition && i < columns.size(); ++i)
        partition = partition->refined(column(columns[i]), scratch, m_stop);
    return partition;
}

bool TaneSearch::runJobs(std::vector<Job>& jobs)
{
    std::sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return sizeThenLexLess(a.lhs, b.lhs); });
    // Jobs whose determinants differ only in their highest column share that prefix's partition.
    std::vector<std::size_t> groupStarts;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const ColumnSet lhs = jobs[i].lhs;
        const ColumnSet previous = i == 0 ? ColumnSet() : jobs[i - 1].lhs;
        if (i == 0 || lhs.size() < 2 || lhs.without(lhs.last()) != previous.without(previous.last()))
            groupStarts.push_back(i);
    }
    groupStarts.push_back(jobs.size());

    std::atomic<std::uint64_t> partitions{0};
    tbb::enumerable_thread_specific<StrippedScratch> scratches([this] { return StrippedScratch(m_largest); });
    tbb::task_arena arena(m_parameters.threads);
    arena.execute([&] {
        parallelFor(groupStarts.size() - 1, [&](std::size_t group) {
            StrippedScratch& scratch = scratches.local();
            const std::size_t first = groupStarts[group];
            const std::size_t end = groupStarts[group + 1];
            const ColumnSet lhs = jobs[first].lhs;
            std::optional<StrippedPartition> prefix;
            if (lhs.size() >= 2) {
                prefix = partitionOf(lhs.without(lhs.last()), scratch);
                partitions += static_cast<std::uint64_t>(lhs.size() - 2);
            }
            for (std::size_t i = first; i < end && !m_stop.stop_requested(); ++i) {
                Job& job = jobs[i];
                if (job.lhs.size() >= 2 && job.extensions.empty()) {
                    // Only checks: split the prefix's classes on the fly instead of building the
                    // determinant's partition, and stop once every target has failed.
                    if (!prefix)
                        return;
                    std::vector<const ColumnIndex*> targets;
                    for (const int target : job.targets)
                        targets.push_back(&column(target));
                    job.determined = prefix->determinesWith(column(job.lhs.last()), targets, scratch, job.support);
                    continue;
                }
                std::optional<StrippedPartition> own;
                const StrippedPartition* partition = nullptr;
                if (job.lhs.empty()) {
                    own = StrippedPartition::wholeTable(m_table.rowCount);
                    partition = &*own;
                } else if (job.lhs.size() == 1) {
                    partition = m_columns[static_cast<std::size_t>(job.lhs.first())].get();
                } else if (prefix) {
                    own = prefix->refined(column(job.lhs.last()), scratch, m_stop);
                    ++partitions;
                    if (!own)
                        return;
                    partition = &*own;
                } else {
                    return;
                }
                job.support = partition->rowCount();
                job.determined.resize(job.targets.size());
                for (std::size_t t = 0; t < job.targets.size(); ++t)
                    job.determined[t] = partition->determines(column(job.targets[t])) ? 1 : 0;
                job.keys.resize(job.extensions.size());
                for (std::size_t e = 0; e < job.extensions.size(); ++e)
                    job.keys[e] = partition->becomesKeyWith(column(job.extensions[e]), scratch) ? 1 : 0;
            }
        });
    });
    m_stats.partitions += partitions.load();
    return !m_stop.stop_requested();
}

DependencyResult TaneSearch::run()
{
    const auto started = std::chrono::steady_clock::now();
    DependencyResult result;
    result.examined = m_parameters.columns;
    result.threads = m_parameters.threads;
    const ColumnSet all = m_parameters.columns;
    const std::vector<int> examined = all.columns();

    m_columns.resize(m_table.columnCount());
    {
        tbb::task_arena indexArena(m_parameters.threads);
        indexArena.execute([&] { m_indexes = buildColumnIndexes(m_table, all, m_stop); });
        if (m_stop.stop_requested()) {
            result.complete = false;
            return result;
        }
        m_largest = std::max<std::uint32_t>(1, largestCardinality(m_indexes));
        tbb::enumerable_thread_specific<StrippedScratch> scratches([this] { return StrippedScratch(m_largest); });
        const StrippedPartition whole = StrippedPartition::wholeTable(m_table.rowCount);
        tbb::task_arena arena(m_parameters.threads);
        arena.execute([&] {
            parallelFor(examined.size(), [&](std::size_t i) {
                std::optional<StrippedPartition> single = whole.refined(column(examined[i]), scratches.local(), m_stop);
                if (single)
                    m_columns[static_cast<std::size_t>(examined[i])] =
                        std::make_shared<const StrippedPartition>(std::move(*single));
            });
        });
        m_stats.partitions += examined.size();
    }

    // C+ of the previous level; the level of the empty set has every column as a candidate.
    std::unordered_map<ColumnSet, ColumnSet, ColumnSetHash> previous{{ColumnSet(), all}};
    std::vector<Node> level;
    for (const int column : examined)
        level.push_back({ColumnSet::single(column), all});
    bool complete = !m_stop.stop_requested();
    for (int size = 1; complete && !level.empty() && size <= m_parameters.maxLhs + 1; ++size) {
        ++m_stats.levels;
        for (Node& node : level)
            for (const int column : node.set.columns())
                node.candidates = node.candidates.intersected(previous.at(node.set.without(column)));

        // Checks X \ A -> A for A in X and C+(X); key checks where key pruning may apply.
        const bool pruneKeys = size <= m_parameters.maxLhs;
        std::unordered_map<ColumnSet, std::size_t, ColumnSetHash> jobOf;
        std::vector<Job> jobs;
        const auto jobFor = [&](ColumnSet lhs) -> Job& {
            const auto [found, inserted] = jobOf.try_emplace(lhs, jobs.size());
            if (inserted)
                jobs.push_back(Job{lhs, {}, {}, {}, {}, 0});
            return jobs[found->second];
        };
        for (const Node& node : level) {
            for (const int column : node.set.intersected(node.candidates).columns())
                jobFor(node.set.without(column)).targets.push_back(column);
            if (pruneKeys && !node.candidates.empty())
                jobFor(node.set.without(node.set.last())).extensions.push_back(node.set.last());
        }
        for (const Job& job : jobs)
            m_stats.checks += job.targets.size() + job.extensions.size();
        if (!runJobs(jobs)) {
            complete = false;
            break;
        }
        jobOf.clear();
        for (std::size_t i = 0; i < jobs.size(); ++i)
            jobOf.emplace(jobs[i].lhs, i);
        const auto outcome = [&](ColumnSet lhs, int column, bool key) {
            const Job& job = jobs[jobOf.at(lhs)];
            const std::vector<int>& list = key ? job.extensions : job.targets;
            const auto position = static_cast<std::size_t>(std::find(list.begin(), list.end(), column) - list.begin());
            return (key ? job.keys : job.determined)[position] != 0;
        };

        for (Node& node : level) {
            for (const int column : node.set.intersected(node.candidates).columns()) {
                const ColumnSet lhs = node.set.without(column);
                if (!outcome(lhs, column, false))
                    continue;
                add(lhs, column, jobs[jobOf.at(lhs)].support);
                node.candidates = node.candidates.without(column).intersected(node.set);
            }
        }
        if (!pruneKeys)
            break;

        previous.clear();
        std::vector<Node> kept;
        for (const Node& node : level) {
            if (node.candidates.empty())
                continue;
            if (outcome(node.set.without(node.set.last()), node.set.last(), true)) {
                // A key determines every column; the dependency is minimal unless a subset
                // already determines that column.
                for (const int column : all.minus(node.set).columns())
                    if (!impliedBySubset(node.set, column))
                        add(node.set, column, 0);
                continue;
            }
            kept.push_back(node);
            previous.emplace(node.set, node.candidates);
        }
        level.clear();
        // Next level: sets whose every subset one column smaller survived, made by joining two
        // kept sets that differ only in their highest column.
        std::sort(kept.begin(), kept.end(), [](const Node& a, const Node& b) { return sizeThenLexLess(a.set, b.set); });
        for (std::size_t i = 0; i < kept.size(); ++i) {
            const ColumnSet prefix = kept[i].set.without(kept[i].set.last());
            for (std::size_t j = i + 1; j < kept.size(); ++j) {
                if (kept[j].set.without(kept[j].set.last()) != prefix)
                    break;
                const ColumnSet joined = kept[i].set.united(kept[j].set);
                const std::vector<int> joinedColumns = joined.columns();
                const bool allKept = std::all_of(joinedColumns.begin(), joinedColumns.end(),
                                                 [&](int c) { return previous.contains(joined.without(c)); });
                if (allKept)
                    level.push_back({joined, all});
            }
        }
        if (m_stop.stop_requested())
            complete = false;
    }

    result.complete = complete;
    std::sort(m_found.begin(), m_found.end(), dependencyLess);
    result.dependencies = std::move(m_found);
    m_stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    result.stats = m_stats;
    return result;
}

} // namespace

DependencyResult discoverDependencies(const EncodedTable& table, const DependencyParameters& parameters,
                                      std::stop_token stop)
{
    const ResolvedDependencyParameters resolved = resolve(table, parameters);
    DependencyResult result = TaneSearch(table, resolved, std::move(stop)).run();
    result.maxLhs = parameters.maxLhs;
    return result;
}

} // namespace qiscout::core
