// SPDX-License-Identifier: GPL-3.0-or-later
// The order a level's groups are listed in, so that people read them as a scale (#35): intervals
// by where they start, not by how many rows they hold.
#pragma once

#include <string_view>

namespace qiscout::core {

/// Whether group label `a` is listed before `b`: numbers and the builders' number labels by
/// where they start ("< 2" at 2 before "[2, 3)", ">= 24" after every interval starting below 24),
/// then other text in natural order (runs of digits compared as numbers: "2015-Q2" before
/// "2015-Q10"), "*" last. A strict weak order.
[[nodiscard]] bool groupLabelBefore(std::string_view a, std::string_view b);

} // namespace qiscout::core
