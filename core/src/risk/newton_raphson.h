// SPDX-License-Identifier: GPL-3.0-or-later
// The two-dimensional Newton-Raphson solver ARX estimates its population models with, made
// deterministic: ARX restarts a failed try from Math.random() points and stops on wall-clock
// limits; this one restarts from a fixed pseudo-random sequence and counts iterations only.
#pragma once

#include <functional>
#include <optional>

namespace qiscout::core {

/// A point or value in two dimensions.
struct Vector2 {
    double x = 0;
    double y = 0;
};

/// A 2 x 2 matrix ((x1 x2), (y1 y2)): the Jacobian of a system.
struct Matrix2 {
    double x1 = 0;
    double x2 = 0;
    double y1 = 0;
    double y2 = 0;
};

/// A system of two equations F(v) = 0 and its Jacobian at v.
struct EquationSystem {
    std::function<Vector2(Vector2)> values;
    std::function<Matrix2(Vector2)> jacobian;
};

/// ARX's defaults (ARXSolverConfiguration).
struct NewtonSettings {
    /// Both |F| components at most this: solved.
    double accuracy = 1e-6;
    int iterationsPerTry = 1000;
    int iterationsTotal = 10000;
};

/// A root of `system` reached from `start`; when a try diverges (NaN) or runs out of iterations,
/// the next starts from a random point of the box [0, start.x] x [0, start.y]. Unset when no
/// try converged within the iterations.
[[nodiscard]] std::optional<Vector2> solveNewtonRaphson(const EquationSystem& system, Vector2 start,
                                                        const NewtonSettings& settings = {});

} // namespace qiscout::core
