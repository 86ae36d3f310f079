// SPDX-License-Identifier: GPL-3.0-or-later
// Charts of the report that belong to one section rather than to ReportChart's fixed set.
#pragma once

#include <string>
#include <vector>

#include "qiscout/core/anonymization/information_loss_profile.h"

namespace qiscout::core {

/// One distribution of a protected column (#34) as an SVG of horizontal bars, top to bottom in the
/// bars' order, each labelled with its rows.
[[nodiscard]] std::string distributionChartSvg(const std::string& title, const std::vector<DistributionBar>& bars);

} // namespace qiscout::core
