// SPDX-License-Identifier: GPL-3.0-or-later
// SUDA and DIS-SUDA scores per record from the minimal sample uniques, as sdcMicro 5.8's suda2()
// computes them.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <stop_token>
#include <vector>

#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// What computeSudaScores produces; the row-wise vectors have one entry per row.
struct SudaScores {
    std::vector<double> scores;
    std::vector<double> disScores;
    /// Row-major rows x key columns: the share of the row's score carried by each key column.
    std::vector<double> contributions;
    SudaSummary summary;
    bool complete = true;
};

/// What one MSU of `size` of the `scoredColumns` key columns adds to its row's score.
[[nodiscard]] double sudaWeight(SudaScoring scoring, int scoredColumns, int size);

/// How to score.
struct SudaOptions {
    /// Table columns, ascending; at least one.
    std::vector<int> keyColumns;
    SudaScoring scoring = SudaScoring::Elliot;
    /// sdcMicro's DisFraction, in (0, 1].
    double samplingFraction = 0.01;
    int threads = 1;
    /// Largest MSU counted, in key columns (more than the key columns: every size).
    int maxMsuSize = maxKeyColumns;
    /// Items of the whole table done, out of `total`; both may be null.
    std::atomic<std::uint64_t>* itemsDone = nullptr;
    std::atomic<std::uint64_t>* itemsTotal = nullptr;
};

/// Scores every row of `table`. `classSizes` gives each row's class size on the key columns (for
/// the DIS probability, from the rows unique there and those in classes of two). Missing values
/// are no items, as in sdcMicro. Thread: call from one thread; it blocks until done.
[[nodiscard]] SudaScores computeSudaScores(const EncodedTable& table, const SudaOptions& options,
                                           std::span<const std::uint32_t> classSizes, std::stop_token stop);

} // namespace qiscout::core
