// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What evaluating one column set measured: its verdict is "vulnerable" when isolatedRows > 0.
struct SetEvaluation {
    /// Rows whose class on the set has at most k rows.
    std::uint64_t isolatedRows = 0;
    /// The smallest class on the set; 0 for a table without rows.
    std::uint64_t smallestClass = 0;
    /// Row visits the evaluation made (what SearchStatistics::rowsScanned adds up).
    std::uint64_t rowsVisited = 0;

    friend bool operator==(const SetEvaluation&, const SetEvaluation&) = default;
};

/// Evaluates batches of column sets on one table, each as one job over the whole table as MTUI does,
/// in parallel on the parameters' threads: for callers that share a level's sets out themselves
/// (qiscout-mpi's ranks). Thread: one caller at a time; the table must outlive the evaluator.
class SetEvaluator {
public:
    /// Indexes the searched columns once. Throws SearchParameterError for invalid parameters.
    SetEvaluator(const EncodedTable& table, const SearchParameters& parameters);
    ~SetEvaluator();
    SetEvaluator(const SetEvaluator&) = delete;
    SetEvaluator& operator=(const SetEvaluator&) = delete;

    /// One evaluation per set, in order (every set non-empty, within the searched columns);
    /// nullopt once stop is requested.
    [[nodiscard]] std::optional<std::vector<SetEvaluation>> evaluate(const std::vector<ColumnSet>& sets,
                                                                     const std::stop_token& stop);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace qiscout::core
