// SPDX-License-Identifier: GPL-3.0-or-later
// Builders that look at how many rows hold each value, so that every level of the hierarchy
// loses as little detail as it can (#34): equal-frequency intervals for numbers and rarest-first
// merging for categories. Both return a hierarchy that passes validateHierarchy, with "*" on top.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"

namespace qiscout::core {

/// The most groups the first level of a frequency-based hierarchy keeps; each further level about
/// halves them, so a hierarchy has at most 5 levels below "*".
inline constexpr int maxFirstLevelGroups = 16;

/// Equal-frequency ("quantile") intervals. `values` and `counts` run in parallel (the rows
/// holding each value; a value given twice adds its counts). Level 1 cuts the numbers into at most
/// maxFirstLevelGroups intervals of about equal row counts; each cut is moved to the roundest
/// number (1, 2 or 5 times a power of ten first) that keeps its share of rows within a quarter of
/// a group of the exact quantile. Each further level keeps about half of the level below's cuts,
/// again the ones nearest the quantiles and roundest, so every interval lies inside one interval
/// of the next level. A long tail (the last 1 % of rows spreading further than the other 98 %) is
/// coded "< a" or ">= b" at every level but the top. Values that are not numbers keep their text
/// below the top level.
[[nodiscard]] Hierarchy buildQuantileHierarchy(const std::vector<std::string>& values,
                                               const std::vector<std::uint64_t>& counts);

/// Categories merged rarest first: level 1 has at most maxFirstLevelGroups groups and at most
/// half as many as there are values, made by merging the two groups with the fewest rows, again
/// and again (as Huffman coding does), so the common values stay as they are and the rare ones
/// end up together; each further level halves the groups the same way, down to 2; then "*". A
/// merged group is labelled by its values in natural order ("02/20/50", or "02/20/... (9
/// values)"). On equal rows the value given later counts as rarer. `values` and `counts` run in
/// parallel.
[[nodiscard]] Hierarchy buildFrequencyHierarchy(const std::vector<std::string>& values,
                                                const std::vector<std::uint64_t>& counts);

} // namespace qiscout::core
