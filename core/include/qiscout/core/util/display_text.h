// SPDX-License-Identifier: GPL-3.0-or-later
// Values and names as people are shown them (#19): a cell can hold megabytes, and laying out such
// a value (QTextDocument for the PDF, a table view) takes time that grows with its square.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Characters of a value or name shown in reports and in the GUI before it is cut.
inline constexpr std::size_t displayTextLimit = 200;

/// Number of characters in UTF-8 text (the bytes that are not continuation bytes).
[[nodiscard]] std::size_t characterCount(std::string_view text);

/// The text itself when it has at most maxCharacters characters; otherwise its first
/// maxCharacters characters (never a partial UTF-8 sequence), an ellipsis and the full length:
/// "AAAA… (1048576 characters)". Files meant for machines (CSV, JSON) keep values whole.
[[nodiscard]] std::string displayText(std::string_view text, std::size_t maxCharacters = displayTextLimit);

/// 48842 -> "48,842".
[[nodiscard]] std::string groupDigits(std::uint64_t value);

/// "1 row", "48,842 rows": the count with grouped digits and the noun that agrees with it.
[[nodiscard]] std::string countedNoun(std::uint64_t count, const std::string& singular, const std::string& pluralForm);

} // namespace qiscout::core
