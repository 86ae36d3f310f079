// SPDX-License-Identifier: GPL-3.0-or-later
// What a user set up in the Risk step (#16), by column name: the form the Risk view edits and the
// project file stores. The weight column, k and the thread count are not here: the roles and the
// search parameters, which the project stores already, give them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/risk/risk_parameters.h"

namespace qiscout::core {

/// The Risk step's set-up. Value type.
struct RiskSettings {
    /// The ticked key columns, in table order.
    std::vector<std::string> keyColumns;
    /// The share of the population the table holds (sdcMicro's DisFraction), in (0, 1].
    double samplingFraction = 0.01;
    SudaScoring scoring = SudaScoring::Elliot;
    /// The largest MSU size SUDA searches (RiskParameters::maxMsuSize); unset: every size.
    std::optional<int> maxMsuSize;

    friend bool operator==(const RiskSettings&, const RiskSettings&) = default;
};

} // namespace qiscout::core
