// SPDX-License-Identifier: GPL-3.0-or-later
// Phase 2 of the (d, l)-inference anonymisation: a phase-1 group's rows cut into QI-groups of rows
// close in their quasi-identifiers, every QI-group keeping every sensitive value of the group, and
// the generalised cells of a QI-group.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// How phase 2 orders and generalises one quasi-identifier column.
struct QiColumnScale {
    int column = 0;
    /// Integer or decimal column: groups of several values become intervals "[a, b]".
    bool numeric = false;
    /// Code -> sort key: the number for a numeric column (+infinity for a missing or non-numeric
    /// cell), the code otherwise.
    std::vector<double> keyOfCode;
    /// Whether the code is a number (numeric columns only).
    std::vector<bool> isNumber;
    /// Smallest and largest number of the column over the whole table.
    double minimum = 0.0;
    double maximum = 0.0;
};

[[nodiscard]] std::vector<QiColumnScale> scaleColumns(const EncodedTable& table, const std::vector<int>& columns);

/// The generalised cells of a set of rows and each cell's loss (Definition 1).
struct Generalisation {
    std::vector<std::string> cells;
    std::vector<double> loss;
};

/// One value for a column when the rows share it; else the interval of a numeric column whose rows
/// are all numbers; else "*".
[[nodiscard]] Generalisation generalise(const EncodedTable& table, const std::vector<QiColumnScale>& scales,
                                        const std::vector<std::uint32_t>& rows);

/// Cuts one phase-1 group into QI-groups. `pools` holds the group's rows of each of its sensitive
/// values; their sizes must be d-close. Every result holds rows of every value, at least
/// minGroupSize rows (when the group has that many), and any union of results has d-close counts
/// (docs/dl-inference.md). Mondrian-style cuts: each value's rows cut near the common median of the
/// widest column. nullopt when stop was requested.
[[nodiscard]] std::optional<std::vector<std::vector<std::uint32_t>>>
splitIntoQiGroups(std::vector<std::vector<std::uint32_t>> pools, const EncodedTable& table,
                  const std::vector<QiColumnScale>& scales, std::uint64_t minGroupSize, const std::stop_token& stop);

} // namespace qiscout::core
