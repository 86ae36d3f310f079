// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/search_setup.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>

#include "qiscout/core/anonymization/k_anonymity.h"

#include "anonymization/utility_calculator.h"

namespace qiscout::core {
namespace {

int resolveThreads(const std::optional<int>& requested)
{
    const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    const int threads = requested.value_or(hardware);
    if (threads < 1 || threads > hardware)
        throw AnonymizationParameterError("threads must be between 1 and " + std::to_string(hardware) +
                                          " on this machine, not " + std::to_string(threads) + ".");
    return threads;
}

TaggingRules tagRules(const std::vector<std::shared_ptr<const PrivacyModel>>& models, std::uint64_t limit)
{
    TaggingRules rules;
    for (const auto& model : models) {
        const ModelMonotonicity property = model->monotonicity();
        const bool monotone = limit > 0 ? property.withSuppression : property.withoutSuppression;
        rules.settingMonotone.push_back(monotone);
        rules.fullyMonotone = rules.fullyMonotone && monotone;
    }
    return rules;
}

void setLocalSuppression(SearchSetup& setup, const AnonymizationParameters& parameters)
{
    LocalSuppressionSettings settings = *parameters.localSuppression;
    if (settings.importance.empty())
        settings.importance.assign(setup.hierarchies.size(), 1.0);
    if (settings.importance.size() != setup.hierarchies.size())
        throw AnonymizationParameterError("Give one importance per quasi-identifier.");
    for (const double importance : settings.importance)
        if (!(importance > 0.0) || !std::isfinite(importance))
            throw AnonymizationParameterError("A column's importance is a positive number.");
    const auto* k = setup.models.size() == 1 ? dynamic_cast<const KAnonymity*>(setup.models.front().get()) : nullptr;
    // Wildcard classes overlap, so per-class models such as l-diversity have no classes to judge.
    if (!k)
        throw AnonymizationParameterError("Local suppression protects k-anonymity alone; leave out the other "
                                          "privacy models.");
    if (parameters.suppressionLimit > 0.0)
        throw AnonymizationParameterError("Local suppression replaces record suppression; leave the suppression "
                                          "limit at 0.");
    if (parameters.fullFrontier)
        throw AnonymizationParameterError("With local suppression every transformation is acceptable: there is no "
                                          "frontier of minimal ones to list.");
    if (!isCountedPerCell(setup.metric))
        throw AnonymizationParameterError("Local suppression needs a metric counted per cell: precision, loss or "
                                          "non-uniform-entropy.");
    setup.localK = k->k();
    setup.localSuppression = std::move(settings);
}

/// AnonymizationParameters::maxColumnLoss: cuts each hierarchy above its highest level that loses
/// at most `cap` when nothing is suppressed. A column's loss and entropy at a level depend on that
/// level alone, so the cut changes no value the search computes below it.
void capColumnLoss(SearchSetup& setup, double cap, std::vector<int>& heights)
{
    if (!(cap >= 0.0 && cap <= 1.0))
        throw AnonymizationParameterError("The largest loss of a column is a fraction between 0 and 1.");
    if (!isValuedByLevelAlone(setup.metric))
        throw AnonymizationParameterError("A cap on each column's loss needs the loss or non-uniform-entropy "
                                          "metric, which value a column's level alone.");
    const UtilityCalculator calculator(setup);
    const ClassTally nothingSuppressed = calculator.emptyTally();
    std::vector<int> levels(heights.size(), 0);
    for (std::size_t q = 0; q < heights.size(); ++q) {
        int highest = 0;
        for (int level = 1; level <= heights[q]; ++level) {
            levels[q] = level;
            if (calculator.columnValues(levels, nothingSuppressed)[q] > cap)
                break;
            highest = level;
        }
        levels[q] = 0;
        heights[q] = highest;
        setup.hierarchies[q].levels.resize(static_cast<std::size_t>(highest) + 1);
    }
}

/// AnonymizationParameters::researchSubset: the published rows, and the hierarchies' row counts
/// (which the metrics read) over them alone.
void setResearchSubset(SearchSetup& setup, const std::vector<bool>& subset)
{
    const EncodedTable& table = *setup.table;
    if (subset.size() != table.rowCount)
        throw AnonymizationParameterError("The research subset names " + std::to_string(subset.size()) +
                                          " rows, but the table has " + std::to_string(table.rowCount) + ".");
    setup.inSubset.assign(subset.begin(), subset.end());
    setup.rows = static_cast<std::uint64_t>(std::count(subset.begin(), subset.end(), true));
    for (ColumnHierarchy& hierarchy : setup.hierarchies) {
        std::vector<std::uint64_t> valueRows(table.columns[static_cast<std::size_t>(hierarchy.column)].distinctCount(),
                                             0);
        const std::vector<std::uint32_t>& codes = table.columns[static_cast<std::size_t>(hierarchy.column)].codes;
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            valueRows[codes[row]] += setup.inSubset[row];
        for (HierarchyLevel& level : hierarchy.levels) {
            level.groupRows.assign(level.groups(), 0);
            for (std::size_t code = 0; code < valueRows.size(); ++code)
                level.groupRows[level.groupOfValue[code]] += valueRows[code];
        }
    }
}

} // namespace

SearchSetup prepareSearch(const EncodedTable& table, const AnonymizationParameters& parameters)
{
    SearchSetup setup;
    setup.table = &table;
    setup.rows = table.rowCount;
    if (parameters.quasiIdentifiers.empty())
        throw AnonymizationParameterError("Choose at least one quasi-identifier to generalise.");
    if (parameters.quasiIdentifiers.size() > 64)
        throw AnonymizationParameterError("At most 64 quasi-identifiers can be generalised together.");
    if (!(parameters.suppressionLimit >= 0.0 && parameters.suppressionLimit <= 1.0))
        throw AnonymizationParameterError("The suppression limit is a fraction of the rows between 0 and 1.");
    setup.threads = resolveThreads(parameters.threads);
    setup.metric = parameters.metric;
    setup.fullFrontier = parameters.fullFrontier;

    std::set<int> seen;
    std::vector<int> heights;
    for (const QuasiIdentifierSpec& spec : parameters.quasiIdentifiers) {
        if (spec.column < 0 || static_cast<std::size_t>(spec.column) >= table.columnCount())
            throw AnonymizationParameterError("A quasi-identifier names column " + std::to_string(spec.column + 1) +
                                              ", which the table does not have.");
        if (!seen.insert(spec.column).second)
            throw AnonymizationParameterError("Column " + table.columns[static_cast<std::size_t>(spec.column)].name +
                                              " is named twice as a quasi-identifier.");
        const std::string source = spec.hierarchySource.empty()
                                       ? "for " + table.columns[static_cast<std::size_t>(spec.column)].name
                                       : spec.hierarchySource;
        setup.hierarchies.push_back(bindHierarchy(spec.hierarchy, table, spec.column, source));
        heights.push_back(setup.hierarchies.back().height());
    }
    if (parameters.researchSubset)
        setResearchSubset(setup, *parameters.researchSubset);
    setup.suppressionLimit = suppressionLimitRows(parameters.suppressionLimit, setup.rows);
    if (parameters.maxColumnLoss)
        capColumnLoss(setup, *parameters.maxColumnLoss, heights);
    try {
        setup.lattice = TransformationLattice(heights);
    } catch (const std::invalid_argument& error) {
        throw AnonymizationParameterError(error.what());
    }

    if (parameters.models.empty())
        throw AnonymizationParameterError("Choose at least one privacy model (k-anonymity, say).");
    for (const auto& model : parameters.models) {
        if (!model)
            throw AnonymizationParameterError("A privacy model is missing.");
        if (model->judgesEmptyClasses() && !parameters.researchSubset)
            throw AnonymizationParameterError("delta-presence needs a research subset: the rows of the table that "
                                              "are published.");
        setup.models.push_back(model);
        setup.anyTableCondition = setup.anyTableCondition || model->hasTableCondition();
        const std::optional<int> column = model->sensitiveColumn();
        if (!column) {
            setup.modelSlot.push_back(-1);
            continue;
        }
        if (*column < 0 || static_cast<std::size_t>(*column) >= table.columnCount())
            throw AnonymizationParameterError("A privacy model names a column the table does not have.");
        if (seen.contains(*column))
            throw AnonymizationParameterError("Column " + table.columns[static_cast<std::size_t>(*column)].name +
                                              " cannot be both a quasi-identifier and a sensitive column.");
        const auto found = std::find(setup.sensitiveColumns.begin(), setup.sensitiveColumns.end(), *column);
        setup.modelSlot.push_back(static_cast<int>(found - setup.sensitiveColumns.begin()));
        if (found == setup.sensitiveColumns.end())
            setup.sensitiveColumns.push_back(*column);
    }
    setup.rules = tagRules(setup.models, setup.suppressionLimit);
    if (parameters.localSuppression) {
        // Wildcard cells match rows outside the subset as well: classes would not be the subset's.
        if (parameters.researchSubset)
            throw AnonymizationParameterError("Local suppression does not work with a research subset (ARX does not "
                                              "combine them either).");
        setLocalSuppression(setup, parameters);
    }

    std::vector<std::uint8_t> widths;
    for (const ColumnHierarchy& hierarchy : setup.hierarchies)
        widths.push_back(bitsFor(hierarchy.levels.front().groups()));
    for (const int column : setup.sensitiveColumns)
        widths.push_back(bitsFor(table.columns[static_cast<std::size_t>(column)].distinctCount()));
    if (parameters.researchSubset)
        widths.push_back(bitsFor(2));
    auto [fields, words] = layoutFields(widths);
    if (words > maxKeyWords)
        throw AnonymizationParameterError("The quasi-identifiers and sensitive columns together hold too many "
                                          "distinct values to be grouped; choose fewer columns.");
    setup.keyWords = words;
    setup.qiFields.assign(fields.begin(), fields.begin() + static_cast<std::ptrdiff_t>(setup.hierarchies.size()));
    const auto sensitiveEnd =
        fields.begin() + static_cast<std::ptrdiff_t>(setup.hierarchies.size() + setup.sensitiveColumns.size());
    setup.sensitiveFields.assign(fields.begin() + static_cast<std::ptrdiff_t>(setup.hierarchies.size()), sensitiveEnd);
    if (parameters.researchSubset)
        setup.subsetField = *sensitiveEnd;

    setup.levelMaps.resize(setup.hierarchies.size());
    for (std::size_t q = 0; q < setup.hierarchies.size(); ++q) {
        const std::vector<HierarchyLevel>& levels = setup.hierarchies[q].levels;
        auto& maps = setup.levelMaps[q];
        maps.resize(levels.size());
        for (std::size_t from = 0; from < levels.size(); ++from) {
            for (std::size_t to = from + 1; to < levels.size(); ++to) {
                std::vector<std::uint32_t> map(levels[from].groups(), 0);
                for (std::size_t code = 0; code < levels[from].groupOfValue.size(); ++code)
                    map[levels[from].groupOfValue[code]] = levels[to].groupOfValue[code];
                maps[from].push_back(std::move(map));
            }
        }
    }
    return setup;
}

AnonymizationResult resultOfSetup(const SearchSetup& setup, const TransformationLattice& lattice, bool complete)
{
    AnonymizationResult result;
    result.lattice = lattice;
    result.metric = setup.metric;
    result.rows = setup.rows;
    result.suppressionLimitRows = setup.suppressionLimit;
    result.threads = setup.threads;
    result.complete = complete;
    return result;
}

} // namespace qiscout::core
