// SPDX-License-Identifier: GPL-3.0-or-later
// The values of SPSS, Stata and SAS files as text: a variable's display format says whether its
// stored numbers are numbers, dates, date-times or times, and each format counts from its own epoch.
#pragma once

#include <string>

#include <readstat.h>

#include "qiscout/core/io/reading/source_format.h"

namespace qiscout::core {

/// What a numeric variable holds, by its display format.
enum class ValueKind { Number, Date, DateTime, Time };

/// How a numeric variable's stored values become text.
struct Conversion {
    ValueKind kind = ValueKind::Number;
    /// Stored unit in seconds (days: 86400; Stata %tc milliseconds: 0.001).
    double secondsPerUnit = 1;
    /// The format's epoch relative to 1970-01-01, in seconds.
    double epochSeconds = 0;
    /// Round to 15 significant digits first: portable files hold numbers in base 30, which gives
    /// back 0.12 as 0.11999999999999998.
    bool fifteenDigits = false;
};

/// How the numbers of a variable whose display format is `formatName` (may be null) in a file of
/// `format` become text.
[[nodiscard]] Conversion conversionFor(SourceFormat format, const char* formatName);

/// A cell's text and whether its source says it is missing.
struct CellText {
    std::string text;
    bool missing = false;
};

/// The text of a non-string value: a number or date, or ".a" for a tagged missing value.
[[nodiscard]] CellText numericText(readstat_value_t value, const Conversion& conversion);

} // namespace qiscout::core
