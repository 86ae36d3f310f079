// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/remaining_time.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

namespace qiscout::ui {
namespace {

/// Before this share is done, or this long has passed, the pace says little about the rest.
constexpr double leastDoneShare = 0.01;
constexpr double leastElapsedSeconds = 2.0;

QString translated(const char* text)
{
    return QCoreApplication::translate("RemainingTime", text);
}

} // namespace

std::optional<double> remainingSeconds(std::uint64_t done, std::uint64_t total, double elapsedSeconds)
{
    if (total == 0 || done == 0 || done > total || elapsedSeconds < leastElapsedSeconds)
        return std::nullopt;
    const double share = static_cast<double>(done) / static_cast<double>(total);
    if (share < leastDoneShare)
        return std::nullopt;
    return elapsedSeconds * (1.0 - share) / share;
}

QString durationText(double seconds)
{
    const double rounded = std::max(1.0, std::round(seconds));
    if (rounded < 90)
        return translated("%1 s").arg(rounded);
    const double minutes = std::round(seconds / 60.0);
    if (minutes < 90)
        return translated("%1 min").arg(minutes);
    const auto hours = static_cast<long long>(minutes / 60);
    const auto rest = static_cast<long long>(minutes) - hours * 60;
    return rest == 0 ? translated("%1 h").arg(hours) : translated("%1 h %2 min").arg(hours).arg(rest);
}

QString remainingTimeText(double seconds)
{
    return translated("about %1 left").arg(durationText(seconds));
}

} // namespace qiscout::ui
