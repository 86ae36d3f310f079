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
/// Seconds per row and combination of at most the largest MSU size of columns: fitted to a
/// bounded search on 17 key columns of 64,600 uniform random rows (one thread: at most 3 columns
/// 0.8 s, at most 4 columns 3.8 s), a worst case, where most rows are unique on a few columns.
constexpr double secondsPerRowCombination = 1.8e-8;
/// Runs expected to be shorter than this need no warning.
constexpr double warnAboveSeconds = 20.0;

} // namespace

double estimatedRiskSeconds(std::uint64_t rows, int keyColumns, int threads, std::optional<int> maxMsuSize)
{
    const double workers = std::max(threads, 1);
    const double unbounded =
        secondsPerRow * static_cast<double>(rows) * std::pow(growthPerKeyColumn, std::max(keyColumns, 0)) / workers;
    if (!maxMsuSize)
        return unbounded;
    // Combinations of 1..maxMsuSize of the key columns, C(keys, size) built up size by size.
    double combinations = 0;
    double ofSize = 1;
    for (int size = 1; size <= std::min(*maxMsuSize, keyColumns); ++size) {
        ofSize = ofSize * (keyColumns - size + 1) / size;
        combinations += ofSize;
    }
    return std::min(unbounded, secondsPerRowCombination * static_cast<double>(rows) * combinations / workers);
}

QString longRiskRunWarning(std::uint64_t rows, int keyColumns, int threads, std::optional<int> maxMsuSize)
{
    const double seconds = estimatedRiskSeconds(rows, keyColumns, threads, maxMsuSize);
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
