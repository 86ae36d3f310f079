// SPDX-License-Identifier: GPL-3.0-or-later
// Column type inference from distinct values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Optional sign and 1 to 18 digits, so the value fits a signed 64-bit integer.
[[nodiscard]] bool looksLikeInteger(std::string_view text);
/// An integer, or a decimal number with a '.' fraction and/or an exponent ("1.5", ".5", "2e-3").
[[nodiscard]] bool looksLikeNumber(std::string_view text);
/// A valid calendar date: YYYY-MM-DD, YYYY/MM/DD, DD/MM/YYYY, MM/DD/YYYY or DD.MM.YYYY, optionally
/// followed by 'T' or ' ' and a time HH:MM[:SS[.fff]].
[[nodiscard]] bool looksLikeDate(std::string_view text);

/// Integer if every non-missing value is an integer, Decimal if every one is a number, Date if
/// every one is a date, Text otherwise (also when every value is missing).
[[nodiscard]] ColumnType inferColumnType(const std::vector<std::string>& dictionary, const std::vector<bool>& missing);

} // namespace qiscout::core
