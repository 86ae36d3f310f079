// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/set_evaluator.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engines/search_setup.h"
#include "engines/whole_table_scan.h"

namespace qiscout::core {

namespace {

/// The searched columns' indexes, built on the evaluator's threads.
std::vector<ColumnIndex> indexesOnArena(tbb::task_arena& arena, const EncodedTable& table, const ColumnSet& columns)
{
    std::vector<ColumnIndex> indexes;
    arena.execute([&] { indexes = buildColumnIndexes(table, columns); });
    return indexes;
}

} // namespace

struct SetEvaluator::State {
    State(const EncodedTable& table, const ResolvedParameters& parameters)
        : resolved(parameters)
        , arena(parameters.threads)
        , wildcard{table, nullptr}
        , indexes(indexesOnArena(arena, table, parameters.columns))
        , scratches([largest = largestCardinality(indexes)] { return WholeTableScratch(largest); })
    {
        if (resolved.missingSemantics == MissingSemantics::Wildcard) {
            missing.emplace(table);
            wildcard.missing = &*missing;
        }
    }

    ResolvedParameters resolved;
    tbb::task_arena arena;
    std::optional<MissingCells> missing;
    WildcardCells wildcard;
    std::vector<ColumnIndex> indexes;
    tbb::enumerable_thread_specific<WholeTableScratch> scratches;
};

SetEvaluator::SetEvaluator(const EncodedTable& table, const SearchParameters& parameters)
    : m_state(std::make_unique<State>(table, resolveParameters(table, parameters)))
{}

SetEvaluator::~SetEvaluator() = default;

std::optional<std::vector<SetEvaluation>> SetEvaluator::evaluate(const std::vector<ColumnSet>& sets,
                                                                 const std::stop_token& stop)
{
    State& state = *m_state;
    std::vector<SetEvaluation> evaluations(sets.size());
    tbb::task_group_context context;
    const std::stop_callback cancelTasks(stop, [&context] { context.cancel_group_execution(); });
    state.arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, sets.size(), 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    const ClassScan scan = evaluateWholeTable(sets[i], state.indexes, state.resolved.k, state.wildcard,
                                                              state.scratches.local(), stop);
                    evaluations[i] = {scan.isolatedRows, scan.smallestClassOrZero(), scan.rowsVisited};
                }
            },
            context);
    });
    if (stop.stop_requested())
        return std::nullopt;
    return evaluations;
}

} // namespace qiscout::core
