// SPDX-License-Identifier: GPL-3.0-or-later
// One fuzz input through the generalisation-hierarchy reader (#19), shared by the libFuzzer target
// and the regression replay test so a saved input replays exactly as it was found.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/anonymization/column_hierarchy.h"
#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::fuzz {

[[noreturn]] inline void hierarchyInvariantBroken()
{
    __builtin_trap();
}

/// What a usable hierarchy is, checked apart from the reader's own validation so that a gap in
/// it shows: at least one row, one width of at least one value, distinct original values, and
/// every group of level l inside one group of level l + 1.
inline void checkHierarchyShape(const core::Hierarchy& hierarchy)
{
    if (hierarchy.rows.empty() || hierarchy.rows.front().empty())
        hierarchyInvariantBroken();
    const std::size_t width = hierarchy.rows.front().size();
    std::vector<std::string> originals;
    for (const std::vector<std::string>& row : hierarchy.rows) {
        if (row.size() != width)
            hierarchyInvariantBroken();
        originals.push_back(row.front());
    }
    std::sort(originals.begin(), originals.end());
    if (std::adjacent_find(originals.begin(), originals.end()) != originals.end())
        hierarchyInvariantBroken();
    for (std::size_t level = 1; level + 1 < width; ++level) {
        std::map<std::string_view, std::string_view> parentOfGroup;
        for (const std::vector<std::string>& row : hierarchy.rows) {
            const auto [entry, added] = parentOfGroup.emplace(row[level], row[level + 1]);
            if (!added && entry->second != row[level + 1])
                hierarchyInvariantBroken();
        }
    }
}

/// Binds the hierarchy to a column holding each of its original values 1 to 3 times and checks
/// the bound form against the hierarchy: dense group codes whose texts are the hierarchy's, row
/// counts adding up, level 0 the column itself, each level a function of the one below.
inline void checkBinding(const core::Hierarchy& hierarchy)
{
    std::vector<std::vector<std::string>> cells;
    for (std::size_t row = 0; row < hierarchy.rows.size(); ++row)
        cells.insert(cells.end(), 1 + row % 3, {hierarchy.rows[row].front()});
    const core::EncodedTable table = core::encodeRows({"column"}, cells);
    const core::ColumnHierarchy bound = core::bindHierarchy(hierarchy, table, 0, "fuzz.csv");
    const core::EncodedColumn& column = table.columns.front();
    if (bound.height() != hierarchy.height())
        hierarchyInvariantBroken();
    for (std::size_t level = 0; level < bound.levels.size(); ++level) {
        const core::HierarchyLevel& groups = bound.levels[level];
        if (groups.groupOfValue.size() != column.distinctCount() || groups.groupRows.size() != groups.groups())
            hierarchyInvariantBroken();
        std::uint64_t rows = 0;
        for (const std::uint64_t count : groups.groupRows)
            rows += count;
        if (rows != table.rowCount)
            hierarchyInvariantBroken();
        // Lower group -> its group at this level, which must be the same for all its values.
        constexpr std::uint32_t unset = ~std::uint32_t{0};
        std::vector<std::uint32_t> parentOfLower(level > 0 ? bound.levels[level - 1].groups() : 0, unset);
        for (std::uint32_t code = 0; code < column.distinctCount(); ++code) {
            const std::uint32_t group = groups.groupOfValue[code];
            if (group >= groups.groups() || (level == 0 && group != code))
                hierarchyInvariantBroken();
            // Code order is row order here, since each original value is first met on its own row.
            if (groups.groupText[group] != hierarchy.rows[code][level])
                hierarchyInvariantBroken();
            if (level == 0)
                continue;
            std::uint32_t& parent = parentOfLower[bound.levels[level - 1].groupOfValue[code]];
            if (parent == unset)
                parent = group;
            else if (parent != group)
                hierarchyInvariantBroken();
        }
    }
    // A value the hierarchy lacks (longer than any it has) is refused with a HierarchyError.
    std::string stranger;
    for (const std::vector<std::string>& row : hierarchy.rows)
        stranger = std::max(stranger, row.front(),
                            [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    stranger += '#';
    cells.push_back({stranger});
    try {
        (void)core::bindHierarchy(hierarchy, core::encodeRows({"column"}, cells), 0, "fuzz.csv");
    } catch (const core::HierarchyError& error) {
        if (std::string_view(error.what()).find("has no line") == std::string_view::npos)
            hierarchyInvariantBroken();
        return;
    }
    hierarchyInvariantBroken();
}

/// Parses the bytes as a hierarchy file. It is refused with a HierarchyError that names the file
/// and a line the text has (any other exception escapes and is a finding), or what was read is a
/// usable hierarchy that binds to a column of its values and writes back, with either separator,
/// to text that reads back the same.
inline void runHierarchyInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    core::Hierarchy hierarchy;
    try {
        hierarchy = core::parseHierarchy(text, "fuzz.csv");
    } catch (const core::HierarchyError& error) {
        const auto lines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
        if (!std::string_view(error.what()).starts_with("Hierarchy fuzz.csv") || error.source() != "fuzz.csv" ||
            error.line() > lines)
            hierarchyInvariantBroken();
        return;
    }
    checkHierarchyShape(hierarchy);
    for (const char separator : {';', ','}) {
        if (core::parseHierarchy(core::hierarchyToCsv(hierarchy, separator), "written").rows != hierarchy.rows)
            hierarchyInvariantBroken();
    }
    checkBinding(hierarchy);
}

} // namespace qiscout::fuzz
