// SPDX-License-Identifier: GPL-3.0-or-later
// What every hierarchy builder does last, and how it writes the bounds in its labels.
#pragma once

#include <string>

#include "qiscout/core/anonymization/hierarchy.h"

namespace qiscout::core {

/// Appends the top level "*" to every row and checks the result; a builder never returns a
/// hierarchy the search would reject (std::invalid_argument, naming `builder`, if it would).
[[nodiscard]] Hierarchy finishBuiltHierarchy(Hierarchy hierarchy, const char* builder);

/// A bound for a label: 12 significant digits hide the binary rounding of sums of decimal widths
/// (0.30000000000000004 reads 0.3).
[[nodiscard]] std::string boundLabelText(double value);

} // namespace qiscout::core
