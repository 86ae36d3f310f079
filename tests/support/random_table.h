// SPDX-License-Identifier: GPL-3.0-or-later
// Seeded random tables for the engines' property tests.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core::testing {

/// Largest number of columns makeRandomTable produces.
inline constexpr int maxRandomColumns = 10;
/// Largest number of rows makeRandomTable produces.
inline constexpr std::uint32_t maxRandomRows = 300;

/// A small table (1..300 rows, minColumns..maxColumns columns) whose shape varies with the seed:
/// constant, binary, uniform, skewed and near-unique columns, and sometimes many duplicated rows.
/// The same seed always gives the same table, on every platform.
[[nodiscard]] EncodedTable makeRandomTable(std::uint64_t seed, int maxColumns = maxRandomColumns, int minColumns = 1);

/// How tableOfCardinalities draws a column's codes.
enum class CodeSpread { Uniform, Skewed };

/// A table whose column i has cardinalities[i] codes, drawn straight as codes (no text to encode),
/// uniformly or each column skewed its own way (then a code may stay unused): for the partition
/// kernels' tests, which need columns of exactly so many codes around their limits.
[[nodiscard]] EncodedTable tableOfCardinalities(std::mt19937& random, std::uint32_t rowCount,
                                                const std::vector<std::uint32_t>& cardinalities, CodeSpread spread);

/// `table` with about `percent` % of its cells (chosen by `seed`) replaced by the empty text, which
/// is encoded as a missing value.
[[nodiscard]] EncodedTable withMissingCells(const EncodedTable& table, std::uint64_t seed, std::uint32_t percent);

/// "seed 7: 42 rows x 5 columns (cardinalities 1 3 12 2 40)" for failure messages.
[[nodiscard]] std::string describeRandomTable(std::uint64_t seed, const EncodedTable& table);

} // namespace qiscout::core::testing
