// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/brute_force_engine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engines/search_setup.h"
#include "partition/class_partition.h"

namespace qiscout::core {
namespace {

// 2^20 sets: beyond that an exhaustive search is no longer a reference one can wait for.
constexpr int maxBruteForceColumns = 20;
constexpr std::size_t eventBatch = 1024;

enum class SetState : std::uint8_t { Unevaluated, Safe, Vulnerable };

// The searched columns renumbered 0..n-1, so that every set of them is an index into a table.
class LocalSets {
public:
    explicit LocalSets(ColumnSet searched) : m_columns(searched.columns()) {}

    [[nodiscard]] int columnCount() const { return static_cast<int>(m_columns.size()); }

    [[nodiscard]] ColumnSet global(std::uint32_t local) const
    {
        ColumnSet set;
        for (std::size_t i = 0; i < m_columns.size(); ++i)
            if ((local >> i) & 1U)
                set = set.with(m_columns[i]);
        return set;
    }

private:
    std::vector<int> m_columns;
};

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

} // namespace

SearchResult runBruteForce(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                           SearchObserver& observer)
{
    const auto start = std::chrono::steady_clock::now();
    const ResolvedParameters resolved = resolveParameters(table, parameters);
    if (resolved.columns.size() > maxBruteForceColumns)
        throw SearchParameterError("The exhaustive search accepts at most " + std::to_string(maxBruteForceColumns) +
                                   " columns, not " + std::to_string(resolved.columns.size()) + ".");

    SearchResult result = resultFor(Algorithm::Brute, resolved);
    result.threads = 1;

    const LocalSets local(resolved.columns);
    const int n = local.columnCount();
    const std::uint32_t fullLocal = (std::uint32_t{1} << n) - 1;
    std::vector<std::uint32_t> order;
    for (std::uint32_t set = 1; set <= fullLocal; ++set)
        if (std::popcount(set) <= resolved.maxSetSize)
            order.push_back(set);
    // Renumbering keeps the column order, so local masks sort exactly like the global sets.
    std::sort(order.begin(), order.end(), [](std::uint32_t a, std::uint32_t b) {
        return sizeThenLexLess(ColumnSet::fromMask(a), ColumnSet::fromMask(b));
    });

    std::vector<SetState> state(std::size_t{fullLocal} + 1, SetState::Unevaluated);
    std::vector<std::uint64_t> smallestClass(state.size(), 0);
    state[0] = SetState::Safe;

    SearchCounters counters;
    EventSink events(observer);
    for (const std::uint32_t set : order) {
        if (stop.stop_requested()) {
            result.complete = false;
            break;
        }
        const ColumnSet columns = local.global(set);
        counters.setsScheduled += 1;
        events.add(NodeEvent{columns, NodeEventKind::Scheduled, 0, 0}, counters);

        const ClassPartition partition = partitionRows(table, columns);
        std::uint64_t smallest = partition.classSizes.empty() ? 0 : table.rowCount;
        std::uint64_t isolated = 0;
        for (const std::uint32_t size : partition.classSizes) {
            smallest = std::min<std::uint64_t>(smallest, size);
            if (size <= resolved.k)
                isolated += size;
        }
        counters.setsEvaluated += 1;
        counters.rowsScanned += table.rowCount;
        smallestClass[set] = smallest;

        if (isolated == 0) {
            state[set] = SetState::Safe;
            counters.setsSafe += 1;
            events.add(NodeEvent{columns, NodeEventKind::Safe, 0, 0}, counters);
            continue;
        }
        state[set] = SetState::Vulnerable;
        // Sets are visited by size, so every immediate subset is already settled. A vulnerable set
        // that is not minimal gets no verdict event: it is implied by its minimal subsets.
        bool minimal = true;
        for (std::uint32_t bit = 1; bit <= set && minimal; bit <<= 1)
            minimal = (set & bit) == 0 || state[set & ~bit] == SetState::Safe;
        if (!minimal)
            continue;
        std::uint32_t firstRow = 0;
        while (partition.classSizes[partition.classOfRow[firstRow]] > resolved.k)
            ++firstRow;
        counters.setsVulnerable += 1;
        events.add(NodeEvent{columns, NodeEventKind::Vulnerable, firstRow, 0}, counters);
        result.minimalSets.push_back(MinimalSet{columns, isolated, smallest});
    }

    // A safe set is reported maximal only once every immediate superset within the limit has been
    // evaluated and found vulnerable, so a cancelled run lists only settled sets.
    for (const std::uint32_t set : order) {
        if (state[set] != SetState::Safe)
            continue;
        bool maximal = true;
        if (std::popcount(set) < resolved.maxSetSize)
            for (std::uint32_t bit = 1; bit <= fullLocal && maximal; bit <<= 1)
                maximal = (set & bit) != 0 || state[set | bit] == SetState::Vulnerable;
        if (maximal)
            result.maximalSafeSets.push_back(SafeSet{local.global(set), smallestClass[set]});
    }

    result.stats.setsEvaluated = counters.setsEvaluated;
    result.stats.rowsScanned = counters.rowsScanned;
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    counters.elapsedSeconds = result.stats.searchSeconds;
    events.flush(counters);
    return result;
}

} // namespace qiscout::core
