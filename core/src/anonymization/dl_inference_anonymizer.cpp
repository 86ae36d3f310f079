// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/dl_inference_anonymizer.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "anonymization/dl_qi_group_builder.h"

namespace qiscout::core {
namespace {

void validate(const EncodedTable& table, const DlAnonymizationParameters& parameters)
{
    const auto columns = static_cast<int>(table.columnCount());
    if (parameters.sensitive < 0 || parameters.sensitive >= columns)
        throw DlAnonymizationParameterError("The sensitive column is not a column of the table.");
    if (parameters.quasiIdentifiers.empty())
        throw DlAnonymizationParameterError("(d, l)-inference needs at least one quasi-identifier.");
    std::set<int> seen;
    for (const int column : parameters.quasiIdentifiers) {
        if (column < 0 || column >= columns)
            throw DlAnonymizationParameterError("A quasi-identifier is not a column of the table.");
        if (column == parameters.sensitive)
            throw DlAnonymizationParameterError("The sensitive column cannot also be a quasi-identifier.");
        if (!seen.insert(column).second)
            throw DlAnonymizationParameterError("A quasi-identifier is named twice.");
    }
    if (parameters.l < 1)
        throw DlAnonymizationParameterError("l must be at least 1.");
    if (parameters.minGroupSize < 1)
        throw DlAnonymizationParameterError("The smallest QI-group must hold at least 1 row.");
}

/// `count` positions spread evenly over [0, size): the chosen rows sample every part of a value's
/// rows, so each phase-1 group (and the removal) sees the same spread of quasi-identifiers.
std::vector<std::size_t> evenlySpaced(std::size_t count, std::size_t size)
{
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < count; ++i)
        positions.push_back((2 * i + 1) * size / (2 * count));
    return positions;
}

/// Takes `count` evenly spaced rows out of `rows` and returns them.
std::vector<std::uint32_t> takeEvenly(std::vector<std::uint32_t>& rows, std::size_t count)
{
    std::vector<std::uint32_t> taken;
    if (count == 0)
        return taken;
    std::vector<bool> chosen(rows.size(), false);
    for (const std::size_t position : evenlySpaced(count, rows.size()))
        chosen[position] = true;
    std::vector<std::uint32_t> rest;
    for (std::size_t i = 0; i < rows.size(); ++i)
        (chosen[i] ? taken : rest).push_back(rows[i]);
    rows = std::move(rest);
    return taken;
}

double secondsSince(std::chrono::steady_clock::time_point started)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

} // namespace

DlAnonymization anonymizeForDlInference(const EncodedTable& table, const DlAnonymizationParameters& parameters,
                                        std::stop_token stop)
{
    validate(table, parameters);
    DlAnonymization result;
    const auto started = std::chrono::steady_clock::now();
    const EncodedColumn& sensitive = table.columns[static_cast<std::size_t>(parameters.sensitive)];
    std::vector<ValueRows> frequencies;
    for (std::uint32_t code = 0; code < sensitive.distinctCount(); ++code)
        if (sensitive.frequencies[code] > 0)
            frequencies.push_back({code, sensitive.frequencies[code]});
    result.plan = planDlGrouping(frequencies, parameters.d, parameters.l, parameters.heuristic);
    result.stats.phase1Seconds = secondsSince(started);
    result.stats.groupingRemovedRows = result.plan.removedRows;

    const auto phase2Started = std::chrono::steady_clock::now();
    const std::vector<QiColumnScale> scales = scaleColumns(table, parameters.quasiIdentifiers);
    // Every value's rows in one order of their quasi-identifiers, column by column.
    std::vector<std::uint32_t> ordered(table.rowCount);
    std::iota(ordered.begin(), ordered.end(), std::uint32_t{0});
    std::sort(ordered.begin(), ordered.end(), [&](std::uint32_t a, std::uint32_t b) {
        for (const QiColumnScale& scale : scales) {
            const std::vector<std::uint32_t>& codes = table.columns[static_cast<std::size_t>(scale.column)].codes;
            const double keyA = scale.keyOfCode[codes[a]];
            const double keyB = scale.keyOfCode[codes[b]];
            if (keyA != keyB)
                return keyA < keyB;
        }
        return a < b;
    });
    std::vector<std::vector<std::uint32_t>> rowsOfValue(sensitive.distinctCount());
    for (const std::uint32_t row : ordered)
        rowsOfValue[sensitive.codes[row]].push_back(row);

    std::vector<std::uint32_t> removed;
    for (const ValueRows& value : result.plan.removed) {
        const std::vector<std::uint32_t> taken = takeEvenly(rowsOfValue[value.value], value.rows);
        removed.insert(removed.end(), taken.begin(), taken.end());
    }
    // A value shared by two groups of a chain gives the earlier group its share first.
    std::vector<std::vector<std::vector<std::uint32_t>>> pools(result.plan.groups.size());
    std::vector<std::size_t> lastGroupOf(sensitive.distinctCount(), result.plan.groups.size());
    for (std::size_t g = 0; g < result.plan.groups.size(); ++g)
        for (const ValueRows& value : result.plan.groups[g].values)
            lastGroupOf[value.value] = g;
    for (std::size_t g = 0; g < result.plan.groups.size(); ++g)
        for (const ValueRows& value : result.plan.groups[g].values) {
            std::vector<std::uint32_t>& available = rowsOfValue[value.value];
            if (lastGroupOf[value.value] == g)
                pools[g].push_back(std::move(available));
            else
                pools[g].push_back(takeEvenly(available, value.rows));
        }

    struct Leaf {
        std::vector<std::uint32_t> rows;
        std::size_t partition = 0;
    };
    std::vector<Leaf> leaves;
    for (std::size_t g = 0; g < pools.size(); ++g) {
        std::uint64_t groupRows = 0;
        for (const std::vector<std::uint32_t>& pool : pools[g])
            groupRows += pool.size();
        if (groupRows < parameters.minGroupSize) {
            for (const std::vector<std::uint32_t>& pool : pools[g])
                removed.insert(removed.end(), pool.begin(), pool.end());
            result.stats.phase2RemovedRows += groupRows;
            continue;
        }
        std::optional<std::vector<std::vector<std::uint32_t>>> split =
            splitIntoQiGroups(std::move(pools[g]), table, scales, parameters.minGroupSize, stop);
        if (!split) {
            result.complete = false;
            result.plan = {};
            return result;
        }
        for (std::vector<std::uint32_t>& rows : *split)
            leaves.push_back({std::move(rows), g});
    }

    // The output's classes are its rows of equal cells: leaves of one phase-1 group with equal cells
    // merge (their union stays d-close); equal cells across phase-1 groups would mix value sets,
    // so only the phase-1 group with the most rows there keeps them.
    std::map<std::vector<std::string>, std::vector<std::size_t>> leavesByCells;
    std::vector<Generalisation> generalised;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        generalised.push_back(generalise(table, scales, leaves[i].rows));
        leavesByCells[generalised.back().cells].push_back(i);
    }
    std::vector<double> lossSums(scales.size(), 0.0);
    for (const auto& [cells, members] : leavesByCells) {
        std::map<std::size_t, std::size_t> rowsByPartition;
        for (const std::size_t member : members)
            rowsByPartition[leaves[member].partition] += leaves[member].rows.size();
        const auto kept = std::max_element(rowsByPartition.begin(), rowsByPartition.end(),
                                           [](const auto& a, const auto& b) { return a.second < b.second; });
        DlQiGroup group;
        group.cells = cells;
        group.partition = kept->first;
        for (const std::size_t member : members) {
            std::vector<std::uint32_t>& rows = leaves[member].rows;
            if (leaves[member].partition == group.partition) {
                group.rows.insert(group.rows.end(), rows.begin(), rows.end());
            } else {
                removed.insert(removed.end(), rows.begin(), rows.end());
                result.stats.phase2RemovedRows += rows.size();
            }
        }
        std::sort(group.rows.begin(), group.rows.end());
        const std::vector<double>& loss = generalised[members.front()].loss;
        for (std::size_t q = 0; q < scales.size(); ++q)
            lossSums[q] += loss[q] * static_cast<double>(group.rows.size());
        result.groups.push_back(std::move(group));
    }
    std::sort(result.groups.begin(), result.groups.end(),
              [](const DlQiGroup& a, const DlQiGroup& b) { return a.rows.front() < b.rows.front(); });
    std::sort(removed.begin(), removed.end());
    result.removedRows = std::move(removed);

    const double rows = std::max(1.0, static_cast<double>(table.rowCount));
    double total = 0.0;
    for (std::size_t q = 0; q < scales.size(); ++q) {
        const double column = (lossSums[q] + static_cast<double>(result.removedRows.size())) / rows;
        result.columnLoss.push_back(table.rowCount == 0 ? 0.0 : column);
        total += result.columnLoss.back();
    }
    result.informationLoss = total / static_cast<double>(scales.size());

    std::vector<SensitiveProfile> profiles;
    for (const DlQiGroup& group : result.groups) {
        SensitiveProfile profile;
        for (const std::uint32_t row : group.rows)
            profile.add(sensitive.codes[row]);
        profiles.push_back(std::move(profile));
    }
    result.check = checkDlInference(profiles, DiversityRequirement{parameters.l, parameters.d});
    result.stats.phase2Seconds = secondsSince(phase2Started);
    return result;
}

EncodedTable publishDlAnonymization(const EncodedTable& table, const DlAnonymizationParameters& parameters,
                                    const DlAnonymization& anonymization, DlRemovedRows removed)
{
    std::vector<const DlQiGroup*> groupOfRow(table.rowCount, nullptr);
    for (const DlQiGroup& group : anonymization.groups)
        for (const std::uint32_t row : group.rows)
            groupOfRow[row] = &group;
    std::vector<int> cellOfColumn(table.columnCount(), -1);
    for (std::size_t q = 0; q < parameters.quasiIdentifiers.size(); ++q)
        cellOfColumn[static_cast<std::size_t>(parameters.quasiIdentifiers[q])] = static_cast<int>(q);
    std::vector<std::vector<std::string>> rows;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        const DlQiGroup* group = groupOfRow[row];
        if (group == nullptr && removed == DlRemovedRows::LeftOut)
            continue;
        std::vector<std::string> cells;
        cells.reserve(table.columnCount());
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            if (cellOfColumn[c] < 0)
                cells.push_back(table.text(row, c));
            else
                cells.push_back(group != nullptr ? group->cells[static_cast<std::size_t>(cellOfColumn[c])] : "*");
        }
        rows.push_back(std::move(cells));
    }
    EncodedTable published = encodeRows(table.columnNames(), rows);
    published.sourcePath = table.sourcePath;
    return published;
}

} // namespace qiscout::core
