// SPDX-License-Identifier: GPL-3.0-or-later
// How long a running job still needs, from how far it has come: what a determinate progress bar
// says beside it (#35).
#pragma once

#include <cstdint>
#include <optional>

#include <QString>

namespace qiscout::ui {

/// The seconds still needed at the pace so far, once `done` of `total` (total > 0) took
/// `elapsedSeconds`; nullopt while too little is done to say (under 1 % or under two seconds).
[[nodiscard]] std::optional<double> remainingSeconds(std::uint64_t done, std::uint64_t total, double elapsedSeconds);

/// "about 40 s left", "about 3 min left", "about 2 h left".
[[nodiscard]] QString remainingTimeText(double seconds);

/// "3 s", "4 min", "1 h 10 min": a duration to the unit a person plans by.
[[nodiscard]] QString durationText(double seconds);

} // namespace qiscout::ui
