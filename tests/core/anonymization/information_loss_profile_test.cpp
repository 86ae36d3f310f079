// SPDX-License-Identifier: GPL-3.0-or-later
// #34 "What was lost, as data": the profile against counts and statistics worked out cell by cell.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"

using namespace qiscout::core;

namespace {

EncodedTable randomPeople(std::mt19937& random, std::uint32_t rows)
{
    std::uniform_int_distribution<int> age(15, 90);
    std::uniform_int_distribution<int> town(0, 6);
    std::uniform_int_distribution<int> income(0, 40);
    std::vector<std::vector<std::string>> cells;
    for (std::uint32_t row = 0; row < rows; ++row)
        cells.push_back({std::to_string(age(random)), "town" + std::to_string(town(random)),
                         std::to_string(income(random) * 250) + ".5"});
    return encodeRows({"age", "town", "income"}, cells);
}

/// Mean, standard deviation (n - 1) and the type-7 quartiles, the textbook way.
std::vector<double> naiveSummary(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const double n = static_cast<double>(values.size());
    double mean = 0.0;
    for (const double value : values)
        mean += value / n;
    double variance = 0.0;
    for (const double value : values)
        variance += (value - mean) * (value - mean);
    variance = values.size() > 1 ? variance / (n - 1.0) : 0.0;
    const auto at = [&values](double p) {
        const double h = (static_cast<double>(values.size()) - 1.0) * p;
        const auto low = static_cast<std::size_t>(h);
        const std::size_t high = std::min(low + 1, values.size() - 1);
        return values[low] + (h - std::floor(h)) * (values[high] - values[low]);
    };
    return {mean, std::sqrt(variance), values.front(), at(0.25), at(0.5), at(0.75), values.back()};
}

void requireSummary(const std::optional<NumberSummary>& summary, const std::vector<double>& values)
{
    REQUIRE(summary.has_value() == !values.empty());
    if (values.empty())
        return;
    const std::vector<double> expected = naiveSummary(values);
    REQUIRE(summary->count == values.size());
    REQUIRE(summary->mean == Approx(expected[0]).margin(1e-9));
    REQUIRE(summary->standardDeviation == Approx(expected[1]).margin(1e-9));
    REQUIRE(summary->minimum == expected[2]);
    REQUIRE(summary->lowerQuartile == Approx(expected[3]));
    REQUIRE(summary->median == Approx(expected[4]));
    REQUIRE(summary->upperQuartile == Approx(expected[5]));
    REQUIRE(summary->maximum == expected[6]);
}

/// The number of "[a, b)" or a plain number, read with sscanf rather than the profile's parser.
std::optional<double> midpointOf(const std::string& text)
{
    double low = 0.0;
    double high = 0.0;
    char close = 0;
    if (std::sscanf(text.c_str(), "[%lf, %lf%c", &low, &high, &close) == 3 && close == ')')
        return (low + high) / 2.0;
    if (text != "*" && text.find_first_not_of("0123456789.-") == std::string::npos)
        return std::stod(text);
    return std::nullopt;
}

} // namespace

TEST_CASE("informationLossProfile counts what protection changed, as a cell-by-cell count does",
          "[anonymization][loss-profile]")
{
    const auto seed = GENERATE(range(1, 13));
    std::mt19937 random(static_cast<std::uint32_t>(seed));
    const EncodedTable table = randomPeople(random, std::uniform_int_distribution<std::uint32_t>(5, 160)(random));
    AnonymizationParameters parameters;
    for (const int column : {0, 1, 2})
        parameters.quasiIdentifiers.push_back(
            {column, automaticHierarchy(table.columns[static_cast<std::size_t>(column)]), "automatic"});
    parameters.models.push_back(std::make_shared<KAnonymity>(3));
    const bool local = seed % 2 == 0;
    if (local)
        parameters.localSuppression = LocalSuppressionSettings{{1.0, 2.0, 3.0}, true};
    else
        parameters.suppressionLimit = 0.2;
    Transformation transformation;
    for (const auto& spec : parameters.quasiIdentifiers)
        transformation.levels.push_back(
            std::uniform_int_distribution<int>(0, std::min(2, spec.hierarchy.height()))(random));
    const ProtectedTable applied = applyTransformation(table, parameters, transformation);
    const std::size_t maxBars = GENERATE(std::size_t{4}, std::size_t{1000});
    const std::vector<ColumnLossProfile> profiles = informationLossProfile(
        table, applied.table, {0, 1, 2}, applied.suppressedRows, applied.suppressedCells, maxBars);
    REQUIRE(profiles.size() == 3);
    const std::set<std::uint32_t> rowsSuppressed(applied.suppressedRows.begin(), applied.suppressedRows.end());
    for (std::size_t c = 0; c < 3; ++c) {
        INFO("seed " << seed << ", column " << c << ", levels " << transformation.levels[c]);
        const ColumnLossProfile& profile = profiles[c];
        REQUIRE(profile.column == table.columns[c].name);
        REQUIRE(profile.rows == table.rowCount);
        std::set<std::uint32_t> suppressed = rowsSuppressed;
        if (local)
            suppressed.insert(applied.suppressedCells[c].begin(), applied.suppressedCells[c].end());
        std::map<std::string, std::uint64_t> before;
        std::map<std::string, std::uint64_t> after;
        std::uint64_t changed = 0;
        std::vector<double> numbersBefore;
        std::vector<double> numbersAfter;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            const std::string& was = table.text(row, c);
            const std::string& is = applied.table.text(row, c);
            ++before[was];
            ++after[is];
            changed += !suppressed.contains(row) && was != is ? 1U : 0U;
            if (c != 1) {
                numbersBefore.push_back(std::stod(was));
                if (const std::optional<double> value = midpointOf(is))
                    numbersAfter.push_back(*value);
            }
        }
        REQUIRE(profile.cellsSuppressed == suppressed.size());
        REQUIRE(profile.cellsChanged == changed);
        for (const auto& [bars, counts] : {std::pair{&profile.before, &before}, std::pair{&profile.after, &after}}) {
            REQUIRE(bars->size() <= maxBars);
            std::uint64_t total = 0;
            for (const DistributionBar& bar : *bars)
                total += bar.rows;
            REQUIRE(total == table.rowCount);
            if (counts->size() <= maxBars) {
                // Nothing merged: one bar per value, with its rows.
                std::map<std::string, std::uint64_t> shown;
                for (const DistributionBar& bar : *bars)
                    shown[bar.label] = bar.rows;
                REQUIRE(shown == *counts);
            }
            if (counts->contains("*"))
                REQUIRE(bars->back() == DistributionBar{"*", counts->at("*")});
        }
        if (before.size() <= maxBars && c != 1)
            // Numbers ascending.
            REQUIRE(std::is_sorted(profile.before.begin(), profile.before.end(),
                                   [](const DistributionBar& a, const DistributionBar& b) {
                                       return std::stod(a.label) < std::stod(b.label);
                                   }));
        if (c == 1) {
            REQUIRE_FALSE(profile.numbersBefore.has_value());
            REQUIRE_FALSE(profile.numbersAfter.has_value());
            // Text: the most common first, up to the bar that merges the rest.
            for (std::size_t bar = 1; bar + 1 < profile.before.size(); ++bar)
                REQUIRE(profile.before[bar - 1].rows >= profile.before[bar].rows);
        } else {
            requireSummary(profile.numbersBefore, numbersBefore);
            requireSummary(profile.numbersAfter, numbersAfter);
        }
    }
}

TEST_CASE("publishedNumber reads numbers and the midpoints of intervals", "[anonymization][loss-profile]")
{
    REQUIRE(publishedNumber("42") == 42.0);
    REQUIRE(publishedNumber("-5") == -5.0);
    REQUIRE(publishedNumber("[20, 30)") == 25.0);
    REQUIRE(publishedNumber("[1.5, 2.5]") == 2.0);
    REQUIRE(publishedNumber("20-30") == 25.0);
    REQUIRE_FALSE(publishedNumber("*").has_value());
    REQUIRE_FALSE(publishedNumber("123*").has_value());
    REQUIRE_FALSE(publishedNumber("town3").has_value());
}
