// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/risk_run_estimate.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

#include "common/counted_noun.h"
#include "common/remaining_time.h"

namespace qiscout::ui {
namespace {

/// Seconds per row at no key column, and the factor each key column multiplies the time by:
/// fitted to the timings in the header.
constexpr double secondsPerRow = 2.3e-6;
constexpr double growthPerKeyColumn = 1.6;
/// Runs expected to be shorter than this need no warning.
constexpr double warnAboveSeconds = 20.0;

} // namespace

double estimatedRiskSeconds(std::uint64_t rows, int keyColumns, int threads)
{
    return secondsPerRow * static_cast<double>(rows) * std::pow(growthPerKeyColumn, std::max(keyColumns, 0)) /
           std::max(threads, 1);
}

QString longRiskRunWarning(std::uint64_t rows, int keyColumns, int threads)
{
    const double seconds = estimatedRiskSeconds(rows, keyColumns, threads);
    if (seconds < warnAboveSeconds)
        return {};
    return QCoreApplication::translate("RiskView",
                                       "Scoring %1 on %2 may take %3 or more: each key column makes it about half "
                                       "again as long, so fewer make it much quicker. Stop ends it at any time.")
        .arg(countedNoun(rows, QCoreApplication::translate("RiskView", "row"),
                         QCoreApplication::translate("RiskView", "rows")),
             countedNoun(static_cast<std::uint64_t>(keyColumns), QCoreApplication::translate("RiskView", "key column"),
                         QCoreApplication::translate("RiskView", "key columns")),
             durationText(seconds));
}

} // namespace qiscout::ui
