// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/dependencies/dl_inference.h"
#include "qiscout/core/dependencies/generalised_value.h"
#include "qiscout/core/table/encoded_table.h"

using namespace qiscout::core;

namespace {

// Age and hours are numbers, sex and education categories, disease the sensitive column. Diseases
// are drawn uniformly or from a skewed distribution, and a few ages are missing.
EncodedTable randomPatients(std::uint64_t seed, std::uint32_t rows, std::uint32_t diseases, bool skewed)
{
    std::mt19937_64 random(seed);
    std::vector<std::vector<std::string>> cells;
    for (std::uint32_t r = 0; r < rows; ++r) {
        const auto draw = random() % 1000U;
        const std::uint32_t disease =
            skewed ? static_cast<std::uint32_t>(draw * draw % (diseases * diseases)) / std::max(1U, diseases)
                   : static_cast<std::uint32_t>(random() % diseases);
        cells.push_back({random() % 25U == 0 ? "NA" : std::to_string(17 + random() % 70U),
                         random() % 2U == 0 ? "F" : "M", "e" + std::to_string(random() % 6U),
                         std::to_string(10 + random() % 50U), "d" + std::to_string(disease % diseases)});
    }
    EncodedTable table = encodeRows({"age", "sex", "education", "hours", "disease"}, cells, {"NA"});
    table.columns[0].type = ColumnType::Integer;
    table.columns[3].type = ColumnType::Integer;
    return table;
}

// Reads the published table back as an attacker would, independently of the anonymiser's own
// bookkeeping: its classes of equal quasi-identifier cells and their sensitive values.
std::vector<SensitiveProfile> classesOf(const EncodedTable& published, const std::vector<int>& qis, int sensitive)
{
    std::map<std::vector<std::string>, SensitiveProfile> classes;
    for (std::uint32_t row = 0; row < published.rowCount; ++row) {
        std::vector<std::string> key;
        for (const int column : qis)
            key.push_back(published.text(row, static_cast<std::size_t>(column)));
        classes[key].add(published.code(row, static_cast<std::size_t>(sensitive)));
    }
    std::vector<SensitiveProfile> profiles;
    for (auto& [key, profile] : classes)
        profiles.push_back(std::move(profile));
    return profiles;
}

// Definition 1 recomputed from the published cells, each removed row counting 1 per cell.
double lossOf(const EncodedTable& original, const EncodedTable& published, const std::vector<int>& qis)
{
    double sum = 0.0;
    for (const int column : qis) {
        double low = INFINITY;
        double high = -INFINITY;
        const EncodedColumn& values = original.columns[static_cast<std::size_t>(column)];
        for (std::uint32_t code = 0; code < values.distinctCount(); ++code)
            if (!values.missing[code] && values.type == ColumnType::Integer) {
                low = std::min(low, std::stod(values.text(code)));
                high = std::max(high, std::stod(values.text(code)));
            }
        for (std::uint32_t row = 0; row < published.rowCount; ++row) {
            const std::string& cell = published.text(row, static_cast<std::size_t>(column));
            if (cell == "*") {
                sum += 1.0;
            } else if (cell.front() == '[') {
                const std::size_t comma = cell.find(',');
                sum += (std::stod(cell.substr(comma + 1)) - std::stod(cell.substr(1, comma - 1))) / (high - low);
            }
        }
    }
    sum += static_cast<double>((original.rowCount - published.rowCount) * qis.size());
    return sum / static_cast<double>(original.rowCount * qis.size());
}

} // namespace

TEST_CASE("Every (d, l)-inference output satisfies Definition 8 when read back", "[dl-inference][anonymization]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{1}, std::uint64_t{61}));
    std::mt19937_64 random(seed * 31U);
    const auto rows = static_cast<std::uint32_t>(20 + random() % 400U);
    const auto diseases = static_cast<std::uint32_t>(2 + random() % 15U);
    const EncodedTable table = randomPatients(seed, rows, diseases, random() % 2U == 0);
    DlAnonymizationParameters parameters;
    parameters.quasiIdentifiers = {0, 1, 2, 3};
    parameters.sensitive = 4;
    parameters.d = random() % 6U;
    parameters.l = 1 + random() % 4U;
    parameters.minGroupSize = 1 + random() % 6U;
    parameters.heuristic = GENERATE(PartitionHeuristic::TopDown, PartitionHeuristic::BottomUp);
    INFO("seed " << seed << ", rows " << rows << ", diseases " << diseases << ", d " << parameters.d << ", l "
                 << parameters.l << ", k " << parameters.minGroupSize << ", " << toString(parameters.heuristic));

    const DlAnonymization result = anonymizeForDlInference(table, parameters);
    REQUIRE(result.complete);
    CHECK(result.check.satisfied);

    // Every row is published once or removed, and every QI-group is large enough.
    std::vector<int> seen(table.rowCount, 0);
    for (const DlQiGroup& group : result.groups) {
        CHECK(group.rows.size() >= parameters.minGroupSize);
        for (const std::uint32_t row : group.rows)
            ++seen[row];
        // The cells describe every row of the group.
        for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q) {
            const GeneralisedValue cell = GeneralisedValue::parse(group.cells[q]);
            for (const std::uint32_t row : group.rows) {
                const std::string& value = table.text(row, static_cast<std::size_t>(parameters.quasiIdentifiers[q]));
                CHECK(intersect(cell, GeneralisedValue::parse(value)).has_value());
            }
        }
    }
    for (const std::uint32_t row : result.removedRows)
        ++seen[row];
    CHECK(std::all_of(seen.begin(), seen.end(), [](int count) { return count == 1; }));
    CHECK(result.removedRows.size() == result.stats.groupingRemovedRows + result.stats.phase2RemovedRows);

    // The published file read back: its classes satisfy Definition 8 and its loss is the one reported.
    const EncodedTable published = publishDlAnonymization(table, parameters, result);
    CHECK(published.rowCount == table.rowCount - result.removedRows.size());
    const std::vector<SensitiveProfile> classes = classesOf(published, parameters.quasiIdentifiers, 4);
    CHECK(classes.size() == result.groups.size());
    CHECK(checkDlInference(classes, DiversityRequirement{parameters.l, parameters.d}).satisfied);
    CHECK(result.informationLoss == Approx(lossOf(table, published, parameters.quasiIdentifiers)).margin(1e-9));
    CHECK(result.informationLoss >= 0.0);
    CHECK(result.informationLoss <= 1.0);
}

TEST_CASE("The (d, l)-inference anonymiser on the paper's Example 1", "[dl-inference][anonymization]")
{
    // Nine diseases with the example's frequencies, ages spread over the rows.
    const std::vector<std::uint64_t> frequencies{1, 7, 9, 10, 26, 30, 40, 45, 50};
    std::vector<std::vector<std::string>> cells;
    for (std::size_t v = 0; v < frequencies.size(); ++v)
        for (std::uint64_t r = 0; r < frequencies[v]; ++r)
            cells.push_back({std::to_string(20 + (r * 7 + v) % 50), "s" + std::to_string(v + 1)});
    EncodedTable table = encodeRows({"age", "disease"}, cells);
    table.columns[0].type = ColumnType::Integer;
    DlAnonymizationParameters parameters;
    parameters.quasiIdentifiers = {0};
    parameters.sensitive = 1;
    parameters.d = 3;
    parameters.l = 2;
    const DlAnonymization result = anonymizeForDlInference(table, parameters);
    CHECK(result.plan.removedRows == 11);
    CHECK(result.stats.phase2RemovedRows == 0);
    CHECK(result.removedRows.size() == 11);
    CHECK(result.plan.groups.size() == 3);
    CHECK(result.check.satisfied);
    // Phase 2 cut the three groups into many small QI-groups, each with every value of its group.
    CHECK(result.groups.size() > 3);
    for (const DlQiGroup& group : result.groups) {
        std::set<std::uint32_t> values;
        for (const std::uint32_t row : group.rows)
            values.insert(table.code(row, 1));
        CHECK(values.size() == result.plan.groups[group.partition].values.size());
    }
}

TEST_CASE("The (d, l)-inference anonymiser rejects bad parameters and stops when asked",
          "[dl-inference][anonymization]")
{
    const EncodedTable table = randomPatients(3, 50, 4, false);
    DlAnonymizationParameters parameters;
    parameters.quasiIdentifiers = {0, 1};
    parameters.sensitive = 4;
    DlAnonymizationParameters none = parameters;
    none.quasiIdentifiers.clear();
    CHECK_THROWS_AS(anonymizeForDlInference(table, none), DlAnonymizationParameterError);
    DlAnonymizationParameters twice = parameters;
    twice.quasiIdentifiers = {0, 0};
    CHECK_THROWS_AS(anonymizeForDlInference(table, twice), DlAnonymizationParameterError);
    DlAnonymizationParameters sensitiveQi = parameters;
    sensitiveQi.quasiIdentifiers = {0, 4};
    CHECK_THROWS_AS(anonymizeForDlInference(table, sensitiveQi), DlAnonymizationParameterError);
    DlAnonymizationParameters zero = parameters;
    zero.l = 0;
    CHECK_THROWS_AS(anonymizeForDlInference(table, zero), DlAnonymizationParameterError);

    std::stop_source source;
    source.request_stop();
    const DlAnonymization stopped = anonymizeForDlInference(table, parameters, source.get_token());
    CHECK_FALSE(stopped.complete);
    CHECK(stopped.groups.empty());
}
