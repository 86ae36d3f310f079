// SPDX-License-Identifier: GPL-3.0-or-later
// The set-up the Protect view (#15) starts from after a quasi-identifier search, so that one
// click gives a valid result: which columns to generalise, with which hierarchies, and k.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The largest generalisation lattice a suggestion builds (2^18 transformations), so that the exact
/// search answers in seconds. As the Protect step searches (the frontier too; release build, 2
/// cores, k = 6): all 15 columns of adult.csv (248,832 transformations) in about 1 s, its first 8
/// columns (250,000) in about 8 s. A larger limit buys nothing there: at 2^22 (2,834,352, 7 s) the
/// optimum on the 15 columns is the same, eight columns coarsened to the top, as the loss of 15 key
/// columns comes from the columns themselves, not from the hierarchies' cut. Users may build larger
/// lattices by hand.
inline constexpr std::uint64_t suggestedLatticeLimit = std::uint64_t{1} << 18;
/// The smallest k a suggestion proposes (a common release threshold).
inline constexpr std::uint64_t suggestedMinimumK = 5;
/// The share of rows a suggestion lets the search withhold (2 %).
inline constexpr double suggestedSuppressionLimit = 0.02;

/// A suggested protection and what it had to leave out.
struct ProtectionSuggestion {
    ProtectionSettings settings;
    /// Candidate columns left unprotected because even their coarsest hierarchies would make the
    /// lattice larger than the limit (the least involved in quasi-identifiers go first).
    std::vector<std::string> leftOut;
};

/// The hierarchy without its intermediate levels that merge nothing (a level grouping the values
/// exactly as the level above or below it does). Monotonicity is kept: dropping a level of a
/// monotone hierarchy leaves one.
[[nodiscard]] Hierarchy withoutRedundantLevels(const Hierarchy& hierarchy);
/// The hierarchy without level `level` (1 <= level < height()).
[[nodiscard]] Hierarchy withoutLevel(const Hierarchy& hierarchy, int level);

/// Suggests a protection for the columns whose role is QuasiIdentifier: each gets its
/// automaticHierarchy without redundant levels; k = max(suggestedMinimumK, searchK + 1), so no
/// group the search flagged (at most searchK rows) survives; suppression suggestedSuppressionLimit;
/// metric loss. While the lattice would exceed `latticeLimit`, the tallest hierarchy loses its
/// coarsest level below the top; when even height-1 hierarchies exceed it, the candidates that
/// occur in the fewest of `findings`' quasi-identifiers (then those with the fewest distinct
/// values) are left out. `findings` may be null (no search yet).
[[nodiscard]] ProtectionSuggestion suggestProtection(const EncodedTable& table, const std::vector<ColumnRole>& roles,
                                                     const SearchResult* findings, std::uint64_t searchK,
                                                     std::uint64_t latticeLimit = suggestedLatticeLimit);

} // namespace qiscout::core
