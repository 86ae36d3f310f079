// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers, dates and times of binary sources as the text a CSV file would hold for them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace qiscout::core {

/// The shortest text that reads back as the same double: "42", "-0.5", "123456789", in fixed
/// notation from 1e-6 up to 1e17 and scientific beyond ("1e+20", "2.5e-09"); -0 is "0". NaN and
/// infinities are "NaN", "Infinity" and "-Infinity".
[[nodiscard]] std::string numberText(double value);
/// numberText for a single-precision value: its shortest float text, so a Stata float 0.1 reads
/// "0.1" rather than "0.10000000149011612".
[[nodiscard]] std::string numberText(float value);

/// The double closest to `value`'s first 15 significant digits, the precision Excel shows and
/// SPSS portable files keep; NaN and infinities unchanged.
[[nodiscard]] double roundedToFifteenDigits(double value);

/// "YYYY-MM-DD" for a count of days since 1970-01-01; nullopt outside the years 1 to 9999.
[[nodiscard]] std::optional<std::string> dateText(double daysSinceUnixEpoch);
/// "YYYY-MM-DD HH:MM:SS" (with ".fff" when the milliseconds are not zero) for seconds since
/// 1970-01-01, rounded to the millisecond; nullopt outside the years 1 to 9999.
[[nodiscard]] std::optional<std::string> dateTimeText(double secondsSinceUnixEpoch);
/// "HH:MM:SS" (".fff" likewise) for a duration in seconds; hours may exceed 23. nullopt when
/// negative or not finite.
[[nodiscard]] std::optional<std::string> timeText(double seconds);

/// The number `text` spells when `text` is exactly numberText of it, so writing the number loses
/// nothing; nullopt otherwise ("1.50", "+3", "007", words).
[[nodiscard]] std::optional<double> canonicalNumber(const std::string& text);

} // namespace qiscout::core
