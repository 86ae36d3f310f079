// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <numbers>
#include <vector>

#include <catch2/catch.hpp>

#include "risk/polygamma.h"
#include "risk/population_estimators.h"

using namespace qiscout::core;

namespace {

PopulationSample sampleOf(ClassSizeHistogram histogram, double fraction)
{
    return PopulationSample{std::move(histogram), fraction};
}

// ln C(n, k) through lgamma, for the hypergeometric probabilities of the checks.
double logBinomial(double n, double k)
{
    return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1);
}

} // namespace

TEST_CASE("Digamma and trigamma take their known values", "[risk][population]")
{
    constexpr double euler = 0.57721566490153286061;
    CHECK(digamma(1) == Approx(-euler).epsilon(1e-14));
    CHECK(digamma(0.5) == Approx(-euler - 2 * std::numbers::ln2).epsilon(1e-14));
    CHECK(trigamma(1) == Approx(std::numbers::pi * std::numbers::pi / 6).epsilon(1e-14));
    CHECK(trigamma(0.5) == Approx(std::numbers::pi * std::numbers::pi / 2).epsilon(1e-14));
    // psi(x + n) - psi(x) = sum 1 / (x + i), i < n, for arguments on both sides of the series' start
    // and below zero (the reflection).
    for (const double x : {-2.5, -0.3, 0.01, 0.7, 3.2, 9.9, 10.5, 123.4}) {
        double sum = 0;
        double sum2 = 0;
        for (int i = 0; i < 50; ++i) {
            sum += 1 / (x + i);
            sum2 += 1 / ((x + i) * (x + i));
        }
        INFO("x = " << x);
        CHECK(digamma(x + 50) - digamma(x) == Approx(sum).epsilon(1e-12));
        CHECK(trigamma(x) - trigamma(x + 50) == Approx(sum2).epsilon(1e-12));
    }
    CHECK(std::isnan(digamma(0)));
    CHECK(std::isnan(trigamma(-3)));
}

TEST_CASE("Zayatz's estimate equals its closed form", "[risk][population]")
{
    // 4 classes of one row and 3 of two: n = 10 rows, u = 7 classes; f = 0.5, so N = 20.
    const PopulationSample sample = sampleOf({{1, 4}, {2, 3}}, 0.5);
    // P(X = 1) of a hypergeometric draw of 10 out of 20 with K successes: K C(20 - K, 9) / C(20, 10).
    const auto one = [](double successes) {
        return successes * std::exp(logBinomial(20 - successes, 9) - logBinomial(20, 10));
    };
    const double conditional = (4.0 / 7 * one(1)) / (4.0 / 7 * one(1) + 3.0 / 7 * one(2));
    const double uniques = 4 * conditional / 0.5;
    REQUIRE(zayatzUniques(sample));
    CHECK(*zayatzUniques(sample) == Approx(uniques).epsilon(1e-12));
    CHECK(*estimatePopulationUniqueness(sample).zayatz == Approx(uniques / 20).epsilon(1e-12));
    CHECK(uniques / 20 == Approx(0.2235294118).epsilon(1e-9));
}

TEST_CASE("Population estimates with no sample unique are all zero", "[risk][population]")
{
    for (const double fraction : {0.01, 0.5, 1.0}) {
        const PopulationUniqueness estimate = estimatePopulationUniqueness(sampleOf({{2, 5}, {3, 4}}, fraction));
        CHECK(estimate.pitman == 0.0);
        CHECK(estimate.zayatz == 0.0);
        CHECK(estimate.snb == 0.0);
        CHECK(estimate.dankar == 0.0);
        CHECK_FALSE(estimate.dankarModel);
        CHECK(estimate.populationSize == Approx(22 / fraction));
    }
}

TEST_CASE("With the whole population sampled, every sample unique is a population unique", "[risk][population]")
{
    // f = 1: Zayatz's conditional probability is 1, and SNB's non-empty classes are the sample's,
    // so both estimate exactly the sample uniques.
    const PopulationSample sample = sampleOf({{1, 30}, {2, 10}, {3, 5}, {7, 2}}, 1.0);
    const double share = 30.0 / sample.rows();
    const PopulationUniqueness estimate = estimatePopulationUniqueness(sample);
    REQUIRE(estimate.zayatz);
    CHECK(*estimate.zayatz == Approx(share).epsilon(1e-12));
    const SnbFit snb = fitSnb(sample);
    CHECK(snb.nonEmptyClasses == Approx(sample.classes()));
    REQUIRE(estimate.snb);
    CHECK(*estimate.snb == Approx(share).epsilon(1e-6));
    // Dankar: above 0.1 the smaller of Zayatz and SNB.
    REQUIRE(estimate.dankar);
    CHECK(*estimate.dankar == Approx(share).epsilon(1e-6));
    REQUIRE(estimate.dankarModel);
    CHECK(*estimate.dankar == std::min(*estimate.zayatz, *estimate.snb));
}

TEST_CASE("With only sample uniques, Zayatz estimates every person unique", "[risk][population]")
{
    for (const double fraction : {0.01, 0.2, 1.0}) {
        const PopulationUniqueness estimate = estimatePopulationUniqueness(sampleOf({{1, 500}}, fraction));
        REQUIRE(estimate.zayatz);
        CHECK(*estimate.zayatz == Approx(1).epsilon(1e-12));
        // The other models may find no fit on so degenerate a sample; what they report is a share.
        for (const auto& value : {estimate.pitman, estimate.snb, estimate.dankar})
            if (value)
                CHECK((*value >= 0 && *value <= 1));
    }
}

TEST_CASE("Pitman's fit solves the likelihood equations summed term by term", "[risk][population]")
{
    const std::vector<std::pair<ClassSizeHistogram, double>> cases{
        {{{1, 120}, {2, 45}, {3, 20}, {4, 9}, {6, 4}, {11, 1}}, 0.01},
        {{{1, 40}, {2, 30}, {3, 25}, {5, 10}, {8, 3}}, 0.05},
        {{{1, 800}, {2, 300}, {3, 120}, {4, 40}, {9, 5}, {25, 1}}, 0.1},
    };
    for (const auto& [histogram, fraction] : cases) {
        const PopulationSample sample = sampleOf(histogram, fraction);
        const PitmanFit fit = fitPitman(sample);
        REQUIRE(fit.uniques);
        const double t = fit.theta;
        const double a = fit.alpha;
        const double u = sample.classes();
        const double n = sample.rows();
        double dTheta = 0;
        double dAlpha = 0;
        for (double i = 1; i < u; ++i) {
            dTheta += 1 / (t + i * a);
            dAlpha += i / (t + i * a);
        }
        for (double i = 1; i < n; ++i)
            dTheta -= 1 / (t + i);
        for (const auto& [size, count] : histogram)
            for (double j = 1; j < size; ++j)
                dAlpha -= static_cast<double>(count) / (j - a);
        INFO("theta " << t << ", alpha " << a);
        CHECK(std::abs(dTheta) < 1e-6);
        CHECK(std::abs(dAlpha) < 1e-6);
        // Population uniques Gamma(theta + 1) / Gamma(theta + alpha) N^alpha, a share of N.
        const double population = n / fraction;
        CHECK(*fit.uniques ==
              Approx(std::exp(std::lgamma(t + 1) - std::lgamma(t + a)) * std::pow(population, a)).epsilon(1e-10));
        CHECK(*fit.uniques <= population);
        // At most 10 % sampled: Dankar's rule takes Pitman.
        const PopulationUniqueness estimate = estimatePopulationUniqueness(sample);
        CHECK(estimate.dankarModel == PopulationModel::Pitman);
        CHECK(estimate.dankar == estimate.pitman);
        CHECK(*estimate.pitman == Approx(*fit.uniques / population));
    }
}

TEST_CASE("SNB's fit solves ARX's model equations", "[risk][population]")
{
    // ARX's equations have no root from its start for most of these histograms below f = 0.9 (the
    // estimate is then unavailable, as in ARX): the cases are ones where it has.
    const std::vector<std::pair<ClassSizeHistogram, double>> cases{
        {{{1, 120}, {2, 45}, {3, 20}, {4, 9}, {6, 4}, {11, 1}}, 0.9},
        {{{1, 30}, {2, 10}, {3, 5}, {7, 2}}, 0.9},
        {{{1, 800}, {2, 300}, {3, 120}, {4, 40}, {9, 5}, {25, 1}}, 0.95},
    };
    for (const auto& [histogram, f] : cases) {
        const PopulationSample sample = sampleOf(histogram, f);
        // ARX's estimate of the non-empty population classes, term by term.
        double v1 = 0;
        double v2 = 0;
        double v3 = 0;
        double v4 = 0;
        for (const auto& [sizeValue, countValue] : histogram) {
            const auto i = static_cast<double>(sizeValue);
            const auto c = static_cast<double>(countValue);
            v1 += i * f * f * std::pow(1 - f * f, i - 1) * c;
            v2 += std::pow(1 - f, i) * c * std::pow(1 + f, i) - 1;
            v3 += std::pow(1 - f, i) * c;
            v4 += i * f * std::pow(1 - f, i - 1) * c;
        }
        const double k = sample.classes() + sample.classesOfSize(1) * v1 / v2 * (v3 / v4) * (v3 / v4);
        const SnbFit fit = fitSnb(sample);
        CHECK(fit.nonEmptyClasses == Approx(k).epsilon(1e-12));
        REQUIRE(fit.uniques);
        const double a = fit.alpha;
        const double b = fit.beta;
        const double d = (1 - f) * (1 - b);
        const double first = k * f * std::pow(b / (1 - d), a) * (a * d / (1 - d) + 1);
        const double second = k * a * std::pow(b, a) * f * f * (1 - b) / 2 * std::pow(1 - d, a + 2) * (2 - (1 - a) * d);
        INFO("alpha " << a << ", beta " << b);
        CHECK(first == Approx(sample.classesOfSize(1)).margin(1e-6));
        CHECK(second == Approx(sample.classesOfSize(2)).margin(1e-6));
        CHECK(*fit.uniques == Approx(k * std::pow(b, a)));
        // Above 10 % sampled: Dankar's rule takes the smaller of Zayatz and SNB.
        const PopulationUniqueness estimate = estimatePopulationUniqueness(sample);
        REQUIRE(estimate.zayatz);
        REQUIRE(estimate.snb);
        CHECK(estimate.dankar == std::min(*estimate.zayatz, *estimate.snb));
        CHECK(estimate.dankarModel ==
              (*estimate.zayatz < *estimate.snb ? PopulationModel::Zayatz : PopulationModel::Snb));
    }
}
