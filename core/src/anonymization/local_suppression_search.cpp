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

std::optional<LocallySuppressed> suppressLocally(const SearchSetup& setup, const UtilityCalculator& calculator,
                                                 std::uint64_t node, const std::stop_token& stop)
{
    const Transformation transformation = setup.lattice.transformationOf(node);
    const SuppressionKeys keys = keysAt(setup, transformation);
    LocallySuppressed result;
    result.cells = suppressCells(keys, setup.localK, setup.localSuppression->importance, stop);
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

AnonymizationResult searchWithLocalSuppression(const SearchSetup& setup, std::stop_token stop,
                                               AnonymizationObserver& observer)
{
    const auto started = std::chrono::steady_clock::now();
    const UtilityCalculator calculator(setup);
    const std::size_t quasiIdentifiers = setup.hierarchies.size();
    AnonymizationResult result;
    std::optional<std::uint64_t> bestNode;
    if (setup.localSuppression->generalise) {
        // The optimum with nothing suppressed is the bar: only the transformations whose bound
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

    struct Candidate {
        double bound = 0.0;
        std::uint64_t node = 0;
    };
    std::vector<Candidate> candidates;
    const std::uint64_t last = setup.localSuppression->generalise ? setup.lattice.size() : 1;
    for (std::uint64_t node = 0; node < last; ++node) {
        const double bound = calculator.staticBound(setup.lattice.transformationOf(node).levels);
        if (!result.optimum || bound <= result.optimum->value + 1e-12 * std::max(1.0, std::abs(result.optimum->value)))
            candidates.push_back({bound, node});
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.bound != b.bound ? a.bound < b.bound : a.node < b.node;
    });
    // Candidates are priced a batch at a time, one per thread, and compared in order, so the
    // answer does not depend on the thread count.
    tbb::task_arena arena(setup.threads);
    const auto batch = static_cast<std::size_t>(setup.threads);
    for (std::size_t first = 0; first < candidates.size(); first += batch) {
        const double bar = result.optimum ? result.optimum->value : std::numeric_limits<double>::infinity();
        if (candidates[first].bound > bar + 1e-12 * std::max(1.0, std::abs(bar)))
            break;
        const std::size_t count = std::min(batch, candidates.size() - first);
        std::vector<std::optional<LocallySuppressed>> priced(count);
        arena.execute([&] {
            parallelFor(count, [&](std::size_t i) {
                priced[i] = suppressLocally(setup, calculator, candidates[first + i].node, stop);
            });
        });
        for (std::size_t i = 0; i < count; ++i) {
            if (!priced[i]) {
                result.complete = false;
                break;
            }
            ++result.stats.checked;
            const std::uint64_t node = candidates[first + i].node;
            if (!result.optimum || better(priced[i]->assessment, node, *result.optimum, *bestNode, setup.lattice)) {
                result.optimum = priced[i]->assessment;
                bestNode = node;
            }
        }
        if (!result.complete)
            break;
    }
    result.stats.searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

} // namespace qiscout::core
