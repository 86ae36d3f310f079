// SPDX-License-Identifier: GPL-3.0-or-later
// Computes the utility metrics of docs/anonymization.md from what a check gathers about its
// classes, and the lower bounds the optimum search prunes with.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/anonymization/utility_metric.h"

#include "anonymization/search_setup.h"

namespace qiscout::core {

/// What a check tallies for the metric while it walks the classes of one transformation.
struct ClassTally {
    std::uint64_t suppressedRows = 0;
    std::uint64_t keptClasses = 0;
    std::uint64_t allClasses = 0;
    /// Sum over kept (all) classes of |E|^2; at most rows^2 < 2^64.
    std::uint64_t keptSquares = 0;
    std::uint64_t allSquares = 0;
    /// Per quasi-identifier, over the suppressed classes: sum of |E| (leaves - 1) (loss) and of
    /// |E| log2(rows sharing the generalised value) (non-uniform entropy).
    std::vector<std::uint64_t> suppressedLeaves;
    std::vector<double> suppressedLogRows;
    /// Non-monotonic entropy: per quasi-identifier, the suppressed rows (or cells) of each
    /// generalised code, indexed by the code (dense: a level has no more codes than classes, and
    /// adding up in place spares value() a sort per column of every check).
    std::vector<std::vector<std::uint64_t>> suppressedRowsOfCode;
    /// Local suppression: per quasi-identifier, its suppressed cells (addSuppressed adds their
    /// codes like those of suppressed classes); empty without.
    std::vector<std::uint64_t> suppressedCells;

    [[nodiscard]] std::uint64_t suppressedCellsOf(std::size_t q) const
    {
        return suppressedRows + (suppressedCells.empty() ? 0 : suppressedCells[q]);
    }
};

/// Thread: immutable after construction; shared by the workers.
class UtilityCalculator {
public:
    explicit UtilityCalculator(const SearchSetup& setup);

    /// Whether the check must report the generalised codes of its suppressed classes.
    [[nodiscard]] bool needsSuppressedCodes() const
    {
        return m_metric == UtilityMetric::Loss || m_metric == UtilityMetric::NonUniformEntropy ||
               m_metric == UtilityMetric::EntropyNonMonotonic;
    }
    /// A tally sized for this search, all zero (addSuppressed grows the codes' slots).
    [[nodiscard]] ClassTally emptyTally() const;
    /// Sets `tally` to zero for a check at `levels`, keeping its buffers: the codes of every
    /// quasi-identifier's level have their slots already (addSuppressed does not grow them).
    /// Without levels, as emptyTally().
    void resetTally(ClassTally& tally, const std::vector<int>& levels) const;
    /// Per quasi-identifier, the table addSuppressed reads at one transformation's level: looked up
    /// once per check rather than once per suppressed class and column.
    struct SuppressionTables {
        std::vector<const std::uint32_t*> leavesMinusOne;
        std::vector<const double*> logRows;
    };
    /// The tables at `levels` (empty when the metric needs no suppressed codes).
    void suppressionTables(const std::vector<int>& levels, SuppressionTables& tables) const;
    /// Adds one suppressed class (or, rows = 1, one locally suppressed cell) with generalised code
    /// `group` of quasi-identifier q.
    void addSuppressed(ClassTally& tally, const SuppressionTables& tables, std::size_t q, std::uint32_t group,
                       std::uint64_t rows) const
    {
        if (m_metric == UtilityMetric::Loss)
            tally.suppressedLeaves[q] += rows * tables.leavesMinusOne[q][group];
        else if (m_metric == UtilityMetric::EntropyNonMonotonic) {
            std::vector<std::uint64_t>& rowsOfCode = tally.suppressedRowsOfCode[q];
            if (group >= rowsOfCode.size())
                rowsOfCode.resize(static_cast<std::size_t>(group) + 1, 0);
            rowsOfCode[group] += rows;
        } else
            tally.suppressedLogRows[q] += static_cast<double>(rows) * tables.logRows[q][group];
    }

    /// The metric with the tallied suppression.
    [[nodiscard]] double value(const std::vector<int>& levels, const ClassTally& tally) const;
    /// The metric per quasi-identifier (empty for discernibility, DM* and AECS).
    [[nodiscard]] std::vector<double> columnValues(const std::vector<int>& levels, const ClassTally& tally) const;
    /// The metric as if nothing were suppressed: a lower bound of value() at this transformation
    /// and at every generalisation of it (it never decreases up the lattice).
    [[nodiscard]] double valueWithoutSuppression(const std::vector<int>& levels, const ClassTally& tally) const;
    /// A lower bound of value() at this transformation and its generalisations that needs no
    /// check; for the metrics summed over columns it equals valueWithoutSuppression.
    [[nodiscard]] double staticBound(const std::vector<int>& levels) const;
    /// Local suppression: how much value() rises when one more cell of generalised group `group`
    /// of quasi-identifier q at `level` is suppressed; infinity where such a cell cannot widen a
    /// class (fewer than two of the level's groups hold rows), 0 for a metric local suppression
    /// does not price.
    [[nodiscard]] double suppressedCellRise(std::size_t q, int level, std::uint32_t group) const;
    /// Whether staticBound is the exact value of every transformation that suppresses nothing.
    [[nodiscard]] bool staticBoundExactWithoutSuppression() const { return isColumnSum(); }

private:
    /// Whether the metric is a sum of per-column parts (all but the discernibilities and AECS).
    [[nodiscard]] bool isColumnSum() const
    {
        return m_metric != UtilityMetric::Discernibility && m_metric != UtilityMetric::DmStar &&
               m_metric != UtilityMetric::Aecs;
    }
    /// Whether the per-column parts are entropies in bits, summed rather than averaged.
    [[nodiscard]] bool isEntropy() const
    {
        return m_metric == UtilityMetric::NonUniformEntropy || m_metric == UtilityMetric::EntropyMonotonic ||
               m_metric == UtilityMetric::EntropyNonMonotonic;
    }
    /// Non-monotonic entropy: the entropy of q's generalised values among its suppressed cells,
    /// times their count.
    [[nodiscard]] static double suppressedCodesEntropy(const ClassTally& tally, std::size_t q);
    /// Precision, loss or entropy summed over the quasi-identifiers, given per-column parts.
    [[nodiscard]] double columnPart(int q, int level, const ClassTally* tally) const;

    UtilityMetric m_metric;
    std::uint64_t m_rows;
    std::vector<int> m_heights;
    /// Loss: per q and level, group -> leaves - 1, and the sum over rows; D_q - 1.
    std::vector<std::vector<std::vector<std::uint32_t>>> m_leavesMinusOne;
    std::vector<std::vector<std::uint64_t>> m_totalLeaves;
    std::vector<std::uint64_t> m_distinctMinusOne;
    /// Non-uniform entropy: per q and level, group -> log2(rows in group), and the sum over rows;
    /// the level-0 sum (the original values' part, subtracted from every cell).
    std::vector<std::vector<std::vector<double>>> m_logRows;
    std::vector<std::vector<double>> m_totalLogRows;
    /// Per q and level: whether two or more groups hold rows.
    std::vector<std::vector<bool>> m_levelSplits;
};

} // namespace qiscout::core
