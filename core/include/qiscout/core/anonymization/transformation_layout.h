// SPDX-License-Identifier: GPL-3.0-or-later
// Where each transformation of a generalisation lattice is drawn, the counterpart of LatticeLayout
// for the Protect view (#15): rows by total level, nodes within a row in node order.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/anonymization/transformation_lattice.h"

namespace qiscout::core {

/// Pure geometry, no state: a node's row is its total level (0 = the original table at the bottom,
/// maxTotalLevel() = everything generalised at the top) and its rank is its position among the
/// nodes of that row in node order (lexicographic in the levels, the first quasi-identifier
/// most significant). Rank and unrank are computed by counting level vectors, without enumerating
/// the row: O(quasi-identifiers) and O(quasi-identifiers x height). Value type.
class TransformationLayout {
public:
    /// The most quasi-identifiers a layout takes (the search's limit too).
    static constexpr int maxDimensions = 64;

    TransformationLayout() = default;
    /// Throws std::invalid_argument beyond maxDimensions quasi-identifiers.
    explicit TransformationLayout(TransformationLattice lattice);

    [[nodiscard]] const TransformationLattice& lattice() const { return m_lattice; }
    /// maxTotalLevel() + 1 rows.
    [[nodiscard]] int rowCount() const { return static_cast<int>(m_rowSizes.size()); }
    /// Nodes in a row; 0 outside 0..rowCount()-1.
    [[nodiscard]] std::uint64_t rowSize(int row) const;
    /// Nodes in the widest row.
    [[nodiscard]] std::uint64_t widestRow() const { return m_widestRow; }
    /// A node's row and its rank within it.
    struct Place {
        int row = 0;
        std::uint64_t rank = 0;
        friend bool operator==(const Place&, const Place&) = default;
    };
    /// Where a node is drawn: one pass over its levels.
    [[nodiscard]] Place place(std::uint64_t node) const;
    /// Rank of a node within its row (the row is lattice().totalLevel(node)).
    [[nodiscard]] std::uint64_t rank(std::uint64_t node) const { return place(node).rank; }
    /// The node of a row with the given rank; rank must be below rowSize(row).
    [[nodiscard]] std::uint64_t unrank(int row, std::uint64_t rank) const;

private:
    /// completions(q, s): level vectors of quasi-identifiers q..d-1 summing to s (0 outside 0..max).
    [[nodiscard]] std::uint64_t completions(int q, int sum) const;
    /// Sum of completions(q, t) for t in 0..sum.
    [[nodiscard]] std::uint64_t completionsUpTo(int q, int sum) const;

    TransformationLattice m_lattice;
    std::vector<std::uint64_t> m_rowSizes;
    std::uint64_t m_widestRow = 0;
    /// (d + 1) x (maxTotalLevel + 1) tables, row-major by q.
    std::vector<std::uint64_t> m_completions;
    std::vector<std::uint64_t> m_completionsUpTo;
};

} // namespace qiscout::core
