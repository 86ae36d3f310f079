// SPDX-License-Identifier: GPL-3.0-or-later
// What was lost, as data (#34): per protected column, its distribution before and after protection,
// summary statistics of its numbers before and after, and the share of cells changed or suppressed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// One bar of a distribution: a value (or a released category, or a run of values merged to keep
/// the bars few) and the rows holding it.
struct DistributionBar {
    std::string label;
    std::uint64_t rows = 0;

    friend bool operator==(const DistributionBar&, const DistributionBar&) = default;
};

/// Summary statistics of the numbers in a column: the sample mean, the standard deviation with
/// n - 1 in the denominator (0 for one value), and the quartiles by linear interpolation between
/// the sorted values (R's default, type 7).
struct NumberSummary {
    /// Cells counted (those holding a number).
    std::uint64_t count = 0;
    double mean = 0.0;
    double standardDeviation = 0.0;
    double minimum = 0.0;
    double lowerQuartile = 0.0;
    double median = 0.0;
    double upperQuartile = 0.0;
    double maximum = 0.0;
};

/// What protection did to one column. A column of numbers is one whose every value that is not
/// missing reads as a number.
struct ColumnLossProfile {
    std::string column;
    /// Rows of the table, the suppressed ones included.
    std::uint64_t rows = 0;
    /// The original values' rows: for a column of numbers ascending (other values after them),
    /// adjacent values merged into runs "low – high" of about equal length when there are more than
    /// the bars asked for; for text the most common first, the rest merged into one last bar.
    std::vector<DistributionBar> before;
    /// The published values' rows over every row: the released categories (an interval, a group,
    /// a value kept), for numbers in the order of the smallest original value each stands for, for
    /// text the most common first, merged alike; then "*" (suppressed, or coarsened to nothing) as
    /// the last bar.
    std::vector<DistributionBar> after;
    /// For a column of numbers: its values before.
    std::optional<NumberSummary> numbersBefore;
    /// For a column of numbers: the published cells that read as numbers, an interval ("[20, 30)",
    /// "[20, 30]", "20-30") counted as its midpoint; "*" and other text are not counted.
    std::optional<NumberSummary> numbersAfter;
    /// Cells published with another text than the original, suppressed ones not included.
    std::uint64_t cellsChanged = 0;
    /// Cells published as "*" by suppression: the column's cell in each suppressed row, and the
    /// cells local suppression chose.
    std::uint64_t cellsSuppressed = 0;
};

/// The profiles of `columns` (indices into both tables, which have the same rows): `published` is
/// the protected table, `suppressedRows` its ascending suppressed rows and `suppressedCells`, empty
/// or one list per entry of `columns`, the ascending rows whose cell local suppression replaced.
/// Distributions keep at most `maxBars` bars (>= 2). Cost: one pass over each column's rows plus a
/// sort of its distinct values.
[[nodiscard]] std::vector<ColumnLossProfile>
informationLossProfile(const EncodedTable& original, const EncodedTable& published, const std::vector<int>& columns,
                       const std::vector<std::uint32_t>& suppressedRows,
                       const std::vector<std::vector<std::uint32_t>>& suppressedCells, std::size_t maxBars = 16);

/// The number a published cell stands for: the number itself, or an interval's midpoint; unset
/// for other text.
[[nodiscard]] std::optional<double> publishedNumber(const std::string& text);

} // namespace qiscout::core
