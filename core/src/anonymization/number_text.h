// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as the anonymisation code reads them from cells and writes them into labels.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qiscout::core {

/// The shortest text that reads back as the same double ("3", "0.2", "1e+20").
[[nodiscard]] std::string formatNumber(double value);

/// The cell as a finite number (leading/trailing spaces allowed, '+' sign allowed), or nullopt.
[[nodiscard]] std::optional<double> parseNumber(std::string_view text);

} // namespace qiscout::core
