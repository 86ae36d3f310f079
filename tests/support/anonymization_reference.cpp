// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/anonymization_reference.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "support/thread_counts.h"

namespace qiscout::core::testing {
namespace {

constexpr std::size_t metricCount = 8;

/// The sensitive values of the rows of a class, value -> count.
std::map<std::string, std::uint64_t> sensitiveCounts(const EncodedTable& table, int column,
                                                     const std::vector<std::uint32_t>& rows)
{
    std::map<std::string, std::uint64_t> counts;
    for (const std::uint32_t row : rows)
        ++counts[table.text(row, static_cast<std::size_t>(column))];
    return counts;
}

bool isNumericColumn(const EncodedColumn& column)
{
    return column.type == ColumnType::Integer || column.type == ColumnType::Decimal;
}

/// The column's distinct values in the order ordered t-closeness uses.
std::vector<std::string> orderedValues(const EncodedColumn& column)
{
    std::vector<std::string> values = column.dictionary;
    if (isNumericColumn(column))
        std::sort(values.begin(), values.end(),
                  [](const std::string& a, const std::string& b) { return std::stod(a) < std::stod(b); });
    else
        std::sort(values.begin(), values.end());
    return values;
}

bool satisfies(const ReferenceModel& model, const EncodedTable& table, const std::vector<std::uint32_t>& rows)
{
    const auto n = static_cast<double>(rows.size());
    if (model.kind == ReferenceModel::Kind::K)
        return n >= model.parameter;
    const std::map<std::string, std::uint64_t> counts = sensitiveCounts(table, model.column, rows);
    switch (model.kind) {
    case ReferenceModel::Kind::K:
    case ReferenceModel::Kind::DeltaPresence:
        break;
    case ReferenceModel::Kind::DistinctL:
        return static_cast<double>(counts.size()) >= model.parameter;
    case ReferenceModel::Kind::EntropyL: {
        double entropy = 0.0;
        for (const auto& [value, count] : counts) {
            const double p = static_cast<double>(count) / n;
            entropy -= p * std::log(p);
        }
        return entropy >= std::log(model.parameter) - 1e-9;
    }
    case ReferenceModel::Kind::RecursiveL: {
        std::vector<std::uint64_t> frequencies;
        for (const auto& [value, count] : counts)
            frequencies.push_back(count);
        std::sort(frequencies.rbegin(), frequencies.rend());
        const auto l = static_cast<std::size_t>(model.parameter);
        if (frequencies.size() < l)
            return false;
        double tail = 0.0;
        for (std::size_t i = l - 1; i < frequencies.size(); ++i)
            tail += static_cast<double>(frequencies[i]);
        return static_cast<double>(frequencies.front()) < model.c * tail;
    }
    case ReferenceModel::Kind::EqualT:
    case ReferenceModel::Kind::OrderedT: {
        const EncodedColumn& column = table.columns[static_cast<std::size_t>(model.column)];
        const std::vector<std::string> order = orderedValues(column);
        std::vector<double> p;
        std::vector<double> q;
        for (const std::string& value : order) {
            const auto found = counts.find(value);
            p.push_back(found == counts.end() ? 0.0 : static_cast<double>(found->second) / n);
            const auto code = static_cast<std::size_t>(
                std::find(column.dictionary.begin(), column.dictionary.end(), value) - column.dictionary.begin());
            q.push_back(static_cast<double>(column.frequencies[code]) / table.rowCount);
        }
        double distance = 0.0;
        if (model.kind == ReferenceModel::Kind::EqualT) {
            for (std::size_t i = 0; i < p.size(); ++i)
                distance += 0.5 * std::abs(p[i] - q[i]);
        } else if (p.size() > 1) {
            // Earth mover's distance on a line: the mass carried past each gap between neighbours.
            double carried = 0.0;
            for (std::size_t i = 0; i + 1 < p.size(); ++i) {
                carried += p[i] - q[i];
                distance += std::abs(carried);
            }
            distance /= static_cast<double>(p.size() - 1);
        }
        return distance <= model.parameter + 1e-9;
    }
    }
    return false;
}

} // namespace

std::vector<ReferenceNode> evaluateEveryTransformation(const EncodedTable& table,
                                                       const std::vector<int>& quasiIdentifiers,
                                                       const std::vector<Hierarchy>& hierarchies,
                                                       const std::vector<ReferenceModel>& models,
                                                       double suppressionLimit, const std::vector<bool>& researchSubset)
{
    const auto isPublished = [&](std::uint32_t row) { return researchSubset.empty() || researchSubset[row]; };
    std::uint64_t n = 0;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        n += isPublished(row) ? 1U : 0U;
    const auto limit = static_cast<std::uint64_t>(std::floor(suppressionLimit * static_cast<double>(n) + 1e-9));
    const std::size_t qiCount = quasiIdentifiers.size();
    // value text -> its row in the hierarchy
    std::vector<std::map<std::string, const std::vector<std::string>*>> lookup(qiCount);
    for (std::size_t q = 0; q < qiCount; ++q)
        for (const std::vector<std::string>& row : hierarchies[q].rows)
            lookup[q][row.front()] = &row;

    std::vector<std::vector<int>> allLevels{{}};
    for (std::size_t q = 0; q < qiCount; ++q) {
        std::vector<std::vector<int>> extended;
        for (const std::vector<int>& prefix : allLevels)
            for (int level = 0; level <= hierarchies[q].height(); ++level) {
                std::vector<int> next = prefix;
                next.push_back(level);
                extended.push_back(next);
            }
        allLevels = extended;
    }

    std::vector<ReferenceNode> nodes;
    for (const std::vector<int>& levels : allLevels) {
        std::vector<std::vector<std::string>> generalised(table.rowCount);
        std::map<std::vector<std::string>, std::vector<std::uint32_t>> classes;
        std::map<std::vector<std::string>, std::uint64_t> populationOfClass;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            for (std::size_t q = 0; q < qiCount; ++q) {
                const std::string& value = table.text(row, static_cast<std::size_t>(quasiIdentifiers[q]));
                generalised[row].push_back((*lookup[q].at(value))[static_cast<std::size_t>(levels[q])]);
            }
            ++populationOfClass[generalised[row]];
            if (isPublished(row))
                classes[generalised[row]].push_back(row);
        }
        ReferenceNode node;
        node.levels = levels;
        std::vector<bool> suppressed(table.rowCount, false);
        std::uint64_t keptSquares = 0;
        std::uint64_t allSquares = 0;
        bool unsuppressible = false;
        for (const auto& [key, population] : populationOfClass) {
            const auto found = classes.find(key);
            if (found != classes.end())
                continue;
            for (const ReferenceModel& model : models)
                if (model.kind == ReferenceModel::Kind::DeltaPresence && model.parameter > 0.0)
                    unsuppressible = true;
        }
        for (const auto& [key, rows] : classes) {
            allSquares += rows.size() * rows.size();
            bool ok = true;
            for (const ReferenceModel& model : models) {
                if (model.kind == ReferenceModel::Kind::DeltaPresence) {
                    // Nergiz et al.'s delta: the share of the class's population in the subset.
                    const double delta =
                        static_cast<double>(rows.size()) / static_cast<double>(populationOfClass.at(key));
                    ok = ok && delta >= model.parameter && delta <= model.c;
                } else {
                    ok = ok && satisfies(model, table, rows);
                }
            }
            if (ok) {
                ++node.classes;
                keptSquares += rows.size() * rows.size();
            } else {
                node.suppressedRows += rows.size();
                for (const std::uint32_t row : rows)
                    suppressed[row] = true;
            }
        }
        node.acceptable = node.suppressedRows <= limit && !unsuppressible;

        const std::uint64_t s = node.suppressedRows;
        node.values.assign(metricCount, 0.0);
        double precision = 0.0;
        double loss = 0.0;
        double entropy = 0.0;
        // ARX's entropies: every row as generalised, plus (non-monotonic) the entropy of the
        // generalised values among the suppressed rows, -sum c log2(c / s).
        double entropyMonotonic = 0.0;
        double entropyOfSuppressed = 0.0;
        for (std::size_t q = 0; q < qiCount; ++q) {
            const auto column = static_cast<std::size_t>(quasiIdentifiers[q]);
            const std::size_t distinct = table.columns[column].distinctCount();
            const int height = hierarchies[q].height();
            std::map<std::string, std::uint64_t> rowsOfGeneralised;
            std::map<std::string, std::set<std::string>> leavesOfGeneralised;
            std::map<std::string, std::uint64_t> rowsOfOriginal;
            // Leaves: the values of the whole table (the population) a generalised value covers;
            // frequencies: the published rows'.
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                leavesOfGeneralised[generalised[row][q]].insert(table.text(row, column));
                if (!isPublished(row))
                    continue;
                ++rowsOfGeneralised[generalised[row][q]];
                ++rowsOfOriginal[table.text(row, column)];
            }
            std::map<std::string, std::uint64_t> suppressedOfGeneralised;
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                if (!isPublished(row))
                    continue;
                entropyMonotonic += std::log2(static_cast<double>(rowsOfGeneralised[generalised[row][q]]) /
                                              static_cast<double>(rowsOfOriginal[table.text(row, column)]));
                if (suppressed[row])
                    ++suppressedOfGeneralised[generalised[row][q]];
            }
            for (const auto& [value, count] : suppressedOfGeneralised)
                entropyOfSuppressed -=
                    static_cast<double>(count) * std::log2(static_cast<double>(count) / static_cast<double>(s));
            for (std::uint32_t row = 0; row < table.rowCount; ++row) {
                if (!isPublished(row))
                    continue;
                if (suppressed[row]) {
                    precision += 1.0;
                    loss += 1.0;
                    entropy += std::log2(static_cast<double>(n) /
                                         static_cast<double>(rowsOfOriginal[table.text(row, column)]));
                    continue;
                }
                precision += height == 0 ? 0.0 : static_cast<double>(levels[q]) / height;
                if (distinct > 1)
                    loss += static_cast<double>(leavesOfGeneralised[generalised[row][q]].size() - 1) /
                            static_cast<double>(distinct - 1);
                entropy += std::log2(static_cast<double>(rowsOfGeneralised[generalised[row][q]]) /
                                     static_cast<double>(rowsOfOriginal[table.text(row, column)]));
            }
        }
        const double cells = static_cast<double>(n) * static_cast<double>(qiCount);
        node.values[static_cast<std::size_t>(UtilityMetric::Precision)] = n == 0 ? 0.0 : precision / cells;
        node.values[static_cast<std::size_t>(UtilityMetric::Loss)] = n == 0 ? 0.0 : loss / cells;
        node.values[static_cast<std::size_t>(UtilityMetric::NonUniformEntropy)] = entropy;
        node.values[static_cast<std::size_t>(UtilityMetric::Discernibility)] =
            static_cast<double>(keptSquares) + static_cast<double>(n) * static_cast<double>(s);
        node.values[static_cast<std::size_t>(UtilityMetric::DmStar)] = static_cast<double>(allSquares);
        node.values[static_cast<std::size_t>(UtilityMetric::EntropyMonotonic)] = entropyMonotonic;
        node.values[static_cast<std::size_t>(UtilityMetric::EntropyNonMonotonic)] =
            entropyMonotonic + entropyOfSuppressed;
        const std::uint64_t outputClasses = node.classes + (s > 0 ? 1 : 0);
        node.values[static_cast<std::size_t>(UtilityMetric::Aecs)] =
            outputClasses == 0 ? 0.0 : static_cast<double>(n) / static_cast<double>(outputClasses);
        nodes.push_back(std::move(node));
    }
    return nodes;
}

Hierarchy randomHierarchy(const EncodedColumn& column, std::mt19937_64& random, int maxHeight)
{
    const auto draw = [&random](std::uint64_t bound) { return bound == 0 ? 0 : random() % bound; };
    const int height = static_cast<int>(draw(static_cast<std::uint64_t>(maxHeight) + 1));
    Hierarchy hierarchy;
    // Current group of each value, as an index; level l's groups are numbered 0..groups-1.
    std::vector<std::uint64_t> group(column.distinctCount());
    std::uint64_t groups = column.distinctCount();
    for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
        hierarchy.rows.push_back({column.text(code)});
        group[code] = code;
    }
    for (int level = 1; level <= height; ++level) {
        const bool top = level == height && draw(2) == 0;
        const std::uint64_t nextGroups = top ? 1 : 1 + draw(std::max<std::uint64_t>(groups, 1));
        std::vector<std::uint64_t> parent(groups);
        for (std::uint64_t g = 0; g < groups; ++g)
            parent[g] = draw(nextGroups);
        for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
            group[code] = parent[group[code]];
            hierarchy.rows[code].push_back(top ? "*" : "L" + std::to_string(level) + "g" + std::to_string(group[code]));
        }
        groups = nextGroups;
    }
    return hierarchy;
}

RandomQuasiIdentifiers randomQuasiIdentifiers(const EncodedTable& table, int count, std::mt19937_64& random)
{
    RandomQuasiIdentifiers drawn;
    for (int q = 0; q < count; ++q) {
        drawn.columns.push_back(q);
        drawn.hierarchies.push_back(randomHierarchy(table.columns[static_cast<std::size_t>(q)], random));
        drawn.specs.push_back({q, drawn.hierarchies.back(), "random"});
    }
    return drawn;
}

std::vector<UtilityMetric> everyUtilityMetric()
{
    std::vector<UtilityMetric> metrics;
    for (const auto& entry : utilityMetricNames)
        metrics.push_back(entry.value);
    return metrics;
}

std::vector<std::pair<int, bool>> searchRuns()
{
    std::vector<std::pair<int, bool>> runs;
    for (const int threads : threadCounts())
        for (const bool fullFrontier : {false, true})
            runs.emplace_back(threads, fullFrontier);
    return runs;
}

std::set<std::vector<int>> minimalAcceptableLevels(const std::vector<ReferenceNode>& nodes)
{
    std::set<std::vector<int>> minimal;
    for (const ReferenceNode& node : nodes) {
        if (!node.acceptable)
            continue;
        const bool specialised = std::any_of(nodes.begin(), nodes.end(), [&](const ReferenceNode& other) {
            return other.acceptable && other.levels != node.levels &&
                   std::equal(other.levels.begin(), other.levels.end(), node.levels.begin(),
                              [](int a, int b) { return a <= b; });
        });
        if (!specialised)
            minimal.insert(node.levels);
    }
    return minimal;
}

const ReferenceNode* bestAcceptable(const std::vector<ReferenceNode>& nodes, UtilityMetric metric)
{
    const auto index = static_cast<std::size_t>(metric);
    const ReferenceNode* best = nullptr;
    for (const ReferenceNode& node : nodes)
        if (node.acceptable && (!best || node.values[index] < best->values[index]))
            best = &node;
    return best;
}

} // namespace qiscout::core::testing
