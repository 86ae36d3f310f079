// SPDX-License-Identifier: GPL-3.0-or-later
// Generalisation hierarchies (#13): per original value, its generalised values level by level,
// read and written in ARX's CSV layout (one line per value: value;level1;...;levelH).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace qiscout::core {

/// A generalisation hierarchy for one column, as edited and stored: level 0 holds the original
/// values, level h the most general ones (usually "*"). Value type; freely editable in memory.
/// validateHierarchy states what a usable hierarchy must satisfy.
struct Hierarchy {
    /// One row per original value: rows[i][0] is the value, rows[i][l] its group at level l.
    std::vector<std::vector<std::string>> rows;

    /// Highest level (the number of generalisation steps); 0 for an empty hierarchy.
    [[nodiscard]] int height() const { return rows.empty() ? 0 : static_cast<int>(rows.front().size()) - 1; }
};

/// A hierarchy that cannot be used. what() is a complete sentence naming the source (file) and,
/// where it applies, the 1-based line.
class HierarchyError : public std::runtime_error {
public:
    HierarchyError(std::string source, std::uint64_t line, const std::string& message);

    [[nodiscard]] const std::string& source() const { return m_source; }
    /// 1-based line (row index + 1) the problem is on; 0 when it concerns the whole hierarchy.
    [[nodiscard]] std::uint64_t line() const { return m_line; }

private:
    std::string m_source;
    std::uint64_t m_line;
};

/// Throws HierarchyError unless the hierarchy has at least one row, every row has the same number
/// of levels (at least 1 value), no original value appears twice, and it is monotone: rows that
/// share a group at level l also share their group at level l + 1 (each level merges whole groups
/// of the level below). `source` names the hierarchy in messages (a file path, a column name).
void validateHierarchy(const Hierarchy& hierarchy, std::string_view source);

/// Parses the CSV text of a hierarchy: UTF-8 (a leading BOM is skipped), separator ';' or ','
/// (whichever the first line holds, ';' first), fields optionally quoted with '"' ("" escapes a
/// quote), LF or CRLF line ends, blank lines ignored, at most maxHierarchyLevels levels a line.
/// Validates the result (validateHierarchy).
/// Throws HierarchyError naming `source` and the line.
[[nodiscard]] Hierarchy parseHierarchy(std::string_view text, std::string_view source);

/// The largest hierarchy file read: room for ten million values over several levels, while a
/// file named by mistake (a whole table, a disk image) is refused before it fills memory.
inline constexpr std::uint64_t maxHierarchyFileBytes = std::uint64_t{1} << 30;

/// The most levels a hierarchy line may have after its value: far more than any lattice search
/// tries, while a line of a million separators is refused as it is read.
inline constexpr std::size_t maxHierarchyLevels = 1000;

/// Reads and parses a hierarchy file: a regular file of at most maxHierarchyFileBytes, read
/// piece by piece, a line of more than maxHierarchyLevels levels refused as it is read, and
/// memory running out said with what the whole file needs. Throws HierarchyError (also when it
/// cannot be read).
[[nodiscard]] Hierarchy readHierarchyFile(const std::filesystem::path& path);

/// readHierarchyFile for a column holding `values` (its dictionary): keeps only the lines of
/// those values, so a file of millions of lines for a column of a few hundred values is read at
/// the cost of scanning it. The other lines are checked for their number of levels only; a value
/// without a line is left to bindHierarchy to report. Throws HierarchyError, also when no line
/// is for one of the values.
[[nodiscard]] Hierarchy readHierarchyFile(const std::filesystem::path& path, const std::vector<std::string>& values);

/// CSV text of a hierarchy in ARX's layout, ';'-separated by default, LF line ends; fields holding
/// ';', ',', a quote or a line break are quoted. parseHierarchy reads it back unchanged.
[[nodiscard]] std::string hierarchyToCsv(const Hierarchy& hierarchy, char separator = ';');

/// Writes hierarchyToCsv atomically. Throws FileWriteError.
void writeHierarchyFile(const std::filesystem::path& path, const Hierarchy& hierarchy, char separator = ';');

} // namespace qiscout::core
