// SPDX-License-Identifier: GPL-3.0-or-later
// How every table writer (CSV, SPSS, Stata) buffers its output and how often it looks at the stop
// token: one pair of values, so the formats cannot drift apart.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qiscout::core {

/// Bytes gathered before they go to the file (or to ReadStat's sink).
inline constexpr std::size_t writeFlushBytes = std::size_t{1} << 20;
/// Rows written between two looks at the stop token.
inline constexpr std::uint32_t writeRowsPerStopCheck = 4096;

} // namespace qiscout::core
