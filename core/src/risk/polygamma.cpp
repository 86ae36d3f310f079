// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/polygamma.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace qiscout::core {
namespace {

// Below this the recurrence psi(x) = psi(x + 1) - 1/x moves the argument up; above it the
// asymptotic series has converged to double precision with the terms below.
constexpr double asymptoticFrom = 10.0;

bool isPole(double x)
{
    return x <= 0 && x == std::floor(x);
}

} // namespace

double digamma(double x)
{
    if (std::isnan(x) || isPole(x))
        return std::numeric_limits<double>::quiet_NaN();
    if (x < 0) // Reflection: psi(x) = psi(1 - x) - pi cot(pi x).
        return digamma(1 - x) - std::numbers::pi / std::tan(std::numbers::pi * x);
    double result = 0;
    while (x < asymptoticFrom) {
        result -= 1 / x;
        x += 1;
    }
    // psi(x) ~ ln x - 1/(2x) - sum B_2k / (2k x^2k).
    const double inverse2 = 1 / (x * x);
    const double series =
        inverse2 *
        (1.0 / 12 -
         inverse2 *
             (1.0 / 120 -
              inverse2 * (1.0 / 252 - inverse2 * (1.0 / 240 - inverse2 * (1.0 / 132 - inverse2 * 691.0 / 32760)))));
    return result + std::log(x) - 0.5 / x - series;
}

double trigamma(double x)
{
    if (std::isnan(x) || isPole(x))
        return std::numeric_limits<double>::quiet_NaN();
    if (x < 0) { // Reflection: psi'(x) = -psi'(1 - x) + pi^2 / sin^2(pi x).
        const double sine = std::sin(std::numbers::pi * x);
        return -trigamma(1 - x) + std::numbers::pi * std::numbers::pi / (sine * sine);
    }
    double result = 0;
    while (x < asymptoticFrom) {
        result += 1 / (x * x);
        x += 1;
    }
    // psi'(x) ~ 1/x + 1/(2x^2) + sum B_2k / x^(2k+1).
    const double inverse = 1 / x;
    const double inverse2 = inverse * inverse;
    const double series =
        inverse * inverse2 *
        (1.0 / 6 -
         inverse2 * (1.0 / 30 -
                     inverse2 * (1.0 / 42 - inverse2 * (1.0 / 30 - inverse2 * (5.0 / 66 - inverse2 * 691.0 / 2730)))));
    return result + inverse + 0.5 * inverse2 + series;
}

} // namespace qiscout::core
