// SPDX-License-Identifier: GPL-3.0-or-later
// ARX's estimates of population uniqueness from a sample's class sizes: Pitman, Zayatz, SNB and
// Dankar et al.'s rule choosing among them, computed as ARX 3.x computes them (including two
// places where its code departs from the papers it cites, kept so that the figures agree).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "qiscout/core/risk/risk_assessment.h"

namespace qiscout::core {

/// Class size -> number of classes of that size, ascending by size, sizes with no class left out.
using ClassSizeHistogram = std::vector<std::pair<std::uint32_t, std::uint64_t>>;

/// The sample a population model is fitted to.
struct PopulationSample {
    ClassSizeHistogram histogram;
    /// In (0, 1]; the population holds rows / samplingFraction people.
    double samplingFraction = 1;

    [[nodiscard]] double rows() const;
    [[nodiscard]] double classes() const;
    [[nodiscard]] double classesOfSize(std::uint32_t size) const;
    [[nodiscard]] double populationSize() const { return rows() / samplingFraction; }
};

/// Pitman's model fitted by maximum likelihood: the parameters and the population uniques they imply.
struct PitmanFit {
    double theta = 0;
    double alpha = 0;
    /// Unset when the fit or the estimate failed (outside [0, population]).
    std::optional<double> uniques;
};

/// The SNB model's parameters and the population uniques they imply.
struct SnbFit {
    /// Estimated non-empty classes in the population (ARX's Shlosser-type estimate).
    double nonEmptyClasses = 0;
    double alpha = 0;
    double beta = 0;
    std::optional<double> uniques;
};

/// Pitman's model fitted by ARX's Newton-Raphson from ARX's moment-based start. The sample must
/// have a unique row.
[[nodiscard]] PitmanFit fitPitman(const PopulationSample& sample);
/// Zayatz's population uniques; unset when undefined. The sample must have a unique row.
[[nodiscard]] std::optional<double> zayatzUniques(const PopulationSample& sample);
/// The SNB model fitted by ARX's Newton-Raphson from (1, 1). The sample must have a unique row.
[[nodiscard]] SnbFit fitSnb(const PopulationSample& sample);

/// All four estimates as shares of the population. The sample must have at least one row.
[[nodiscard]] PopulationUniqueness estimatePopulationUniqueness(const PopulationSample& sample);

} // namespace qiscout::core
