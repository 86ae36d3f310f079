// SPDX-License-Identifier: GPL-3.0-or-later
// What the benchmark commands measure about the process and how they summarise runs.
#pragma once

#include <vector>

namespace qiscout::cli {

/// Peak resident set size of the process so far, in MiB.
[[nodiscard]] double peakRssMiB();

/// CPU seconds of every thread of the process so far: on a shared machine, a steadier measure of
/// work than the wall clock.
[[nodiscard]] double processCpuSeconds();

/// The median of a non-empty list (the mean of the middle two for an even count).
[[nodiscard]] double median(std::vector<double> values);

} // namespace qiscout::cli
