// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/protected_table.h"

#include <algorithm>
#include <limits>
#include <optional>

#include <tbb/task_arena.h>

#include "qiscout/core/anonymization/hierarchy_builders.h"

#include "anonymization/local_suppression_search.h"
#include "anonymization/node_checker.h"
#include "anonymization/search_setup.h"
#include "io/reading/type_inference.h"
#include "util/parallel_for.h"

namespace qiscout::core {
namespace {

constexpr std::uint32_t unassigned = std::numeric_limits<std::uint32_t>::max();

/// A column holding, for the chosen rows, texts[rawCode[row]], encoded in order of first
/// appearance as the loader encodes (so no dictionary entry goes unused).
EncodedColumn encodeColumn(const EncodedColumn& original, const std::vector<std::uint32_t>& rawCode,
                           const std::vector<std::string>& texts, const std::vector<bool>& missingText,
                           const std::vector<std::uint32_t>* rows)
{
    // The name and meaning stay; value labels described the original values and go.
    EncodedColumn column;
    column.name = original.name;
    column.description = original.description;
    std::vector<std::uint32_t> codeOfRaw(texts.size(), unassigned);
    const std::size_t count = rows ? rows->size() : rawCode.size();
    column.codes.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t raw = rawCode[rows ? (*rows)[i] : i];
        std::uint32_t& code = codeOfRaw[raw];
        if (code == unassigned) {
            code = column.distinctCount();
            column.dictionary.push_back(texts[raw]);
            column.missing.push_back(missingText[raw]);
            column.frequencies.push_back(0);
        }
        column.codes[i] = code;
        ++column.frequencies[code];
    }
    column.type = inferColumnType(column.dictionary, column.missing);
    return column;
}

} // namespace

ProtectedTable applyTransformation(const EncodedTable& table, const AnonymizationParameters& parameters,
                                   const Transformation& transformation)
{
    const SearchSetup setup = prepareSearch(table, parameters);
    const std::uint64_t node = setup.lattice.nodeOf(transformation);
    const UtilityCalculator calculator(setup);
    std::vector<std::uint32_t> groupOfRow;
    std::vector<std::uint8_t> violating;
    ProtectedTable result;
    result.transformation = transformation;
    if (setup.localSuppression) {
        if (setup.rows < setup.localK)
            throw AnonymizationParameterError("The table has fewer rows than k: no suppression protects it.");
        LocallySuppressed local = *suppressLocally(setup, calculator, node, {});
        result.assessment = std::move(local.assessment);
        result.suppressedCells = std::move(local.cells.suppressedRows);
    } else {
        withKeyWords(setup.keyWords, [&](auto words) {
            NodeChecker<decltype(words)::value> checker(setup, calculator);
            RowGroups<decltype(words)::value> groups;
            checker.groupRows(node, 0, table.rowCount, groups, &groupOfRow);
            result.assessment = assessmentOf(checker.evaluate(groups, node, &violating), setup.lattice);
        });
    }
    // With a research subset only its rows are published, in the table's order; suppressedRows
    // number the published rows.
    std::optional<std::vector<std::uint32_t>> published;
    if (setup.hasSubset()) {
        published.emplace();
        published->reserve(setup.rows);
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            if (setup.inSubset[row])
                published->push_back(row);
    }
    const auto publishedCount = static_cast<std::uint32_t>(published ? published->size() : table.rowCount);
    for (std::uint32_t index = 0; index < publishedCount && !violating.empty(); ++index)
        if (violating[groupOfRow[published ? (*published)[index] : index]])
            result.suppressedRows.push_back(index);

    result.table.sourcePath = table.sourcePath;
    result.table.rowCount = publishedCount;
    // The quasi-identifiers are built anew and the other columns copied, each column on its own
    // task (the copies of a large table's other columns take as long as the encoding).
    result.table.columns.resize(table.columnCount());
    std::vector<int> hierarchyOfColumn(table.columnCount(), -1);
    for (std::size_t q = 0; q < setup.hierarchies.size(); ++q)
        hierarchyOfColumn[static_cast<std::size_t>(setup.hierarchies[q].column)] = static_cast<int>(q);
    tbb::task_arena arena(setup.threads);
    arena.execute([&] {
        parallelFor(table.columnCount(), [&](std::size_t c) {
            if (hierarchyOfColumn[c] < 0) {
                const EncodedColumn& column = table.columns[c];
                result.table.columns[c] =
                    published ? encodeColumn(column, column.codes, column.dictionary, column.missing, &*published)
                              : column;
                return;
            }
            const auto q = static_cast<std::size_t>(hierarchyOfColumn[c]);
            const ColumnHierarchy& hierarchy = setup.hierarchies[q];
            const EncodedColumn& original = table.columns[c];
            const HierarchyLevel& level = hierarchy.levels[static_cast<std::size_t>(transformation.levels[q])];
            // Raw codes: the level's groups, plus "*" for suppressed rows and cells unless a group is
            // "*" already.
            std::vector<std::string> texts = level.groupText;
            const auto existingStar = std::find(texts.begin(), texts.end(), suppressedValueText);
            const auto star = static_cast<std::uint32_t>(existingStar - texts.begin());
            if (existingStar == texts.end())
                texts.emplace_back(suppressedValueText);
            std::vector<bool> missingText(texts.size(), false);
            if (transformation.levels[q] == 0)
                for (std::uint32_t code = 0; code < original.distinctCount(); ++code)
                    missingText[code] = original.missing[code];
            std::vector<std::uint32_t> raw(table.rowCount);
            for (std::uint32_t row = 0; row < table.rowCount; ++row)
                raw[row] =
                    !violating.empty() && violating[groupOfRow[row]] ? star : level.groupOfValue[original.codes[row]];
            if (!result.suppressedCells.empty()) {
                // A suppressed cell matches any value: marked missing, the wildcard semantics of
                // the re-check read it so.
                missingText[star] = true;
                for (const std::uint32_t row : result.suppressedCells[q])
                    raw[row] = star;
            }
            result.table.columns[c] =
                encodeColumn(original, raw, texts, missingText, published ? &*published : nullptr);
        });
    });
    return result;
}

namespace {

/// The rows of `source` other than `suppressedRows` (ascending) on the given columns, in that order.
EncodedTable keptColumns(const EncodedTable& source, const std::vector<std::uint32_t>& suppressedRows,
                         const std::vector<std::size_t>& columns, std::optional<int> threads)
{
    std::vector<std::uint32_t> kept;
    kept.reserve(source.rowCount - suppressedRows.size());
    std::size_t next = 0;
    for (std::uint32_t row = 0; row < source.rowCount; ++row) {
        if (next < suppressedRows.size() && suppressedRows[next] == row) {
            ++next;
            continue;
        }
        kept.push_back(row);
    }
    EncodedTable result;
    result.sourcePath = source.sourcePath;
    result.sourcePart = source.sourcePart;
    result.rowCount = static_cast<std::uint32_t>(kept.size());
    result.columns.resize(columns.size());
    // A copy of TBB's constant: value_or would bind a reference to it, and TBB exports no
    // definition for it to bind to (unoptimised builds then fail to link).
    tbb::task_arena arena(threads.value_or(int{tbb::task_arena::automatic}));
    arena.execute([&] {
        parallelFor(columns.size(), [&](std::size_t index) {
            const EncodedColumn& column = source.columns.at(columns[index]);
            // With every row kept, the column is already encoded in order of first appearance.
            result.columns[index] = kept.size() == source.rowCount
                                        ? column
                                        : encodeColumn(column, column.codes, column.dictionary, column.missing, &kept);
        });
    });
    return result;
}

} // namespace

EncodedTable keptQuasiIdentifierTable(const ProtectedTable& protectedTable, const AnonymizationParameters& parameters)
{
    std::vector<std::size_t> columns;
    for (const auto& spec : parameters.quasiIdentifiers)
        columns.push_back(static_cast<std::size_t>(spec.column));
    return keptColumns(protectedTable.table, protectedTable.suppressedRows, columns, parameters.threads);
}

EncodedTable withoutSuppressedRows(const EncodedTable& published, const std::vector<std::uint32_t>& suppressedRows,
                                   std::optional<int> threads)
{
    std::vector<std::size_t> columns(published.columnCount());
    for (std::size_t column = 0; column < columns.size(); ++column)
        columns[column] = column;
    return keptColumns(published, suppressedRows, columns, threads);
}

} // namespace qiscout::core
