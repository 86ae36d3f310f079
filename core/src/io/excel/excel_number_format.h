// SPDX-License-Identifier: GPL-3.0-or-later
// Excel number format codes: a cell's stored number shown as Excel shows it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qiscout::core {

/// The format code of one of Excel's built-in number formats (ids 0-49, as Excel shows them in
/// its default en-US locale: id 14 is "m/d/yyyy"); "General" for ids it does not define.
[[nodiscard]] std::string builtinExcelFormat(std::uint32_t id);

/// `value` as Excel shows it under `formatCode`: "General" (at most 11 characters, scientific
/// beyond, as Excel's General format does), digit placeholders (0 # ?), decimal point, thousands
/// separators and scaling commas, percent, scientific (E+00), literal text ("..." \x _x), colours
/// and conditions ([Red], skipped), currency ([$€-407]), up to four sections (positive; negative;
/// zero; text) and dates and times (y m d h s, AM/PM, [h] [m] [s] elapsed, fractions of seconds)
/// on the 1900 or 1904 date system. Fractions ("# ?/?") are shown as General.
[[nodiscard]] std::string formatExcelNumber(double value, std::string_view formatCode, bool date1904);

} // namespace qiscout::core
