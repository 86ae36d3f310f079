// SPDX-License-Identifier: GPL-3.0-or-later
// The (d, l)-inference anonymisation of Wang and Liu (section 6): phase 1 groups the sensitive
// values (dl_grouping.h), phase 2 cuts every group into QI-groups of rows close in their
// quasi-identifiers and generalises those (numbers to intervals "[a, b]", other values to "*").
// docs/dl-inference.md states the design; every output satisfies Definition 8, checked on the
// output's classes before it is returned.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/dl_grouping.h"
#include "qiscout/core/dependencies/dl_inference.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What to protect and how.
struct DlAnonymizationParameters {
    /// Columns to generalise; at least one, distinct, not the sensitive column.
    std::vector<int> quasiIdentifiers;
    int sensitive = 0;
    /// Largest difference between the row counts of two sensitive values of a QI-group.
    std::uint64_t d = 0;
    /// Distinct sensitive values every QI-group needs (and every intersection or difference).
    std::uint64_t l = 2;
    PartitionHeuristic heuristic = PartitionHeuristic::TopDown;
    /// Smallest QI-group, in rows (k-anonymity on top of the model); at least 1.
    std::uint64_t minGroupSize = 1;
};

/// Parameters the algorithm cannot accept. what() is a sentence a user understands.
class DlAnonymizationParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// One QI-group of the output: its rows share every generalised quasi-identifier cell.
struct DlQiGroup {
    /// Ascending 0-based rows of the input table.
    std::vector<std::uint32_t> rows;
    /// The generalised cells, one per quasi-identifier in parameter order.
    std::vector<std::string> cells;
    /// The phase-1 group (DlGroupingPlan::groups) its rows come from.
    std::size_t partition = 0;
};

struct DlAnonymizationStatistics {
    double phase1Seconds = 0.0;
    double phase2Seconds = 0.0;
    /// Rows removed by phase 1 to make the groups d-close and l-diverse.
    std::uint64_t groupingRemovedRows = 0;
    /// Rows removed because their phase-1 group had fewer rows than minGroupSize, or because
    /// their QI-group's cells came out equal to those of a QI-group of another phase-1 group.
    std::uint64_t phase2RemovedRows = 0;
};

/// The protected table as groups of rows with generalised cells.
struct DlAnonymization {
    DlGroupingPlan plan;
    /// Sorted by their first row. The classes of equal cells: no two groups share all cells.
    std::vector<DlQiGroup> groups;
    /// Ascending 0-based rows left out of the output.
    std::vector<std::uint32_t> removedRows;
    /// The generalised loss (the paper's Definition 1) over the quasi-identifier cells of every
    /// input row, in [0, 1]: 0 for a cell kept as it is, (b - a) / (max - min) for an interval of
    /// a numeric column, 1 for "*" and for every cell of a removed row.
    double informationLoss = 0.0;
    /// The same per quasi-identifier, in parameter order.
    std::vector<double> columnLoss;
    /// Definition 8 on the output's QI-groups.
    DlInferenceCheck check;
    DlAnonymizationStatistics stats;
    /// False when stopped: groups and removed rows are then empty.
    bool complete = true;
};

/// Runs both phases. Synchronous and single-threaded (phase 1 works on the value frequencies,
/// phase 2 is O(rows log rows x quasi-identifiers)); polls stop between QI-groups.
/// Throws DlAnonymizationParameterError.
[[nodiscard]] DlAnonymization anonymizeForDlInference(const EncodedTable& table,
                                                      const DlAnonymizationParameters& parameters,
                                                      std::stop_token stop = {});

/// What becomes of the rows the anonymisation removed, in publishDlAnonymization's table.
enum class DlRemovedRows {
    /// Left out: the table that is published.
    LeftOut,
    /// Kept in place with "*" in every quasi-identifier: a table row for row beside the input,
    /// for measuring what was lost (the removed rows count as suppressed).
    Suppressed,
};

/// The output table: every column of the input, the kept rows in input order, quasi-identifier
/// cells replaced by their group's generalised cells; removed rows as `removed` says.
[[nodiscard]] EncodedTable publishDlAnonymization(const EncodedTable& table,
                                                  const DlAnonymizationParameters& parameters,
                                                  const DlAnonymization& anonymization,
                                                  DlRemovedRows removed = DlRemovedRows::LeftOut);

} // namespace qiscout::core
