// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/synthetic_table.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "table/split_mix64.h"

namespace qiscout::core {
namespace {

constexpr std::array<int, 20> cardinalitySchedule{2,  3,   5,   7,   9,   12,  16,   20,   30,   50,
                                                  70, 100, 150, 200, 300, 500, 1000, 2000, 5000, 20000};

/// The cumulative Zipf(1.1) distribution over one column's values.
std::vector<double> zipfCdf(int cardinality)
{
    double sum = 0;
    for (int v = 0; v < cardinality; ++v)
        sum += 1.0 / std::pow(v + 1, 1.1);
    std::vector<double> cdf(static_cast<std::size_t>(cardinality));
    double accumulated = 0;
    for (int v = 0; v < cardinality; ++v) {
        accumulated += 1.0 / std::pow(v + 1, 1.1) / sum;
        cdf[static_cast<std::size_t>(v)] = accumulated;
    }
    cdf.back() = 1.0;
    return cdf;
}

/// Inverse-CDF draw by binary search.
int draw(const std::vector<double>& cdf, SplitMix64& random)
{
    const double u = random.uniform();
    int low = 0;
    int high = static_cast<int>(cdf.size()) - 1;
    while (low < high) {
        const int middle = (low + high) / 2;
        if (cdf[static_cast<std::size_t>(middle)] < u)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

void appendNumber(std::string& buffer, int value)
{
    std::array<char, 16> digits{};
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
    buffer.append(digits.data(), end);
}

} // namespace

void writeSyntheticTable(std::ostream& out, const SyntheticTableShape& shape)
{
    if (shape.columns < 1 || shape.columns > 4096)
        throw std::invalid_argument("A synthetic table has 1 to 4096 columns, not " + std::to_string(shape.columns) +
                                    ".");
    if (!(shape.missingShare >= 0.0 && shape.missingShare <= 1.0))
        throw std::invalid_argument("The share of missing cells is between 0 and 1.");
    if (!(shape.correlatedShare >= 0.0 && shape.correlatedShare <= 1.0))
        throw std::invalid_argument("The share of correlated columns is between 0 and 1.");
    if (shape.maxCardinality < 0 || shape.maxCardinality == 1)
        throw std::invalid_argument("A column needs at least 2 values.");
    // Spread the schedule so that narrow tables still get a mix of cardinalities.
    std::vector<std::vector<double>> cdfs;
    std::vector<bool> correlated;
    for (int j = 0; j < shape.columns; ++j) {
        int cardinality = cardinalitySchedule[static_cast<std::size_t>(j * 7) % cardinalitySchedule.size()];
        if (shape.maxCardinality > 0)
            cardinality = std::min(cardinality, shape.maxCardinality);
        cdfs.push_back(zipfCdf(cardinality));
        correlated.push_back(j > 0 &&
                             std::floor((j + 1) * shape.correlatedShare) > std::floor(j * shape.correlatedShare));
    }
    SplitMix64 missingRandom(shape.seed ^ 0x6D697373696E6773ULL);
    std::vector<double> missingShares(static_cast<std::size_t>(shape.columns), 0.0);
    if (shape.missingShare > 0.0)
        for (double& share : missingShares)
            share = std::min(1.0, 2.0 * shape.missingShare * missingRandom.uniform());

    std::string buffer;
    for (int j = 0; j < shape.columns; ++j) {
        buffer += j == 0 ? "c" : ",c";
        appendNumber(buffer, j);
    }
    buffer += '\n';

    SplitMix64 random(shape.seed);
    std::vector<int> row(static_cast<std::size_t>(shape.columns));
    for (std::uint64_t r = 0; r < shape.rows; ++r) {
        for (std::size_t j = 0; j < row.size(); ++j) {
            const int cardinality = static_cast<int>(cdfs[j].size());
            if (correlated[j] && random.uniform() < 0.9)
                row[j] = (row[j - 1] * 31 + 7) % cardinality;
            else
                row[j] = draw(cdfs[j], random);
            if (j > 0)
                buffer += ',';
            if (missingShares[j] == 0.0 || missingRandom.uniform() >= missingShares[j])
                appendNumber(buffer, row[j]);
        }
        buffer += '\n';
        if (buffer.size() >= (std::size_t{1} << 20)) {
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
        }
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

} // namespace qiscout::core
