// SPDX-License-Identifier: GPL-3.0-or-later
// Local suppression (#34): single key cells replaced by a wildcard, as sdcMicro's kAnon and
// mu-ARGUS do, so that every row's class has at least k rows while as little is suppressed as can
// be found. Definitions and the method in docs/anonymization.md, "Local suppression".
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

namespace qiscout::core {

/// The key cells local suppression works on: per key column, one code per row, and per code
/// whether it already matches any value (a missing cell, sdcMicro's NA).
struct SuppressionKeys {
    std::uint32_t rows = 0;
    std::vector<std::vector<std::uint32_t>> codes;
    std::vector<std::vector<bool>> wildcard;
};

/// How far the exact method may go before the heuristic's answer stands.
struct LocalSuppressionLimits {
    /// Tables of more rows are left to the heuristic.
    std::uint32_t exactRows = 48;
    /// Search nodes the exact method may visit.
    std::uint64_t exactNodes = 200'000;
    /// Past this moment the method gives up as when stopped (complete = false): the search with
    /// generalisation prices transformations within a time limit and cannot cut a pass short
    /// otherwise.
    std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt;
};

/// Which key cells to suppress. A row's class is every row that shows each value the row shows: a
/// suppressed or missing cell hides the row's own value, so it widens that row's class, but it never
/// puts its row into another row's class. (Under the symmetric wildcard semantics, where a wildcard
/// also matches the values of others, blanking k - 1 whole rows would make any table k-anonymous
/// while leaving every other row as it was: cheap, and no protection.) Every answer is therefore
/// also k-anonymous under the symmetric semantics, which the re-check and sdcMicro's freqCalc use.
struct LocalSuppression {
    /// Per key column (input order): ascending rows whose cell is suppressed.
    std::vector<std::vector<std::uint32_t>> suppressedRows;
    std::uint64_t cells = 0;
    /// Sum of the suppressed cells' column weights: what is minimised.
    double weight = 0.0;
    /// Whether the exact method proved no cheaper choice exists; otherwise the heuristic's answer.
    bool minimal = false;
    /// False when stop was requested: nothing is suppressed then.
    bool complete = true;
};

/// Chooses key cells to suppress so that every row's class has at least k rows, minimising the
/// summed weights of the suppressed cells (weights[c] > 0 per key column: the user's importance).
/// Exact when the table has at most limits.exactRows rows and the search fits limits.exactNodes;
/// otherwise a greedy choice improved by restoring every cell it can. Requires k <= rows (any
/// table of at least k rows can be made k-anonymous by suppressing every cell); throws
/// std::invalid_argument otherwise or for weights that do not fit the keys.
[[nodiscard]] LocalSuppression suppressCells(const SuppressionKeys& keys, std::uint64_t k,
                                             const std::vector<double>& weights, std::stop_token stop,
                                             const LocalSuppressionLimits& limits = {});

} // namespace qiscout::core
