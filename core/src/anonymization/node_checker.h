// SPDX-License-Identifier: GPL-3.0-or-later
// One check of one transformation: its groups (from the rows, or rolled up from the groups of a
// more specialised transformation, transforming only the quasi-identifiers whose level changed),
// its classes, the models' verdicts with suppression, and the metric.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/privacy_model.h"

#include "anonymization/group_combinations.h"
#include "anonymization/row_groups.h"
#include "anonymization/search_setup.h"
#include "anonymization/utility_calculator.h"

namespace qiscout::core {

/// Whether a check prices (value(), columnValues()) a transformation it finds not acceptable. The
/// optimal search never publishes one, and pricing it is most of a check where the metric needs
/// the suppressed classes' codes: on ARX's adult with 2 % suppression, entropy-non-monotonic, a
/// quarter to a third of the search went on adding up the codes of checks that then failed.
enum class Pricing { Always, AcceptableOnly };

/// What one check found.
struct NodeOutcome {
    std::uint64_t node = 0;
    bool acceptable = false;
    /// The monotone predicate of the path search: the rows violating the models that are monotone
    /// in this setting, or the monotone part of the others (PrivacyModel::meetsMonotonePart), are
    /// within the limit (equals `acceptable` when every model is monotone in this setting).
    bool predicate = false;
    /// Every generalisation is acceptable too if this one is (each model is monotone in this
    /// setting, or is monotone without suppression and has no violating row here).
    bool stable = false;
    std::uint64_t suppressedRows = 0;
    std::uint64_t keptClasses = 0;
    /// Groups built (classes, split further by the sensitive values when a model needs them).
    std::uint64_t groups = 0;
    /// Whether value and columnValues were computed (see Pricing).
    bool priced = false;
    double value = 0.0;
    double valueWithoutSuppression = 0.0;
    std::vector<double> columnValues;
};

/// The public form of a check's outcome.
[[nodiscard]] inline TransformationAssessment assessmentOf(const NodeOutcome& outcome,
                                                           const TransformationLattice& lattice)
{
    TransformationAssessment assessment;
    assessment.transformation = lattice.transformationOf(outcome.node);
    assessment.acceptable = outcome.acceptable;
    assessment.value = outcome.value;
    assessment.columnValues = outcome.columnValues;
    assessment.suppressedRows = outcome.suppressedRows;
    assessment.classes = outcome.keptClasses;
    return assessment;
}

/// Thread: one per worker; shares the immutable setup and calculator.
template <int W>
class NodeChecker {
public:
    NodeChecker(const SearchSetup& setup, const UtilityCalculator& calculator)
        : m_setup(setup)
        , m_calculator(calculator)
    {
        m_bySize = setup.sensitiveColumns.empty() && !setup.hasSubset() && !setup.anyTableCondition;
        for (std::size_t m = 0; m < setup.models.size() && m_bySize; ++m) {
            const std::optional<std::uint64_t> minimum = setup.models[m]->minimumClassRows();
            m_bySize = minimum.has_value() && setup.rules.settingMonotone[m];
            m_minimumRowsOf.push_back(minimum.value_or(0));
            m_minimumRows = std::max(m_minimumRows, minimum.value_or(0));
        }
    }

    /// The groups of rows [begin, end) at `node`; with groupOfRow, also each row's group index
    /// (groupOfRow[row - begin]). The keys of a batch of rows are built a column at a time, a
    /// tight loop per field, then hashed: ARX's adult is grouped in a third less time than row by
    /// row, where the loop over the fields ran for every row.
    void groupRows(std::uint64_t node, std::uint32_t begin, std::uint32_t end, RowGroups<W>& out,
                   std::vector<std::uint32_t>* groupOfRow = nullptr)
    {
        const EncodedTable& table = *m_setup.table;
        m_rowFields.clear();
        for (int q = 0; q < m_setup.quasiIdentifierCount(); ++q) {
            const ColumnHierarchy& hierarchy = m_setup.hierarchies[static_cast<std::size_t>(q)];
            m_rowFields.push_back(
                {&m_setup.qiFields[static_cast<std::size_t>(q)],
                 table.columns[static_cast<std::size_t>(hierarchy.column)].codes.data(),
                 hierarchy.levels[static_cast<std::size_t>(m_setup.lattice.level(node, q))].groupOfValue.data()});
        }
        for (std::size_t slot = 0; slot < m_setup.sensitiveColumns.size(); ++slot)
            m_rowFields.push_back({&m_setup.sensitiveFields[slot],
                                   table.columns[static_cast<std::size_t>(m_setup.sensitiveColumns[slot])].codes.data(),
                                   nullptr});
        const std::uint8_t* inSubset = m_setup.hasSubset() ? m_setup.inSubset.data() : nullptr;

        m_aggregator.reset(std::min<std::size_t>(end - begin, expectedGroups(node)), out);
        if (groupOfRow)
            groupOfRow->resize(end - begin);
        m_rowKeys.resize(std::min<std::size_t>(rowBatch, end - begin));
        for (std::uint32_t first = begin; first < end;) {
            const std::uint32_t count = std::min(rowBatch, end - first);
            GroupKey<W>* keys = m_rowKeys.data();
            std::fill(keys, keys + count, GroupKey<W>{});
            for (const RowField& field : m_rowFields) {
                const std::uint32_t* codes = field.codes + first;
                const std::size_t word = field.field->word;
                const std::uint8_t shift = field.field->shift;
                if (field.map != nullptr)
                    for (std::size_t i = 0; i < count; ++i)
                        keys[i].words[word] |= std::uint64_t{field.map[codes[i]]} << shift;
                else
                    for (std::size_t i = 0; i < count; ++i)
                        keys[i].words[word] |= std::uint64_t{codes[i]} << shift;
            }
            if (inSubset)
                for (std::size_t i = 0; i < count; ++i)
                    keys[i].add(*m_setup.subsetField, inSubset[first + i]);
            for (std::size_t i = 0; i < count; ++i) {
                const std::uint32_t group = m_aggregator.add(keys[i], 1);
                if (groupOfRow)
                    (*groupOfRow)[first - begin + i] = group;
            }
            first += count;
        }
    }

    /// Sums groups built over parts of the rows into one.
    void mergeGroups(std::span<const RowGroups<W>> parts, RowGroups<W>& out)
    {
        std::size_t total = 0;
        for (const RowGroups<W>& part : parts)
            total += part.size();
        m_aggregator.reset(total, out);
        for (const RowGroups<W>& part : parts)
            for (std::size_t i = 0; i < part.size(); ++i)
                m_aggregator.add(part.keys[i], part.rows[i]);
    }

    /// The groups at `toNode` from those at `fromNode`, which it must generalise: only the
    /// quasi-identifiers whose level differs are transformed (projection), and only one key per
    /// group of the source (roll-up).
    void rollUp(const RowGroups<W>& from, std::uint64_t fromNode, std::uint64_t toNode, RowGroups<W>& out)
    {
        if (!from.combinations.empty()) {
            m_combinations.rollUp(from, combinationFields(fromNode, toNode), tallyLimit(from.size()), m_aggregator,
                                  out);
            return;
        }
        m_changed.clear();
        for (int q = 0; q < m_setup.quasiIdentifierCount(); ++q) {
            const int fromLevel = m_setup.lattice.level(fromNode, q);
            const int toLevel = m_setup.lattice.level(toNode, q);
            if (fromLevel != toLevel)
                m_changed.push_back(
                    {&m_setup.qiFields[static_cast<std::size_t>(q)], m_setup.levelMap(q, fromLevel, toLevel).data()});
        }
        if (const std::optional<std::size_t> indexes = denseIndexes(toNode, from.size())) {
            // Few possible groups: number them directly instead of hashing. The key is rebuilt
            // field by field from plain copies of the layout, each field independent of the
            // others, instead of changed in place and read again (a chain through the key).
            m_steps.clear();
            for (const Radix& radix : m_radices)
                m_steps.push_back({radix.field->mask, radix.stride, nullptr, radix.field->word, radix.field->shift});
            for (const Change& change : m_changed)
                m_steps[static_cast<std::size_t>(change.field - m_setup.qiFields.data())].map = change.map;
            m_dense.reset(*indexes, std::min(*indexes, from.size()), out);
            for (std::size_t i = 0; i < from.size(); ++i) {
                const GroupKey<W>& source = from.keys[i];
                GroupKey<W> key;
                std::size_t index = 0;
                for (const DenseStep& step : m_steps) {
                    auto code =
                        static_cast<std::uint32_t>((source.words[std::size_t{step.word}] >> step.shift) & step.mask);
                    if (step.map != nullptr)
                        code = step.map[code];
                    key.words[std::size_t{step.word}] |= std::uint64_t{code} << step.shift;
                    index += code * step.stride;
                }
                m_dense.add(index, key, from.rows[i]);
            }
            return;
        }
        m_aggregator.reset(from.size(), out);
        for (std::size_t i = 0; i < from.size(); ++i) {
            GroupKey<W> key = from.keys[i];
            for (const Change& change : m_changed)
                key.set(*change.field, change.map[key.get(*change.field)]);
            m_aggregator.add(key, from.rows[i]);
        }
    }

    /// Describes the groups of `node` by combinations (group_combinations.h), so that roll-ups from
    /// them map combinations instead of fields. Blocks hold at most about an eighth as many
    /// combinations as there are groups.
    void describeCombinations(RowGroups<W>& groups, std::uint64_t node)
    {
        m_combinations.describe(groups, combinationFields(node, node),
                                std::max<std::size_t>(16, groups.size() / combinationShare));
    }

    /// Evaluates the groups of `node`. With violatingGroups, also marks (1) every group whose
    /// class fails a model.
    NodeOutcome evaluate(const RowGroups<W>& groups, std::uint64_t node,
                         std::vector<std::uint8_t>* violatingGroups = nullptr, Pricing pricing = Pricing::Always)
    {
        const std::vector<int> levels = m_setup.lattice.transformationOf(node).levels;
        const std::size_t modelCount = m_setup.models.size();
        ClassTally& tally = m_tally;
        m_calculator.resetTally(tally, levels);
        m_violatedModel.assign(modelCount, 0);
        bool unsuppressible = false;
        m_calculator.suppressionTables(levels, m_suppressionTables);
        std::uint64_t predicateRows = 0;
        if (violatingGroups)
            violatingGroups->assign(groups.size(), 0);
        m_keptSummaries.clear();

        const auto account = [&](const GroupKey<W>& key, std::uint64_t rows, std::span<const ClassSummary> summaries,
                                 auto&& markViolating) {
            if (rows == 0) {
                // Population rows only (research subset): nothing of the class is published, so
                // only the models judging such classes look at it, and it cannot be suppressed.
                for (std::size_t m = 0; m < modelCount; ++m)
                    if (m_setup.models[m]->judgesEmptyClasses() && !m_setup.models[m]->satisfiedBy(summaries[m])) {
                        m_violatedModel[m] = 1;
                        unsuppressible = true;
                    }
                return;
            }
            bool violating = false;
            bool predicateViolating = false;
            for (std::size_t m = 0; m < modelCount; ++m) {
                if (m_setup.models[m]->satisfiedBy(summaries[m]))
                    continue;
                m_violatedModel[m] = 1;
                violating = true;
                predicateViolating = predicateViolating || m_setup.rules.settingMonotone[m] ||
                                     !m_setup.models[m]->meetsMonotonePart(summaries[m]);
            }
            ++tally.allClasses;
            tally.allSquares += rows * rows;
            if (predicateViolating)
                predicateRows += rows;
            if (violating) {
                tally.suppressedRows += rows;
                if (m_calculator.needsSuppressedCodes())
                    for (std::size_t q = 0; q < m_setup.qiFields.size(); ++q)
                        m_calculator.addSuppressed(tally, m_suppressionTables, q, key.get(m_setup.qiFields[q]), rows);
                markViolating();
            } else {
                ++tally.keptClasses;
                tally.keptSquares += rows * rows;
                if (m_setup.anyTableCondition)
                    m_keptSummaries.insert(m_keptSummaries.end(), summaries.begin(), summaries.end());
            }
        };

        m_summaries.resize(modelCount);
        if (m_bySize) {
            tallyBySize(groups, tally, violatingGroups);
            predicateRows = tally.suppressedRows;
        } else if (m_setup.sensitiveColumns.empty() && !m_setup.hasSubset()) {
            for (std::size_t i = 0; i < groups.size(); ++i) {
                for (ClassSummary& summary : m_summaries)
                    summary = ClassSummary{groups.rows[i], groups.rows[i], {}};
                account(groups.keys[i], groups.rows[i], m_summaries, [&] {
                    if (violatingGroups)
                        (*violatingGroups)[i] = 1;
                });
            }
        } else {
            formClasses(groups);
            for (std::size_t c = 0; c < m_classes.size(); ++c) {
                const std::uint32_t first = m_classStart[c];
                const std::uint32_t last = m_classStart[c + 1];
                for (std::size_t m = 0; m < modelCount; ++m) {
                    const int slot = m_setup.modelSlot[m];
                    m_summaries[m].rows = m_classRows[c];
                    m_summaries[m].populationRows = m_classes.rows[c];
                    m_summaries[m].sensitive =
                        slot < 0 ? std::span<const ValueCount>()
                                 : std::span<const ValueCount>(m_values[static_cast<std::size_t>(slot)])
                                       .subspan(m_valueStart[static_cast<std::size_t>(slot)][c],
                                                m_valueStart[static_cast<std::size_t>(slot)][c + 1] -
                                                    m_valueStart[static_cast<std::size_t>(slot)][c]);
                }
                account(m_classes.keys[c], m_classRows[c], m_summaries, [&] {
                    if (violatingGroups)
                        for (std::uint32_t position = first; position < last; ++position)
                            (*violatingGroups)[m_order[position]] = 1;
                });
            }
        }

        NodeOutcome outcome;
        outcome.node = node;
        outcome.groups = groups.size();
        outcome.suppressedRows = tally.suppressedRows;
        outcome.keptClasses = tally.keptClasses;
        outcome.acceptable =
            !unsuppressible && tally.suppressedRows <= m_setup.suppressionLimit && tableConditionsHold();
        outcome.predicate =
            m_setup.rules.fullyMonotone ? outcome.acceptable : predicateRows <= m_setup.suppressionLimit;
        outcome.stable = true;
        for (std::size_t m = 0; m < modelCount; ++m) {
            const PrivacyModel& model = *m_setup.models[m];
            const bool zeroViolations =
                model.monotonicity().withoutSuppression && m_violatedModel[m] == 0 && !model.hasTableCondition();
            outcome.stable = outcome.stable && (m_setup.rules.settingMonotone[m] || zeroViolations);
        }
        outcome.valueWithoutSuppression = m_calculator.valueWithoutSuppression(levels, tally);
        outcome.priced = outcome.acceptable || pricing == Pricing::Always;
        if (outcome.priced) {
            if (m_bySize)
                addSuppressedCodes(groups, tally);
            outcome.value = m_calculator.value(levels, tally);
            outcome.columnValues = m_calculator.columnValues(levels, tally);
        }
        return outcome;
    }

private:
    /// evaluate()'s tally when every model judges a class by its size alone and is monotone in
    /// this setting, with no sensitive column, research subset or table condition (k-anonymity):
    /// a comparison per class instead of a summary and a virtual call per model. The classes too
    /// small are kept for addSuppressedCodes(). On ARX's adult with 2 % suppression,
    /// entropy-non-monotonic, this was a third of a search.
    void tallyBySize(const RowGroups<W>& groups, ClassTally& tally, std::vector<std::uint8_t>* violatingGroups)
    {
        // Sums in locals and without a branch: added up in the tally, each class stored to memory
        // the compiler could not tell from the groups' (their sizes were read again every class),
        // and whether a class is too small is a coin toss for the branch predictor.
        const std::size_t count = groups.size();
        const std::uint32_t* groupRows = groups.rows.data();
        const std::uint64_t minimum = m_minimumRows;
        m_violating.resize(count);
        std::uint32_t* violating = m_violating.data();
        std::size_t violatingCount = 0;
        std::uint64_t smallest = std::numeric_limits<std::uint64_t>::max();
        std::uint64_t allSquares = 0;
        std::uint64_t keptSquares = 0;
        std::uint64_t keptClasses = 0;
        std::uint64_t suppressedRows = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint64_t rows = groupRows[i];
            const std::uint64_t square = rows * rows;
            const bool small = rows < minimum;
            smallest = std::min(smallest, rows);
            allSquares += square;
            suppressedRows += small ? rows : 0;
            keptSquares += small ? 0 : square;
            keptClasses += small ? 0 : 1;
            violating[violatingCount] = static_cast<std::uint32_t>(i);
            violatingCount += small ? 1 : 0;
        }
        m_violating.resize(violatingCount);
        tally.allSquares += allSquares;
        tally.keptSquares += keptSquares;
        tally.keptClasses += keptClasses;
        tally.suppressedRows += suppressedRows;
        tally.allClasses = count;
        for (std::size_t m = 0; m < m_minimumRowsOf.size(); ++m)
            m_violatedModel[m] = smallest < m_minimumRowsOf[m] ? 1 : 0;
        if (violatingGroups)
            for (const std::uint32_t i : m_violating)
                (*violatingGroups)[i] = 1;
    }

    /// Adds the codes of the classes tallyBySize() found too small, a column at a time, when the
    /// metric needs them: only for a check that is priced, as adding them is most of a check.
    void addSuppressedCodes(const RowGroups<W>& groups, ClassTally& tally)
    {
        if (m_calculator.needsSuppressedCodes())
            for (std::size_t q = 0; q < m_setup.qiFields.size(); ++q) {
                const KeyField& field = m_setup.qiFields[q];
                for (const std::uint32_t i : m_violating)
                    m_calculator.addSuppressed(tally, m_suppressionTables, q, groups.keys[i].get(field),
                                               groups.rows[i]);
            }
    }

    struct Change {
        const KeyField* field;
        const std::uint32_t* map;
    };

    /// A key field filled from the rows: its column's codes and, for a quasi-identifier, the map to
    /// the node's level.
    struct RowField {
        const KeyField* field;
        const std::uint32_t* codes;
        const std::uint32_t* map;
    };

    struct Radix {
        const KeyField* field;
        std::size_t stride;
    };

    /// One field of a dense roll-up: where it lies in the key, its stride in the numbering and,
    /// when its level changes, the map to the new level's groups.
    struct DenseStep {
        std::uint64_t mask;
        std::size_t stride;
        const std::uint32_t* map;
        std::uint8_t word;
        std::uint8_t shift;
    };

    /// Rows whose keys are built together when grouping rows (their keys fit in the first-level
    /// cache for one-word keys).
    static constexpr std::uint32_t rowBatch = 2048;
    /// The largest dense numbering a worker keeps (8 bytes a slot).
    static constexpr std::size_t maxDenseIndexes = std::size_t{1} << 22;
    /// Groups per combination of a block, at least, when groups are described.
    static constexpr std::size_t combinationShare = 8;

    /// The largest dense numbering worth filling from `sources` groups. A slot is only touched
    /// when a source group maps to it, so a sparse numbering costs cache misses, not clearing; up
    /// to 32 slots a source group it still beats hashing the keys (ARX's adult with 2 %
    /// suppression, entropy metrics: 5-15 % faster searches than at 4 slots a group, the other
    /// metrics unchanged).
    [[nodiscard]] static std::size_t denseLimit(std::size_t sources)
    {
        return std::min(maxDenseIndexes, std::max<std::size_t>(std::size_t{1} << 16, 32 * sources));
    }

    /// As denseLimit() for roll-ups through combinations, whose tallies spend no branch on a
    /// slot: up to 64 slots a source group they beat hashing (entropy-non-monotonic on ARX's adult
    /// with 2 % suppression, k 2/5: 5-7 % faster searches than at 32; AECS and loss unchanged).
    [[nodiscard]] static std::size_t tallyLimit(std::size_t sources)
    {
        return std::min(maxDenseIndexes, std::max<std::size_t>(std::size_t{1} << 16, 64 * sources));
    }

    /// Every key field at `toNode`, with the map from `fromNode`'s codes where the level differs.
    std::span<const CombinationField> combinationFields(std::uint64_t fromNode, std::uint64_t toNode)
    {
        m_fields.clear();
        for (int q = 0; q < m_setup.quasiIdentifierCount(); ++q) {
            const auto column = static_cast<std::size_t>(q);
            const int fromLevel = m_setup.lattice.level(fromNode, q);
            const int toLevel = m_setup.lattice.level(toNode, q);
            m_fields.push_back({&m_setup.qiFields[column],
                                fromLevel == toLevel ? nullptr : m_setup.levelMap(q, fromLevel, toLevel).data(),
                                m_setup.hierarchies[column].levels[static_cast<std::size_t>(toLevel)].groups()});
        }
        for (std::size_t slot = 0; slot < m_setup.sensitiveColumns.size(); ++slot)
            m_fields.push_back(
                {&m_setup.sensitiveFields[slot], nullptr,
                 m_setup.table->columns[static_cast<std::size_t>(m_setup.sensitiveColumns[slot])].distinctCount()});
        if (m_setup.hasSubset())
            m_fields.push_back({&*m_setup.subsetField, nullptr, 2});
        return m_fields;
    }

    /// When the groups at `node` can be numbered densely at a cost comparable to hashing `sources`
    /// keys, the size of that numbering (and m_radices set up for it); otherwise nullopt.
    std::optional<std::size_t> denseIndexes(std::uint64_t node, std::size_t sources)
    {
        const std::size_t limit = denseLimit(sources);
        m_radices.clear();
        std::size_t product = 1;
        const auto extend = [&](const KeyField& field, std::size_t range) {
            m_radices.push_back({&field, product});
            product *= std::max<std::size_t>(1, range);
            return product <= limit;
        };
        for (int q = 0; q < m_setup.quasiIdentifierCount(); ++q) {
            const ColumnHierarchy& hierarchy = m_setup.hierarchies[static_cast<std::size_t>(q)];
            const std::uint32_t groups =
                hierarchy.levels[static_cast<std::size_t>(m_setup.lattice.level(node, q))].groups();
            if (!extend(m_setup.qiFields[static_cast<std::size_t>(q)], groups))
                return std::nullopt;
        }
        for (std::size_t slot = 0; slot < m_setup.sensitiveColumns.size(); ++slot) {
            const int column = m_setup.sensitiveColumns[slot];
            if (!extend(m_setup.sensitiveFields[slot],
                        m_setup.table->columns[static_cast<std::size_t>(column)].distinctCount()))
                return std::nullopt;
        }
        if (m_setup.hasSubset() && !extend(*m_setup.subsetField, 2))
            return std::nullopt;
        return product;
    }

    /// An upper bound on the groups at a node: the product of the group counts per column,
    /// capped by the rows (sizes the hash table of a grouping from the rows).
    [[nodiscard]] std::size_t expectedGroups(std::uint64_t node) const
    {
        const std::uint64_t rows = m_setup.table->rowCount;
        std::uint64_t product = m_setup.hasSubset() ? 2 : 1;
        for (int q = 0; q < m_setup.quasiIdentifierCount(); ++q) {
            const ColumnHierarchy& hierarchy = m_setup.hierarchies[static_cast<std::size_t>(q)];
            product *= std::max<std::uint32_t>(
                1, hierarchy.levels[static_cast<std::size_t>(m_setup.lattice.level(node, q))].groups());
            if (product >= rows)
                return static_cast<std::size_t>(rows);
        }
        for (const int column : m_setup.sensitiveColumns) {
            product *=
                std::max<std::uint32_t>(1, m_setup.table->columns[static_cast<std::size_t>(column)].distinctCount());
            if (product >= rows)
                return static_cast<std::size_t>(rows);
        }
        return static_cast<std::size_t>(product);
    }

    /// Groups the groups into classes (same quasi-identifier part of the key), orders the groups by
    /// class, counts every class's published rows and gathers their sensitive values per slot.
    void formClasses(const RowGroups<W>& groups)
    {
        GroupKey<W> qiMask;
        for (const KeyField& field : m_setup.qiFields)
            qiMask.words[std::size_t{field.word}] |= field.mask << field.shift;
        m_classOfGroup.resize(groups.size());
        m_classAggregator.reset(groups.size(), m_classes);
        for (std::size_t i = 0; i < groups.size(); ++i)
            m_classOfGroup[i] = m_classAggregator.add(groups.keys[i].masked(qiMask), groups.rows[i]);

        const std::size_t classCount = m_classes.size();
        m_classStart.assign(classCount + 1, 0);
        for (const std::uint32_t c : m_classOfGroup)
            ++m_classStart[c + 1];
        for (std::size_t c = 0; c < classCount; ++c)
            m_classStart[c + 1] += m_classStart[c];
        m_order.resize(groups.size());
        m_cursor.assign(m_classStart.begin(), m_classStart.end() - 1);
        for (std::size_t i = 0; i < groups.size(); ++i)
            m_order[m_cursor[m_classOfGroup[i]]++] = static_cast<std::uint32_t>(i);
        const auto published = [&](std::uint32_t group) {
            return !m_setup.hasSubset() || groups.keys[group].get(*m_setup.subsetField) != 0;
        };
        m_classRows.assign(classCount, 0);
        for (std::size_t i = 0; i < groups.size(); ++i)
            if (published(static_cast<std::uint32_t>(i)))
                m_classRows[m_classOfGroup[i]] += groups.rows[i];

        const std::size_t slots = m_setup.sensitiveColumns.size();
        m_values.resize(slots);
        m_valueStart.resize(slots);
        for (std::size_t slot = 0; slot < slots; ++slot) {
            std::vector<ValueCount>& values = m_values[slot];
            std::vector<std::uint32_t>& starts = m_valueStart[slot];
            values.clear();
            starts.assign(classCount + 1, 0);
            const KeyField& field = m_setup.sensitiveFields[slot];
            for (std::size_t c = 0; c < classCount; ++c) {
                const std::size_t begin = values.size();
                for (std::uint32_t position = m_classStart[c]; position < m_classStart[c + 1]; ++position) {
                    const std::uint32_t group = m_order[position];
                    if (published(group))
                        values.push_back({groups.keys[group].get(field), groups.rows[group]});
                }
                if (slots > 1) {
                    // Other sensitive columns split a value over several groups: sum them.
                    std::sort(values.begin() + static_cast<std::ptrdiff_t>(begin), values.end(),
                              [](const ValueCount& a, const ValueCount& b) { return a.code < b.code; });
                    std::size_t write = begin;
                    for (std::size_t read = begin; read < values.size(); ++read) {
                        if (write > begin && values[write - 1].code == values[read].code)
                            values[write - 1].rows += values[read].rows;
                        else
                            values[write++] = values[read];
                    }
                    values.resize(write);
                }
                starts[c + 1] = static_cast<std::uint32_t>(values.size());
            }
        }
    }

    [[nodiscard]] bool tableConditionsHold() const
    {
        if (!m_setup.anyTableCondition)
            return true;
        const std::size_t modelCount = m_setup.models.size();
        std::vector<ClassSummary> kept;
        for (std::size_t m = 0; m < modelCount; ++m) {
            if (!m_setup.models[m]->hasTableCondition())
                continue;
            kept.clear();
            for (std::size_t i = m; i < m_keptSummaries.size(); i += modelCount)
                kept.push_back(m_keptSummaries[i]);
            if (!m_setup.models[m]->acceptsKeptClasses(kept))
                return false;
        }
        return true;
    }

    const SearchSetup& m_setup;
    const UtilityCalculator& m_calculator;
    /// Whether evaluate() judges classes by size alone (tallyBySize()), each model's fewest rows
    /// and the most of them.
    bool m_bySize = false;
    std::vector<std::uint64_t> m_minimumRowsOf;
    std::uint64_t m_minimumRows = 0;
    std::vector<std::uint32_t> m_violating;
    ClassTally m_tally;
    GroupAggregator<W> m_aggregator;
    DenseGroupAggregator<W> m_dense;
    CombinationGrouper<W> m_combinations;
    std::vector<CombinationField> m_fields;
    std::vector<RowField> m_rowFields;
    std::vector<GroupKey<W>> m_rowKeys;
    std::vector<Radix> m_radices;
    std::vector<DenseStep> m_steps;
    GroupAggregator<W> m_classAggregator;
    std::vector<Change> m_changed;
    /// Per model, whether some class of the check fails it.
    std::vector<std::uint8_t> m_violatedModel;
    UtilityCalculator::SuppressionTables m_suppressionTables;
    std::vector<ClassSummary> m_summaries;
    /// Kept classes' summaries, one per model per class, when some model has a table condition.
    std::vector<ClassSummary> m_keptSummaries;
    RowGroups<W> m_classes;
    std::vector<std::uint32_t> m_classOfGroup;
    /// Per class, its published rows.
    std::vector<std::uint64_t> m_classRows;
    std::vector<std::uint32_t> m_classStart;
    std::vector<std::uint32_t> m_cursor;
    std::vector<std::uint32_t> m_order;
    std::vector<std::vector<ValueCount>> m_values;
    std::vector<std::vector<std::uint32_t>> m_valueStart;
};

} // namespace qiscout::core
