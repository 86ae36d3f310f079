// SPDX-License-Identifier: GPL-3.0-or-later
// Scores and measurements as a reader expects them: never in exponent notation.
#pragma once

#include <QString>

namespace qiscout::ui {

/// `value` to `digits` significant digits in the user's locale, without the exponent notation a
/// steward does not read ("369,400" rather than "3.694e+05", "0.0000123" rather than "1.23e-05");
/// values of 1,000 and more keep all their integer digits.
[[nodiscard]] QString significantText(double value, int digits);

} // namespace qiscout::ui
