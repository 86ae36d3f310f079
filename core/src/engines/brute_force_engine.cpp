// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/brute_force_engine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engines/search_setup.h"
#include "partition/class_partition.h"
#include "partition/wildcard_classes.h"

namespace qiscout::core {
namespace {

// Beyond a million sets an exhaustive search is no longer a reference one can wait for.
constexpr std::uint64_t maxBruteForceSets = std::uint64_t{1} << 20;
constexpr std::size_t eventBatch = 1024;

class EventSink {
public:
    explicit EventSink(SearchObserver& observer) : m_observer(observer) {}

    void add(const NodeEvent& event, const SearchCounters& counters)
    {
        m_events.push_back(event);
        if (m_events.size() >= eventBatch)
            flush(counters);
    }

    void flush(const SearchCounters& counters)
    {
        m_observer.eventsReported(m_events, counters);
        m_events.clear();
    }

private:
    SearchObserver& m_observer;
    std::vector<NodeEvent> m_events;
};

// Every set of `size` of the searched columns in lexicographic order, one after the other.
class Combinations {
public:
    Combinations(const std::vector<int>& columns, int size)
        : m_columns(columns)
        , m_positions(static_cast<std::size_t>(size))
    {
        for (std::size_t i = 0; i < m_positions.size(); ++i)
            m_positions[i] = i;
        m_done = m_positions.size() > m_columns.size();
    }

    [[nodiscard]] bool done() const { return m_done; }

    [[nodiscard]] ColumnSet current() const
    {
        std::vector<int> chosen;
        chosen.reserve(m_positions.size());
        for (const std::size_t position : m_positions)
            chosen.push_back(m_columns[position]);
        return ColumnSet::fromColumns(chosen);
    }

    void advance()
    {
        // The rightmost position that can still move right moves one step; those after it follow.
        std::size_t i = m_positions.size();
        while (i > 0 && m_positions[i - 1] == m_columns.size() - m_positions.size() + i - 1)
            --i;
        if (i == 0) {
            m_done = true;
            return;
        }
        ++m_positions[i - 1];
        for (std::size_t j = i; j < m_positions.size(); ++j)
            m_positions[j] = m_positions[j - 1] + 1;
    }

private:
    const std::vector<int>& m_columns;
    std::vector<std::size_t> m_positions;
    bool m_done = false;
};

struct Verdict {
    bool vulnerable = false;
    std::uint64_t smallestClass = 0;
};

} // namespace

SearchResult runBruteForce(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                           SearchObserver& observer)
{
    const auto start = std::chrono::steady_clock::now();
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    const std::uint64_t sets = latticeSize(resolved.columns.size(), resolved.maxSetSize);
    if (sets > maxBruteForceSets)
        throw SearchParameterError("The exhaustive search evaluates at most " + std::to_string(maxBruteForceSets) +
                                   " column sets, not " + std::to_string(sets) +
                                   "; search fewer columns or set a smaller largest set size.");

    SearchResult result = resultFor(Algorithm::Brute, resolved);
    result.threads = 1;

    const std::vector<int> searched = resolved.columns.columns();
    std::unordered_map<ColumnSet, Verdict, ColumnSetHash> verdicts;
    const auto vulnerable = [&verdicts](const ColumnSet& set) {
        const auto found = verdicts.find(set);
        return found != verdicts.end() && found->second.vulnerable;
    };
    const auto safe = [&verdicts](const ColumnSet& set) {
        const auto found = verdicts.find(set);
        return set.empty() || (found != verdicts.end() && !found->second.vulnerable);
    };

    std::optional<MissingCells> missing;
    if (resolved.missingSemantics == MissingSemantics::Wildcard)
        missing.emplace(table);

    SearchCounters counters;
    EventSink events(observer);
    std::vector<ColumnSet> order;
    for (int size = 1; size <= resolved.maxSetSize && result.complete; ++size) {
        for (Combinations combinations(searched, size); !combinations.done(); combinations.advance()) {
            if (stop.stop_requested()) {
                result.complete = false;
                break;
            }
            const ColumnSet columns = combinations.current();
            order.push_back(columns);
            counters.setsScheduled += 1;
            events.add(NodeEvent{columns, NodeEventKind::Scheduled, 0, 0}, counters);

            const ClassPartition partition = partitionRows(table, columns);
            std::uint64_t smallest = partition.classSizes.empty() ? 0 : table.rowCount;
            std::uint64_t isolated = 0;
            std::uint32_t firstRow = 0;
            if (missing && columns.intersects(missing->columns())) {
                const ClassScan scan =
                    scanWildcardClasses(table, *missing, columns.columns(), valueClassesOf(partition), resolved.k, {});
                smallest = scan.smallestClassOrZero();
                isolated = scan.isolatedRows;
                firstRow = scan.firstIsolatedRow.value_or(0);
            } else {
                for (const std::uint32_t classSize : partition.classSizes) {
                    smallest = std::min<std::uint64_t>(smallest, classSize);
                    if (classSize <= resolved.k)
                        isolated += classSize;
                }
                while (isolated > 0 && partition.classSizes[partition.classOfRow[firstRow]] > resolved.k)
                    ++firstRow;
            }
            counters.setsEvaluated += 1;
            counters.rowsScanned += table.rowCount;
            verdicts[columns] = Verdict{isolated > 0, smallest};

            if (isolated == 0) {
                counters.setsSafe += 1;
                events.add(NodeEvent{columns, NodeEventKind::Safe, 0, 0}, counters);
                continue;
            }
            // Sets are visited by size, so every immediate subset is already settled. A vulnerable set
            // that is not minimal gets no verdict event: it is implied by its minimal subsets.
            bool minimal = true;
            for (const int column : columns.columns())
                minimal = minimal && safe(columns.without(column));
            if (!minimal)
                continue;
            counters.setsVulnerable += 1;
            events.add(NodeEvent{columns, NodeEventKind::Vulnerable, firstRow, 0}, counters);
            result.minimalSets.push_back(MinimalSet{columns, isolated, smallest});
        }
    }

    // A safe set is reported maximal only once every immediate superset within the limit has been
    // evaluated and found vulnerable, so a cancelled run lists only settled sets.
    for (const ColumnSet& set : order) {
        const Verdict& verdict = verdicts.at(set);
        if (verdict.vulnerable)
            continue;
        bool maximal = true;
        if (set.size() < resolved.maxSetSize)
            for (const int column : searched)
                maximal = maximal && (set.contains(column) || vulnerable(set.with(column)));
        if (maximal)
            result.maximalSafeSets.push_back(SafeSet{set, verdict.smallestClass});
    }

    result.stats.setsEvaluated = counters.setsEvaluated;
    result.stats.rowsScanned = counters.rowsScanned;
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    counters.elapsedSeconds = result.stats.searchSeconds;
    events.flush(counters);
    return result;
}

} // namespace qiscout::core
