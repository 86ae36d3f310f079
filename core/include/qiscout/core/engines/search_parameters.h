// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/missing_semantics.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// The search strategies the engine offers.
enum class Algorithm {
    Auto,   ///< picks a strategy from the table's shape
    Fpvi,   ///< the paper's breadth-first batched search
    Mtui,   ///< the paper's naive parallel baseline: one whole-table job per set
    Suda2,  ///< value-level minimal sample uniques, projected to column sets
    Brute,  ///< exhaustive; for tests on small tables
    Border, ///< works from the border between safe and vulnerable sets
};

/// The names of the strategies on the command line, in projects and in reports.
inline constexpr std::array<EnumName<Algorithm>, 6> algorithmNames{{
    {Algorithm::Auto, "auto"},
    {Algorithm::Fpvi, "fpvi"},
    {Algorithm::Mtui, "mtui"},
    {Algorithm::Suda2, "suda2"},
    {Algorithm::Brute, "brute"},
    {Algorithm::Border, "border"},
}};

[[nodiscard]] const char* toString(Algorithm algorithm);
/// Parses "fpvi", "mtui", ...; nullopt for an unknown name.
[[nodiscard]] std::optional<Algorithm> parseAlgorithm(std::string_view name);

/// The largest k a search accepts (2^31).
inline constexpr std::uint64_t maxK = std::uint64_t{1} << 31;

/// What to search. Unset optionals take documented defaults.
struct SearchParameters {
    /// A row is k-isolated on X when its class on X has at most k rows; 1..maxK.
    std::uint64_t k = 1;
    /// Worker threads, 1..hardware concurrency; unset = hardware concurrency.
    std::optional<int> threads;
    /// Rows per FPVI task; unset = defaultBatchSize.
    std::optional<std::uint32_t> batchSize;
    /// Largest column set to evaluate; unset = no limit.
    std::optional<int> maxSetSize;
    /// Columns to search; unset = every column of the table.
    std::optional<ColumnSet> columns;
    /// How missing cells match when rows are grouped (see MissingSemantics).
    MissingSemantics missingSemantics = MissingSemantics::Value;
};

/// FPVI's default rows per task, chosen by measurement (see docs/performance.md, "Batch size").
inline constexpr std::uint32_t defaultBatchSize = 32768;

} // namespace qiscout::core
