// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/local_suppression_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <tbb/task_arena.h>

#include "anonymization/lattice_search.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

/// a is better than b: a lower value by more than rounding (1e-12 relative, as the lattice search
/// compares), then fewer total levels, then the lower node.
bool better(const TransformationAssessment& a, std::uint64_t nodeA, const TransformationAssessment& b,
            std::uint64_t nodeB, const TransformationLattice& lattice)
{
    const double tolerance = 1e-12 * std::max(1.0, std::abs(b.value));
    if (std::abs(a.value - b.value) > tolerance)
        return a.value < b.value;
    const int levelsA = lattice.totalLevel(nodeA);
    const int levelsB = lattice.totalLevel(nodeB);
    return levelsA != levelsB ? levelsA < levelsB : nodeA < nodeB;
}

/// The keys at `node`: each quasi-identifier's generalised codes, the original missing values
/// matching any value at level 0 as sdcMicro's NA do (a generalised missing value is a group).
SuppressionKeys keysAt(const SearchSetup& setup, const Transformation& transformation)
{
    SuppressionKeys keys;
    keys.rows = static_cast<std::uint32_t>(setup.rows);
    for (std::size_t q = 0; q < setup.hierarchies.size(); ++q) {
        const ColumnHierarchy& hierarchy = setup.hierarchies[q];
        const EncodedColumn& column = setup.table->columns[static_cast<std::size_t>(hierarchy.column)];
        const HierarchyLevel& level = hierarchy.levels[static_cast<std::size_t>(transformation.levels[q])];
        std::vector<std::uint32_t> codes(keys.rows);
        for (std::uint32_t row = 0; row < keys.rows; ++row)
            codes[row] = level.groupOfValue[column.codes[row]];
        keys.codes.push_back(std::move(codes));
        keys.wildcard.push_back(transformation.levels[q] == 0 ? column.missing
                                                              : std::vector<bool>(level.groups(), false));
    }
    return keys;
}

/// Distinct keys once the cells are suppressed.
std::uint64_t distinctKeys(const SuppressionKeys& keys, const LocalSuppression& cells)
{
    constexpr std::uint32_t suppressed = std::numeric_limits<std::uint32_t>::max();
    const std::size_t columns = keys.codes.size();
    std::vector<std::uint32_t> flat(static_cast<std::size_t>(keys.rows) * columns);
    for (std::size_t q = 0; q < columns; ++q) {
        for (std::uint32_t row = 0; row < keys.rows; ++row)
            flat[row * columns + q] = keys.codes[q][row];
        for (const std::uint32_t row : cells.suppressedRows[q])
            flat[row * columns + q] = suppressed;
    }
    std::vector<std::uint32_t> order(keys.rows);
    for (std::uint32_t row = 0; row < keys.rows; ++row)
        order[row] = row;
    const auto keyOf = [&](std::uint32_t row) { return flat.begin() + static_cast<std::ptrdiff_t>(row * columns); };
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::lexicographical_compare(keyOf(a), keyOf(a) + static_cast<std::ptrdiff_t>(columns), keyOf(b),
                                            keyOf(b) + static_cast<std::ptrdiff_t>(columns));
    });
    std::uint64_t distinct = order.empty() ? 0 : 1;
    for (std::size_t i = 1; i < order.size(); ++i)
        if (!std::equal(keyOf(order[i - 1]), keyOf(order[i - 1]) + static_cast<std::ptrdiff_t>(columns),
                        keyOf(order[i])))
            ++distinct;
    return distinct;
}

} // namespace

double localSuppressionBound(const SearchSetup& setup, const UtilityCalculator& calculator, std::uint64_t node)
{
    // A row that shows a value in every key column (no missing value at level 0) and shares its key
    // with fewer than k rows has only the rows of its key in its class, and only its own cells
    // widen it (a row is protected by its own cells, local_suppression.h): it suppresses one of
    // them at least, so it adds the cheapest of its cells' rises. The keys are packed into 64 bits;
    // where they do not fit, the static bound stands.
    const Transformation transformation = setup.lattice.transformationOf(node);
    const double bound = calculator.staticBound(transformation.levels);
    std::vector<std::uint64_t> keys(setup.rows, 0);
    std::vector<double> cheapest(setup.rows, std::numeric_limits<double>::infinity());
    std::uint64_t radix = 1;
    for (std::size_t q = 0; q < setup.hierarchies.size(); ++q) {
        const ColumnHierarchy& hierarchy = setup.hierarchies[q];
        const EncodedColumn& column = setup.table->columns[static_cast<std::size_t>(hierarchy.column)];
        const int at = transformation.levels[q];
        const HierarchyLevel& level = hierarchy.levels[static_cast<std::size_t>(at)];
        const std::uint64_t groups = std::max<std::uint32_t>(level.groups(), 1);
        if (radix > std::numeric_limits<std::uint64_t>::max() / groups)
            return bound;
        radix *= groups;
        std::vector<double> rise(level.groups());
        for (std::uint32_t group = 0; group < level.groups(); ++group)
            rise[group] = calculator.suppressedCellRise(q, at, group);
        for (std::size_t row = 0; row < setup.rows; ++row) {
            const std::uint32_t code = column.codes[row];
            const std::uint32_t group = level.groupOfValue[code];
            keys[row] = keys[row] * groups + group;
            // -1 marks a row with a missing value, whose class may hold more than its key's rows.
            if (at == 0 && column.missing[code])
                cheapest[row] = -1.0;
            else if (cheapest[row] >= 0.0)
                cheapest[row] = std::min(cheapest[row], rise[group]);
        }
    }
    std::vector<std::pair<std::uint64_t, std::uint32_t>> shown;
    shown.reserve(setup.rows);
    for (std::size_t row = 0; row < setup.rows; ++row)
        if (cheapest[row] >= 0.0)
            shown.emplace_back(keys[row], static_cast<std::uint32_t>(row));
    std::sort(shown.begin(), shown.end());
    double rises = 0.0;
    for (std::size_t first = 0; first < shown.size();) {
        std::size_t end = first + 1;
        while (end < shown.size() && shown[end].first == shown[first].first)
            ++end;
        if (end - first < setup.localK)
            for (std::size_t i = first; i < end; ++i)
                if (std::isfinite(cheapest[shown[i].second]))
                    rises += cheapest[shown[i].second];
        first = end;
    }
    return bound + rises;
}

std::optional<LocallySuppressed> suppressLocally(const SearchSetup& setup, const UtilityCalculator& calculator,
                                                 std::uint64_t node, const std::stop_token& stop,
                                                 std::optional<std::chrono::steady_clock::time_point> deadline)
{
    const Transformation transformation = setup.lattice.transformationOf(node);
    const SuppressionKeys keys = keysAt(setup, transformation);
    LocallySuppressed result;
    LocalSuppressionLimits limits;
    limits.deadline = deadline;
    result.cells = suppressCells(keys, setup.localK, setup.localSuppression->importance, stop, limits);
    if (!result.cells.complete)
        return std::nullopt;
    ClassTally tally = calculator.emptyTally();
    tally.suppressedCells.assign(keys.codes.size(), 0);
    UtilityCalculator::SuppressionTables tables;
    calculator.suppressionTables(transformation.levels, tables);
    for (std::size_t q = 0; q < keys.codes.size(); ++q) {
        tally.suppressedCells[q] = result.cells.suppressedRows[q].size();
        if (calculator.needsSuppressedCodes())
            for (const std::uint32_t row : result.cells.suppressedRows[q])
                calculator.addSuppressed(tally, tables, q, keys.codes[q][row], 1);
    }
    TransformationAssessment& assessment = result.assessment;
    assessment.transformation = transformation;
    assessment.acceptable = true;
    assessment.value = calculator.value(transformation.levels, tally);
    assessment.columnValues = calculator.columnValues(transformation.levels, tally);
    assessment.classes = distinctKeys(keys, result.cells);
    assessment.suppressedCells = tally.suppressedCells;
    assessment.suppressedCellsMinimal = result.cells.minimal;
    return result;
}

AnonymizationResult searchWithLocalSuppression(const SearchSetup& setup, std::optional<double> timeLimitSeconds,
                                               std::stop_token stop, AnonymizationObserver& observer)
{
    const auto started = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> deadline;
    if (timeLimitSeconds)
        deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(*timeLimitSeconds));
    const UtilityCalculator calculator(setup);
    const std::size_t quasiIdentifiers = setup.hierarchies.size();
    AnonymizationResult result;
    std::optional<std::uint64_t> bestNode;
    if (setup.localSuppression->generalise) {
        // The optimum with nothing suppressed is a first bar: only the transformations whose bound
        // (the metric with nothing suppressed, which suppressed cells only raise) is below it can
        // beat it with cells suppressed.
        result = searchLattice(setup, stop, observer);
        if (!result.complete)
            return result;
        if (result.optimum) {
            result.optimum->suppressedCells.assign(quasiIdentifiers, 0);
            result.optimum->suppressedCellsMinimal = true;
            bestNode = setup.lattice.nodeOf(result.optimum->transformation);
        }
    } else {
        result.lattice = setup.lattice;
        result.metric = setup.metric;
        result.rows = setup.rows;
        result.threads = setup.threads;
    }
    if (setup.rows < setup.localK)
        return result;

    const auto withinBar = [&result](double bound) {
        if (!result.optimum)
            return true;
        const double bar = result.optimum->value;
        return bound <= bar + 1e-12 * std::max(1.0, std::abs(bar));
    };
    const std::uint64_t last = setup.localSuppression->generalise ? setup.lattice.size() : 1;
    std::vector<double> bounds(last);
    for (std::uint64_t node = 0; node < last; ++node)
        bounds[node] = calculator.staticBound(setup.lattice.transformationOf(node).levels);
    const std::vector<double> staticBounds = bounds;
    std::vector<bool> priced(last, false);
    std::vector<bool> refined(last, false);
    bool outOfTime = false;
    tbb::task_arena arena(setup.threads);
    const auto timeIsUp = [&deadline] { return deadline && std::chrono::steady_clock::now() > *deadline; };
    // Raises the static bounds of `nodes` by the cells their rows below k must suppress, in
    // parallel: a class count costs far less than a greedy pass. False when stopped or out of time.
    const auto refine = [&](const std::vector<std::uint64_t>& nodes) {
        std::vector<std::uint64_t> fresh;
        for (const std::uint64_t node : nodes)
            if (!refined[node] && !priced[node] && withinBar(bounds[node]))
                fresh.push_back(node);
        arena.execute([&] {
            parallelFor(fresh.size(), [&](std::size_t i) {
                if (!stop.stop_requested() && !timeIsUp())
                    bounds[fresh[i]] = localSuppressionBound(setup, calculator, fresh[i]);
            });
        });
        if (stop.stop_requested() || timeIsUp()) {
            outOfTime = !stop.stop_requested();
            result.complete = outOfTime;
            return false;
        }
        for (const std::uint64_t node : fresh)
            refined[node] = true;
        return true;
    };
    // Prices `nodes` a batch at a time, one per thread, and compares them in order, so the answer
    // does not depend on the thread count; skips those that can no longer beat the best. False
    // when stopped or out of time.
    const auto batch = static_cast<std::size_t>(setup.threads);
    const auto price = [&](const std::vector<std::uint64_t>& nodes) {
        if (!refine(nodes))
            return false;
        std::vector<std::uint64_t> worth;
        for (const std::uint64_t node : nodes)
            if (!priced[node] && withinBar(bounds[node]))
                worth.push_back(node);
        std::vector<std::optional<LocallySuppressed>> assessed(worth.size());
        arena.execute([&] {
            parallelFor(worth.size(), [&](std::size_t i) {
                assessed[i] = suppressLocally(setup, calculator, worth[i], stop, deadline);
            });
        });
        for (std::size_t i = 0; i < worth.size(); ++i) {
            if (!assessed[i]) {
                outOfTime = !stop.stop_requested();
                result.complete = outOfTime;
                return false;
            }
            priced[worth[i]] = true;
            ++result.stats.checked;
            if (!result.optimum ||
                better(assessed[i]->assessment, worth[i], *result.optimum, *bestNode, setup.lattice)) {
                result.optimum = assessed[i]->assessment;
                bestNode = worth[i];
            }
        }
        return true;
    };

    bool running = true;
    if (setup.localSuppression->generalise) {
        // A greedy descent from the top first: the coarsest transformation has the fewest classes
        // below k and is priced fastest, and each step prices the direct specialisations of the
        // best so far. It only prices transformations, so the optimum below is unchanged; it gives
        // the bar at once, which the bounds then prune with, where the bound order alone
        // would price the finest transformations (the slowest, with the most classes below k)
        // first whenever nothing is acceptable without suppression.
        std::uint64_t current = last - 1;
        running = price({current});
        while (running && bestNode == current) {
            const std::vector<int> levels = setup.lattice.transformationOf(current).levels;
            std::vector<std::uint64_t> below;
            for (std::size_t q = 0; q < levels.size(); ++q) {
                if (levels[q] == 0)
                    continue;
                Transformation specialised{levels};
                --specialised.levels[q];
                below.push_back(setup.lattice.nodeOf(specialised));
            }
            for (std::size_t first = 0; running && first < below.size(); first += batch)
                running = price(std::vector<std::uint64_t>(
                    below.begin() + static_cast<std::ptrdiff_t>(first),
                    below.begin() + static_cast<std::ptrdiff_t>(std::min(below.size(), first + batch))));
            if (*bestNode == current)
                break;
            current = *bestNode;
        }
    }

    // Then every transformation whose static bound does not exceed the best, cheapest static bound
    // first, until that bound passes it: none left could beat it. A chunk at a time, each
    // transformation's bound is first raised by the cells its rows below k must suppress
    // (computed in parallel; a class count costs far less than a greedy pass), and only those whose
    // raised bound does not exceed the best are priced, cheapest first.
    std::vector<std::uint64_t> candidates;
    for (std::uint64_t node = 0; node < last; ++node)
        if (!priced[node] && withinBar(bounds[node]))
            candidates.push_back(node);
    std::sort(candidates.begin(), candidates.end(), [&staticBounds](std::uint64_t a, std::uint64_t b) {
        return staticBounds[a] != staticBounds[b] ? staticBounds[a] < staticBounds[b] : a < b;
    });
    constexpr std::size_t chunk = 256;
    for (std::size_t next = 0; running && next < candidates.size(); next += chunk) {
        if (!withinBar(staticBounds[candidates[next]]))
            break;
        std::vector<std::uint64_t> nodes(candidates.begin() + static_cast<std::ptrdiff_t>(next),
                                         candidates.begin() +
                                             static_cast<std::ptrdiff_t>(std::min(candidates.size(), next + chunk)));
        running = refine(nodes);
        std::erase_if(nodes, [&](std::uint64_t node) { return priced[node] || !withinBar(bounds[node]); });
        std::sort(nodes.begin(), nodes.end(), [&bounds](std::uint64_t a, std::uint64_t b) {
            return bounds[a] != bounds[b] ? bounds[a] < bounds[b] : a < b;
        });
        for (std::size_t first = 0; running && first < nodes.size(); first += batch) {
            if (!withinBar(bounds[nodes[first]]))
                break;
            const std::size_t count = std::min(batch, nodes.size() - first);
            running = price(std::vector<std::uint64_t>(nodes.begin() + static_cast<std::ptrdiff_t>(first),
                                                       nodes.begin() + static_cast<std::ptrdiff_t>(first + count)));
        }
    }
    if (outOfTime) {
        // What is left unpriced bounds the optimum from below: the least bound among it.
        double bound = result.optimum ? result.optimum->value : std::numeric_limits<double>::infinity();
        for (std::uint64_t node = 0; node < last; ++node)
            if (!priced[node])
                bound = std::min(bound, bounds[node]);
        result.optimal = result.optimum && !(bound < result.optimum->value);
        result.lowerBound = bound;
    }
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace qiscout::core
