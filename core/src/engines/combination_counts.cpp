// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/combination_counts.h"

#include <algorithm>
#include <limits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "partition/class_partition.h"
#include "partition/wildcard_classes.h"

namespace qiscout::core {
namespace {

CombinationCounts combinationsOfSet(const EncodedTable& table, const ColumnSet& set)
{
    const std::vector<int> columns = set.columns();
    CombinationCounts counts;
    counts.width = columns.size();
    const ClassPartition partition = partitionRows(table, set);
    constexpr std::uint32_t unseen = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> combinationOfClass(partition.classSizes.size(), unseen);
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::uint32_t& combination = combinationOfClass[partition.classOfRow[row]];
        if (combination != unseen)
            continue;
        combination = static_cast<std::uint32_t>(counts.rows.size());
        counts.rows.push_back(partition.classSizes[partition.classOfRow[row]]);
        for (const int column : columns)
            counts.codes.push_back(table.code(row, static_cast<std::size_t>(column)));
    }
    return counts;
}

/// A table of one row per combination on the set's columns, with the dictionaries' missing codes:
/// what WildcardSizer reads codes and missing flags from.
EncodedTable tableOfCombinations(const EncodedTable& table, const std::vector<int>& columns,
                                 const CombinationCounts& combinations)
{
    EncodedTable combined;
    combined.rowCount = static_cast<std::uint32_t>(combinations.size());
    for (std::size_t position = 0; position < columns.size(); ++position) {
        const EncodedColumn& source = table.columns[static_cast<std::size_t>(columns[position])];
        EncodedColumn& column = combined.columns.emplace_back();
        column.dictionary.resize(source.dictionary.size());
        column.missing = source.missing;
        column.codes.reserve(combinations.size());
        for (std::size_t combination = 0; combination < combinations.size(); ++combination)
            column.codes.push_back(combinations.codes[combination * combinations.width + position]);
    }
    return combined;
}

} // namespace

std::vector<CombinationCounts> countCombinations(const EncodedTable& table, const std::vector<ColumnSet>& sets,
                                                 int threads)
{
    std::vector<CombinationCounts> counts(sets.size());
    tbb::task_arena arena(std::max(threads, 1));
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, sets.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  counts[i] = combinationsOfSet(table, sets[i]);
                          });
    });
    return counts;
}

bool hasMissingCode(const EncodedTable& table, const ColumnSet& columns, const CombinationCounts& combinations)
{
    const std::vector<int> members = columns.columns();
    for (std::size_t position = 0; position < members.size(); ++position) {
        const std::vector<bool>& missing = table.columns[static_cast<std::size_t>(members[position])].missing;
        for (std::size_t combination = 0; combination < combinations.size(); ++combination) {
            const std::uint32_t code = combinations.codes[combination * combinations.width + position];
            if (code < missing.size() && missing[code])
                return true;
        }
    }
    return false;
}

CombinationClasses classesOfCombinations(const EncodedTable& table, const ColumnSet& columns,
                                         const CombinationCounts& combinations, std::uint64_t k,
                                         MissingSemantics semantics)
{
    CombinationClasses classes;
    classes.smallestClass = std::numeric_limits<std::uint64_t>::max();
    classes.classes = combinations.size();
    std::uint64_t rows = 0;
    for (const std::uint64_t count : combinations.rows)
        rows += count;
    const bool wildcard = semantics == MissingSemantics::Wildcard && hasMissingCode(table, columns, combinations);
    classes.rowsVisited = rows * (combinations.width + (wildcard ? 1U : 0U));
    if (!wildcard) {
        for (const std::uint64_t count : combinations.rows) {
            classes.smallestClass = std::min(classes.smallestClass, count);
            classes.isolatedRows += count <= k ? count : 0U;
        }
        return classes;
    }
    const std::vector<int> members = columns.columns();
    const EncodedTable combined = tableOfCombinations(table, members, combinations);
    const MissingCells missing(combined);
    std::vector<int> positions(members.size());
    for (std::size_t position = 0; position < positions.size(); ++position)
        positions[position] = static_cast<int>(position);
    std::vector<ValueClass> valueClasses(combinations.size());
    for (std::size_t combination = 0; combination < combinations.size(); ++combination)
        valueClasses[combination] = {static_cast<std::uint32_t>(combination),
                                     static_cast<std::uint32_t>(combinations.rows[combination])};
    WildcardSizer sizer;
    const std::vector<std::uint64_t>& sizes = sizer.sizes(combined, missing, positions, valueClasses);
    for (std::size_t combination = 0; combination < combinations.size(); ++combination) {
        classes.smallestClass = std::min(classes.smallestClass, sizes[combination]);
        classes.isolatedRows += sizes[combination] <= k ? combinations.rows[combination] : 0U;
    }
    return classes;
}

} // namespace qiscout::core
