// SPDX-License-Identifier: GPL-3.0-or-later
#include "risk/population_estimators.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "risk/newton_raphson.h"
#include "risk/polygamma.h"

namespace qiscout::core {
namespace {

// ARX counts an estimate of NaN or exactly 0 as no estimate at all.
bool isValid(double uniques)
{
    return !std::isnan(uniques) && uniques != 0;
}

std::optional<double> validOrNothing(double uniques)
{
    return isValid(uniques) ? std::optional(uniques) : std::nullopt;
}

// P(X = 1) for X hypergeometric: `draws` out of `population` items of which `successes` succeed.
// As a product of ratios below 1: K (n / N) prod_{j < K - 1} (N - n - j) / (N - 1 - j).
double hypergeometricOne(double population, double successes, double draws)
{
    double probability = successes * draws / population;
    for (double j = 0; j + 2 <= successes; ++j) {
        if (population - draws - j <= 0)
            return 0;
        probability *= (population - draws - j) / (population - 1 - j);
    }
    return probability;
}

// The number of classes in the population with at least one person, as ARX estimates it after
// Haas and Stokes' Shlosser-type estimator. ARX subtracts 1 per class size inside the second sum,
// where the estimator subtracts the classes' weight: kept, so that the SNB estimates agree.
double nonEmptyClasses(const PopulationSample& sample)
{
    const double f = sample.samplingFraction;
    double squaredTerm = 0;
    double denominator = 0;
    double unsampled = 0;
    double sampledOnce = 0;
    for (const auto& [sizeValue, countValue] : sample.histogram) {
        const auto size = static_cast<double>(sizeValue);
        const auto count = static_cast<double>(countValue);
        const double missedAll = std::pow(1 - f, size) * count;
        squaredTerm += size * f * f * std::pow(1 - f * f, size - 1) * count;
        denominator += missedAll * std::pow(1 + f, size) - 1;
        unsampled += missedAll;
        sampledOnce += size * f * std::pow(1 - f, size - 1) * count;
    }
    const double ratio = unsampled / sampledOnce;
    return sample.classes() + sample.classesOfSize(1) * (squaredTerm / denominator) * ratio * ratio;
}

} // namespace

double PopulationSample::rows() const
{
    double rows = 0;
    for (const auto& [size, count] : histogram)
        rows += static_cast<double>(size) * static_cast<double>(count);
    return rows;
}

double PopulationSample::classes() const
{
    double classes = 0;
    for (const auto& entry : histogram)
        classes += static_cast<double>(entry.second);
    return classes;
}

double PopulationSample::classesOfSize(std::uint32_t size) const
{
    const auto it =
        std::find_if(histogram.begin(), histogram.end(), [size](const auto& entry) { return entry.first == size; });
    return it == histogram.end() ? 0 : static_cast<double>(it->second);
}

PitmanFit fitPitman(const PopulationSample& sample)
{
    const double c1 = sample.classesOfSize(1);
    const double c2 = std::max(sample.classesOfSize(2), 1.0); // ARX: "overestimate" when there is none
    const double u = sample.classes();
    const double n = sample.rows();

    // ARX's start: estimates from the numbers of classes of size 1 and 2.
    const double c = c1 * (c1 - 1) / c2;
    const double startTheta = (n * u * c - c1 * (n - 1) * (2 * u + c)) / (2 * c1 * u + c1 * c - n * c);
    const double startAlpha = (startTheta * (c1 - n) + (n - 1) * c1) / (n * u);

    // The likelihood equations dL/dtheta = 0 and dL/dalpha = 0 of Pitman's sampling formula, with
    // the sums over 1..u-1, 1..n-1 and 1..size-1 in closed form through digamma and trigamma.
    EquationSystem system;
    system.values = [&](Vector2 point) {
        const double t = point.x;
        const double a = point.y;
        const double upper = digamma(t / a + u);
        const double lower = digamma(t / a + 1);
        const double sumInverse = (upper - lower) / a;                            // sum 1 / (t + i a)
        const double sumWeighted = ((u - 1) * a - t * (upper - lower)) / (a * a); // sum i / (t + i a)
        const double sumRows = digamma(n + t) - digamma(t + 1);                   // sum 1 / (t + i)
        double sumSizes = 0;                                                      // sum over classes of sum 1 / (j - a)
        for (const auto& [size, count] : sample.histogram)
            if (size != 1)
                sumSizes += static_cast<double>(count) * (digamma(size - a) - digamma(1 - a));
        return Vector2{sumInverse - sumRows, sumWeighted - sumSizes};
    };
    system.jacobian = [&](Vector2 point) {
        const double t = point.x;
        const double a = point.y;
        const double a2 = a * a;
        const double upper = digamma(t / a + u);
        const double lower = digamma(t / a + 1);
        const double upper1 = trigamma(t / a + u);
        const double lower1 = trigamma(t / a + 1);
        const double sumInverse2 = (lower1 - upper1) / a2;                                    // sum 1 / (t + i a)^2
        const double sumWeighted2 = (a * (upper - lower) - t * (lower1 - upper1)) / (a2 * a); // sum i / (t + i a)^2
        const double sumSquared2 = (a2 * (u - 1) - 2 * a * t * (upper - lower) + t * t * (lower1 - upper1)) /
                                   (a2 * a2);                      // sum i^2 / (t + i a)^2
        const double sumRows2 = trigamma(t + 1) - trigamma(n + t); // sum 1 / (t + i)^2
        double sumSizes2 = 0;
        for (const auto& [size, count] : sample.histogram)
            if (size != 1)
                sumSizes2 += static_cast<double>(count) * (trigamma(1 - a) - trigamma(size - a));
        return Matrix2{sumRows2 - sumInverse2, -sumWeighted2, -sumWeighted2, -sumSquared2 - sumSizes2};
    };

    PitmanFit fit;
    const std::optional<Vector2> solution = solveNewtonRaphson(system, {startTheta, startAlpha});
    if (!solution || solution->y == 0)
        return fit;
    fit.theta = solution->x;
    fit.alpha = solution->y;

    // Population uniques Gamma(theta + 1) / Gamma(theta + alpha) N^alpha, through log-gamma and
    // through gamma itself; ARX keeps the larger of the two that lie in [0, N].
    const double population = sample.populationSize();
    const auto plausible = [population](double value) {
        return value >= 0 && value <= population ? value : std::numeric_limits<double>::quiet_NaN();
    };
    const double power = std::pow(population, fit.alpha);
    const double viaLog =
        fit.theta + 1 > 0 && fit.theta + fit.alpha > 0
            ? plausible(std::exp(std::lgamma(fit.theta + 1) - std::lgamma(fit.theta + fit.alpha)) * power)
            : std::numeric_limits<double>::quiet_NaN();
    const double viaGamma = plausible(std::tgamma(fit.theta + 1) / std::tgamma(fit.theta + fit.alpha) * power);
    if (!std::isnan(viaLog) || !std::isnan(viaGamma))
        fit.uniques = std::isnan(viaLog) ? viaGamma : std::isnan(viaGamma) ? viaLog : std::max(viaLog, viaGamma);
    return fit;
}

std::optional<double> zayatzUniques(const PopulationSample& sample)
{
    // ARX hands the population and sample sizes to a hypergeometric distribution of ints.
    const double intMax = std::numeric_limits<int>::max();
    const double population = std::min(std::trunc(sample.populationSize()), intMax);
    const double draws = std::min(std::trunc(sample.rows()), intMax);
    const double classes = sample.classes();
    double total = 0;
    for (const auto& [size, count] : sample.histogram)
        total += static_cast<double>(count) / classes * hypergeometricOne(population, size, draws);
    const double c1 = sample.classesOfSize(1);
    // The probability that a sample unique was drawn from a population unique.
    const double conditional = c1 / classes * hypergeometricOne(population, 1, draws) / total;
    return validOrNothing(c1 * conditional / sample.samplingFraction);
}

SnbFit fitSnb(const PopulationSample& sample)
{
    SnbFit fit;
    const double k = nonEmptyClasses(sample);
    const double f = sample.samplingFraction;
    const double c1 = sample.classesOfSize(1);
    const double c2 = sample.classesOfSize(2);
    fit.nonEmptyClasses = k;

    // The expected numbers of sample classes of size 1 and 2 under the model, minus the observed
    // ones, as ARX writes them: its second equation raises (1 - (1 - f)(1 - b)) to a + 2 where
    // its Jacobian (below) divides by that power; kept as ARX has it, so that the figures agree.
    EquationSystem system;
    system.values = [&](Vector2 point) {
        const double a = point.x;
        const double b = point.y;
        const double missed = (1 - f) * (1 - b);
        return Vector2{
            k * f * std::pow(b / (1 - missed), a) * (a * missed / (1 - missed) + 1) - c1,
            k * a * std::pow(b, a) * (f * f) * (1 - b) / 2 * std::pow(1 - missed, a + 2) * (2 - (1 - a) * missed) - c2};
    };
    system.jacobian = [&](Vector2 point) {
        const double a = point.x;
        const double b = point.y;
        const double missed = (1 - f) * (1 - b);
        const double kept = 1 - missed;
        const double ratio = b / kept;
        const double ratioPower = std::pow(ratio, a);
        const double bracket = a * missed / kept + 1;
        const double bPower = std::pow(b, a);
        const double kf2 = f * f * k;
        const double shape = (a - 1) * missed + 2;
        const double denominator = 2 * std::pow(kept, a + 2);
        Matrix2 j;
        j.x1 = f * k * std::log(ratio) * bracket * ratioPower + f * k * ratioPower * missed / kept;
        j.x2 = a * f * k * (-1 / kept - b * (f - 1) / (kept * kept)) * -bracket * std::pow(ratio, a - 1) -
               f * k * ratioPower * (-a * (f - 1) / kept - a * (b - 1) * (f - 1) * (f - 1) / (kept * kept));
        j.y1 = (a * bPower * kf2 * std::log(kept) * shape * (b - 1)) / denominator -
               (a * bPower * kf2 * (b - 1) * (b - 1) * (f - 1)) / denominator -
               (bPower * kf2 * shape * (b - 1)) / denominator -
               (a * bPower * kf2 * std::log(b) * shape * (b - 1)) / denominator;
        j.y2 = -(a * bPower * kf2 * shape) / denominator -
               (a * a * std::pow(b, a - 1) * kf2 * shape * (b - 1)) / denominator -
               (a * bPower * kf2 * (a - 1) * missed) / denominator -
               (a * bPower * kf2 * shape * (a + 2) * missed) / (2 * std::pow(kept, a + 3));
        return j;
    };

    const std::optional<Vector2> solution = solveNewtonRaphson(system, {1, 1});
    if (!solution)
        return fit;
    fit.alpha = solution->x;
    fit.beta = solution->y;
    fit.uniques = validOrNothing(k * std::pow(fit.beta, fit.alpha));
    return fit;
}

PopulationUniqueness estimatePopulationUniqueness(const PopulationSample& sample)
{
    PopulationUniqueness estimate;
    estimate.populationSize = sample.populationSize();
    if (sample.classesOfSize(1) == 0) {
        estimate.pitman = estimate.zayatz = estimate.snb = estimate.dankar = 0.0;
        return estimate;
    }
    const PitmanFit pitman = fitPitman(sample);
    const std::optional<double> zayatz = zayatzUniques(sample);
    const SnbFit snb = fitSnb(sample);
    const auto share = [&](std::optional<double> uniques) {
        return uniques ? std::optional(*uniques / estimate.populationSize) : std::nullopt;
    };
    const std::optional<double> pitmanUniques = pitman.uniques ? validOrNothing(*pitman.uniques) : std::nullopt;
    estimate.pitman = share(pitmanUniques);
    estimate.zayatz = share(zayatz);
    estimate.snb = share(snb.uniques);

    // Dankar et al.: Pitman for small sampling fractions, else the smaller of Zayatz and SNB.
    if (sample.samplingFraction <= 0.1) {
        estimate.dankarModel = pitmanUniques ? PopulationModel::Pitman : PopulationModel::Zayatz;
        estimate.dankar = pitmanUniques ? estimate.pitman : estimate.zayatz;
    } else if (snb.uniques && !(zayatz && *zayatz < *snb.uniques)) {
        estimate.dankarModel = PopulationModel::Snb;
        estimate.dankar = estimate.snb;
    } else {
        estimate.dankarModel = PopulationModel::Zayatz;
        estimate.dankar = estimate.zayatz;
    }
    return estimate;
}

} // namespace qiscout::core
