// SPDX-License-Identifier: GPL-3.0-or-later
// Builders that write a generalisation hierarchy for a list of values, and the automatic default
// per inferred column type that makes a one-click run possible. Every builder returns a hierarchy
// that passes validateHierarchy (monotone, one row per given value, "*" as its top level) and
// throws std::invalid_argument for options it cannot honour.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The text of the most general level every builder ends with.
inline constexpr const char* suppressedValueText = "*";

/// Numeric intervals. Values that are not numbers (missing values, say) keep their text below the
/// top level.
struct IntervalOptions {
    /// Width of the level-1 intervals (> 0); each further level doubles it, until one interval
    /// holds every value. Ignored when cutPoints is given.
    double width = 10.0;
    /// Every level's intervals start at this origin plus multiples of the level's width, so each
    /// interval lies inside one interval of the next level.
    double origin = 0.0;
    /// Caps the number of interval levels (doubling stops early); unset = until one interval.
    std::optional<int> maxLevels;
    /// User-defined boundaries per level instead of widths: level l + 1 uses cutPoints[l] (sorted
    /// ascending). Each level's points must be a subset of the previous level's (monotone).
    std::vector<std::vector<double>> cutPoints;
    /// Values below this are coded "< bottom" at every level but the top.
    std::optional<double> bottomCoding;
    /// Values at or above this are coded ">= top" at every level but the top.
    std::optional<double> topCoding;
};

/// Intervals "[20, 30)" per level, then "*".
[[nodiscard]] Hierarchy buildIntervalHierarchy(const std::vector<std::string>& values, const IntervalOptions& options);

/// Masking from the right (ZIP and other codes): level l replaces the last l characters (UTF-8
/// code points) by `mask`, up to `levels` levels (default: the longest value's length minus 1),
/// then "*".
[[nodiscard]] Hierarchy buildMaskingHierarchy(const std::vector<std::string>& values,
                                              std::optional<int> levels = std::nullopt, char mask = '*');

/// The steps of a date hierarchy, finest first.
enum class DateStep { Day, Month, Quarter, Year, Decade };

/// Date truncation: each requested step in order (e.g. Month "2024-05", Quarter "2024-Q2", Year
/// "2024", Decade "2020s"), then "*". Dates in the formats the loader recognises (YYYY-MM-DD,
/// YYYY/MM/DD, DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY, optionally with a time); DD/MM against MM/DD is
/// decided for the whole list (MM/DD only when some first field exceeds 12 is impossible and some
/// second one does). Quarters written YYYYQn, YYYY-Qn or YYYY Qn (any case) keep their text at the
/// day and month steps. Other values keep their text below the top level. Steps must be in
/// increasing order.
[[nodiscard]] Hierarchy buildDateHierarchy(const std::vector<std::string>& values,
                                           const std::vector<DateStep>& steps = {DateStep::Month, DateStep::Year,
                                                                                 DateStep::Decade});

/// Grouping of ordinal categories: `orderedValues` in their natural order; level l + 1 groups
/// groupSizes[l] consecutive groups of level l (default: pairs until one group), labelled
/// "first-last" ("a" for a group of one), then "*".
[[nodiscard]] Hierarchy buildOrderedHierarchy(const std::vector<std::string>& orderedValues,
                                              const std::vector<int>& groupSizes = {});

/// Grouping of categories by an explicit tree: parents[0] maps every value to its level-1 group,
/// parents[l] maps every level-l group to its level-(l + 1) group; "*" is added on top unless the
/// last level already has a single group.
[[nodiscard]] Hierarchy buildTreeHierarchy(const std::vector<std::string>& values,
                                           const std::vector<std::map<std::string, std::string>>& parents);

/// Just the values and "*" (height 1).
[[nodiscard]] Hierarchy buildFlatHierarchy(const std::vector<std::string>& values);

/// The rule automaticHierarchy applies to a column (docs/hierarchies.md says each in plain words).
enum class AutomaticRule {
    Flat,       ///< at most 2 values: the value or "*"
    Categories, ///< buildFrequencyHierarchy: the rarest values merge first
    Intervals,  ///< buildQuantileHierarchy: equal-frequency ranges with round edges
    Dates,      ///< month, quarter, year, decade
    Masking,    ///< long codes of one length (postcodes): trailing characters hidden
};

/// Different values up to which a column of numbers is treated as categories.
inline constexpr std::uint32_t maxCategoricalNumbers = 12;
/// Different values above which codes of one length are masked rather than merged.
inline constexpr std::uint32_t minMaskedCodes = 30;

/// Which rule suits the column: Flat for at most 2 values (missing ones included); Dates for dates
/// and quarters; Intervals for numbers with more than maxCategoricalNumbers values none of which
/// is written with a leading zero (a leading zero makes a code: "05"); Masking for codes (numbers
/// with a leading zero, or letters and digits of one length of at least 2 with a digit) with more
/// than minMaskedCodes values, all of one length; Categories for everything else.
[[nodiscard]] AutomaticRule automaticRule(const EncodedColumn& column);

/// The default hierarchy for a column, by automaticRule, built from its values and their row
/// counts, without levels that merge nothing.
[[nodiscard]] Hierarchy automaticHierarchy(const EncodedColumn& column);

} // namespace qiscout::core
