// SPDX-License-Identifier: GPL-3.0-or-later
// The rounding allowance of the models that compare computed real numbers with a threshold.
#pragma once

namespace qiscout::core {

/// Entropies and distances are sums of floating-point terms whose order differs between a class
/// and the union it is merged into; comparing them against their threshold with this allowance
/// keeps the monotonicity the search relies on from failing in the last bit.
inline constexpr double modelTolerance = 1e-9;

} // namespace qiscout::core
