// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/newton_raphson.h"

#include <cmath>
#include <cstdint>
#include <random>

namespace qiscout::core {

std::optional<Vector2> solveNewtonRaphson(const EquationSystem& system, Vector2 start, const NewtonSettings& settings)
{
    // std::mt19937_64's output is fixed by the standard (its distributions are not), so the
    // restart points are the same on every platform.
    std::mt19937_64 engine(20150101);
    const auto unit = [&engine] { return static_cast<double>(engine() >> 11) * 0x1.0p-53; };

    int totalIterations = 0;
    bool firstTry = true;
    while (totalIterations <= settings.iterationsTotal) {
        Vector2 solution = firstTry ? start : Vector2{unit() * start.x, unit() * start.y};
        firstTry = false;
        for (int iterations = 0;; ++iterations) {
            ++totalIterations;
            const Vector2 value = system.values(solution);
            if (std::abs(value.x) <= settings.accuracy && std::abs(value.y) <= settings.accuracy)
                return solution;
            const Matrix2 j = system.jacobian(solution);
            const double determinant = j.x1 * j.y2 - j.x2 * j.y1;
            // solution -= J^-1 F
            solution.x -= (j.y2 * value.x - j.x2 * value.y) / determinant;
            solution.y -= (-j.y1 * value.x + j.x1 * value.y) / determinant;
            if (std::isnan(solution.x) || std::isnan(solution.y) || iterations >= settings.iterationsPerTry)
                break;
        }
    }
    return std::nullopt;
}

} // namespace qiscout::core
