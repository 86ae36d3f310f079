// SPDX-License-Identifier: GPL-3.0-or-later
// How long scoring the records will take, said before the run (#35): SUDA's search grows about
// half again with every key column, and a run on 17 of them ran for minutes without a word.
#pragma once

#include <cstdint>
#include <optional>

#include <QString>

namespace qiscout::ui {

/// A rough duration of assessing `rows` records on `keyColumns` key columns with `threads`
/// workers, in seconds. Calibrated on adult.csv (48,842 rows, one thread: 6 key columns 2 s,
/// 8 columns 5 s, 10 columns 14 s); data with many rare values take longer. With a largest MSU
/// size the search visits at most the combinations of that many columns, so the estimate is the
/// smaller of that bound's and the unbounded one.
[[nodiscard]] double estimatedRiskSeconds(std::uint64_t rows, int keyColumns, int threads,
                                          std::optional<int> maxMsuSize = std::nullopt);

/// The warning shown before a run expected to take long (empty when it should be quick).
[[nodiscard]] QString longRiskRunWarning(std::uint64_t rows, int keyColumns, int threads,
                                         std::optional<int> maxMsuSize = std::nullopt);

} // namespace qiscout::ui
