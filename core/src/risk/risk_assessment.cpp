// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/risk/risk_assessment.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <numeric>
#include <string>
#include <thread>

#include <fmt/core.h>

#include "engines/msu_finder.h"
#include "partition/class_partition.h"
#include "risk/individual_risk.h"
#include "risk/population_estimators.h"
#include "risk/suda_scores.h"

namespace qiscout::core {
namespace {

void validate(const EncodedTable& table, const RiskParameters& parameters, int hardware)
{
    const auto columns = static_cast<int>(table.columnCount());
    if (parameters.keyColumns.empty())
        throw RiskParameterError("Choose at least one key column: the values an intruder may know.");
    static_assert(maxKeyColumns <= maxMsuColumns);
    if (parameters.keyColumns.size() > maxKeyColumns)
        throw RiskParameterError("SUDA scores at most " + std::to_string(maxKeyColumns) + " key columns, not " +
                                 std::to_string(parameters.keyColumns.size()) + "; choose fewer.");
    if (parameters.keyColumns.last() >= columns)
        throw RiskParameterError("Key column " + std::to_string(parameters.keyColumns.last() + 1) +
                                 " does not exist: the table has " + std::to_string(columns) + " columns.");
    if (parameters.weightColumn) {
        const int weight = *parameters.weightColumn;
        if (weight < 0 || weight >= columns)
            throw RiskParameterError("Weight column " + std::to_string(weight + 1) + " does not exist: the table has " +
                                     std::to_string(columns) + " columns.");
        if (parameters.keyColumns.contains(weight))
            throw RiskParameterError("The weight column '" + table.columns[static_cast<std::size_t>(weight)].name +
                                     "' cannot be a key column as well.");
    }
    if (!(parameters.samplingFraction > 0 && parameters.samplingFraction <= 1))
        throw RiskParameterError("The sampling fraction must be above 0 and at most 1 (the share of the population "
                                 "the table holds), not " +
                                 fmt::format("{:g}", parameters.samplingFraction) + ".");
    if (parameters.k < 1)
        throw RiskParameterError("k must be at least 1.");
    if (parameters.maxMsuSize && *parameters.maxMsuSize < 1)
        throw RiskParameterError("The largest MSU size must be at least 1 key column.");
    const int threads = parameters.threads.value_or(hardware);
    if (threads < 1 || threads > hardware)
        throw RiskParameterError("threads must be between 1 and " + std::to_string(hardware) +
                                 " on this machine, not " + std::to_string(threads) + ".");
}

} // namespace

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(PopulationModel model)
{
    return nameIn(populationModelNames, model).data();
}

std::optional<std::size_t> RiskAssessment::topContributor(std::uint32_t row) const
{
    if (sudaScores[row] <= 0)
        return std::nullopt;
    std::size_t best = 0;
    for (std::size_t key = 1; key < keyColumns.size(); ++key)
        if (contribution(row, key) > contribution(row, best))
            best = key;
    return best;
}

std::vector<std::uint32_t> RiskAssessment::riskiestRows(std::size_t count) const
{
    std::vector<std::uint32_t> rows(rowCount);
    std::iota(rows.begin(), rows.end(), 0U);
    const auto riskier = [this](std::uint32_t a, std::uint32_t b) {
        if (sudaScores[a] != sudaScores[b])
            return sudaScores[a] > sudaScores[b];
        if (individualRisk[a] != individualRisk[b])
            return individualRisk[a] > individualRisk[b];
        return a < b;
    };
    count = std::min(count, rows.size());
    std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(count), rows.end(), riskier);
    rows.resize(count);
    return rows;
}

RiskAssessment assessRisk(const EncodedTable& table, const RiskParameters& parameters, std::stop_token stop,
                          RiskProgress* progress)
{
    const auto start = std::chrono::steady_clock::now();
    const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    validate(table, parameters, hardware);

    RiskAssessment result;
    result.keyColumns = parameters.keyColumns.columns();
    result.weightColumn = parameters.weightColumn;
    result.samplingFraction = parameters.samplingFraction;
    result.k = parameters.k;
    result.scoring = parameters.scoring;
    result.rowCount = table.rowCount;
    const std::uint32_t rows = table.rowCount;
    if (rows == 0)
        return result;
    const std::vector<double> weights =
        parameters.weightColumn ? readSamplingWeights(table, *parameters.weightColumn) : std::vector<double>();

    // Sample risks from the classes on the key columns.
    const ClassPartition partition = partitionRows(table, parameters.keyColumns);
    result.classSizes.resize(rows);
    result.prosecutorRisk.resize(rows);
    for (std::uint32_t row = 0; row < rows; ++row) {
        const std::uint32_t size = partition.classSizes[partition.classOfRow[row]];
        result.classSizes[row] = size;
        result.prosecutorRisk[row] = 1.0 / size;
        result.sample.highestProsecutorRisk = std::max(result.sample.highestProsecutorRisk, 1.0 / size);
        result.sample.sampleUniques += size == 1 ? 1U : 0U;
        result.sample.recordsAtRisk += size <= parameters.k ? 1U : 0U;
    }
    result.sample.classes = partition.classSizes.size();
    // Every class of f rows adds f x 1/f: the average prosecutor risk is classes / rows, which is
    // also the expected share of rows a marketer re-identifies.
    result.sample.averageProsecutorRisk = static_cast<double>(result.sample.classes) / rows;
    result.sample.marketerRisk = result.sample.averageProsecutorRisk;

    // Individual and global risk, from the class weights when the sample has them.
    result.individualRisk = result.prosecutorRisk;
    if (!weights.empty()) {
        std::vector<double> classWeights(partition.classSizes.size(), 0);
        for (std::uint32_t row = 0; row < rows; ++row)
            classWeights[partition.classOfRow[row]] += weights[row];
        result.populationClassSizes.resize(rows);
        for (std::uint32_t row = 0; row < rows; ++row) {
            const double populationSize = classWeights[partition.classOfRow[row]];
            result.populationClassSizes[row] = populationSize;
            result.individualRisk[row] = individualRisk(result.classSizes[row], populationSize);
        }
    }
    for (const double risk : result.individualRisk)
        result.global.expectedReidentifications += risk;
    result.global.risk = result.global.expectedReidentifications / rows;

    // Population uniqueness from the class sizes.
    std::map<std::uint32_t, std::uint64_t> sizes;
    for (const std::uint32_t size : partition.classSizes)
        ++sizes[size];
    PopulationSample sample;
    sample.histogram.assign(sizes.begin(), sizes.end());
    sample.samplingFraction = parameters.samplingFraction;
    result.population = estimatePopulationUniqueness(sample);

    // SUDA, the long part.
    SudaOptions suda;
    suda.keyColumns = result.keyColumns;
    suda.scoring = parameters.scoring;
    suda.samplingFraction = parameters.samplingFraction;
    suda.threads = parameters.threads.value_or(hardware);
    suda.maxMsuSize = parameters.maxMsuSize.value_or(maxKeyColumns);
    if (progress != nullptr) {
        suda.itemsDone = &progress->done;
        suda.itemsTotal = &progress->total;
    }
    const std::clock_t sudaStart = std::clock();
    SudaScores scores = computeSudaScores(table, suda, result.classSizes, stop);
    result.sudaCpuSeconds = static_cast<double>(std::clock() - sudaStart) / CLOCKS_PER_SEC;
    result.sudaScores = std::move(scores.scores);
    result.disSudaScores = std::move(scores.disScores);
    result.columnContributions = std::move(scores.contributions);
    result.suda = std::move(scores.summary);
    if (parameters.maxMsuSize && *parameters.maxMsuSize < static_cast<int>(result.keyColumns.size()))
        result.suda.maxMsuSize = parameters.maxMsuSize;
    result.complete = scores.complete;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace qiscout::core
