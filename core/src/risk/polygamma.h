// SPDX-License-Identifier: GPL-3.0-or-later
// The digamma and trigamma functions, which the C++ library lacks, for the closed forms of
// Pitman's likelihood equations.
#pragma once

namespace qiscout::core {

/// psi(x) = d/dx ln Gamma(x), for any x that is not 0 or a negative integer (NaN there).
[[nodiscard]] double digamma(double x);

/// psi'(x) = d^2/dx^2 ln Gamma(x), for any x that is not 0 or a negative integer (NaN there).
[[nodiscard]] double trigamma(double x);

} // namespace qiscout::core
