// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/engines/set_evaluator.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// MTUI's level-by-level search with the evaluation left to the caller: each level's candidate
/// sets are handed out, the caller evaluates them wherever it likes (SetEvaluator, on other
/// processes or nodes) and settles the level with their evaluations; the next level is generated
/// from its safe sets. Pruning stays exact because a level opens only once the previous one is
/// settled, and the result is MTUI's, statistics included, however the evaluations were shared out.
/// Thread: used by one thread at a time.
class LevelSweep {
public:
    /// Opens level 1. Throws SearchParameterError for invalid parameters.
    LevelSweep(const EncodedTable& table, const SearchParameters& parameters);
    ~LevelSweep();
    LevelSweep(const LevelSweep&) = delete;
    LevelSweep& operator=(const LevelSweep&) = delete;

    /// The candidate sets of the open level, in generation order (size, then lexicographic);
    /// empty once the search is finished.
    [[nodiscard]] const std::vector<ColumnSet>& level() const;
    /// Size of the sets of the open level.
    [[nodiscard]] int levelSize() const;
    /// Settles the open level with one evaluation per set of level(), in its order, and opens the next.
    /// Throws std::invalid_argument when the counts differ.
    void settle(const std::vector<SetEvaluation>& evaluations);
    [[nodiscard]] bool finished() const;
    /// The answer: complete when the sweep finished, else only what was settled.
    [[nodiscard]] SearchResult result() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace qiscout::core
