// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers shared by the report writers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "qiscout/core/util/display_text.h"

namespace qiscout::core {

/// Escapes text for HTML/XML content and attribute values.
[[nodiscard]] std::string escapeXml(std::string_view text);

/// A number with a fixed count of decimals ("0.125").
[[nodiscard]] std::string fixedDecimals(double value, int decimals);

/// A CSV text cell as OWASP advises against CSV (formula) injection: a cell a spreadsheet would run
/// as a formula (leading =, +, -, @, tab or carriage return) gets a leading apostrophe, and every
/// text cell is quoted (RFC 4180) so that no separator in it, in any locale, starts a new cell.
[[nodiscard]] std::string csvField(const std::string& text);

/// part / whole as a percentage with one decimal ("12.5%"); "less than 0.1%" for a tiny non-zero
/// share, which "0.0%" would hide; "0%" when whole is 0. Every percentage of the reports comes from here.
[[nodiscard]] std::string percentOf(std::uint64_t part, std::uint64_t whole);

/// Four significant digits ("720", "2.731", "0.01237"), for scores and risks.
[[nodiscard]] std::string fourSignificant(double value);

/// A share (0.125) as percentOf writes it ("12.5%", "less than 0.1%").
[[nodiscard]] std::string sharePercent(double share);

} // namespace qiscout::core
