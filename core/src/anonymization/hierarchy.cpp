// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/hierarchy.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <new>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/util/display_text.h"
#include "qiscout/core/util/out_of_memory.h"

#include "anonymization/hierarchy_reader.h"

namespace qiscout::core {
namespace {

constexpr std::string_view utf8ByteOrderMark = "\xEF\xBB\xBF";

std::string singleQuoted(std::string_view text)
{
    return "'" + std::string(text) + "'";
}

/// validateHierarchy, naming lines through `lineOfRow` (the file's physical lines when parsing).
template <typename LineOfRow>
void validateRows(const Hierarchy& hierarchy, std::string_view source, const LineOfRow& lineOfRow)
{
    const std::string name(source);
    if (hierarchy.rows.empty())
        throw HierarchyError(name, 0, "it has no values.");
    const std::size_t width = hierarchy.rows.front().size();
    if (width == 0)
        throw HierarchyError(name, lineOfRow(0), "the line is empty.");
    std::unordered_map<std::string_view, std::size_t> firstRowOfValue;
    for (std::size_t row = 0; row < hierarchy.rows.size(); ++row) {
        const std::vector<std::string>& values = hierarchy.rows[row];
        if (values.size() != width)
            throw HierarchyError(name, lineOfRow(row),
                                 "it has " + countedNoun(values.size(), "level", "levels") + " where line " +
                                     std::to_string(lineOfRow(0)) + " has " + std::to_string(width) +
                                     ": every line needs the same number of levels.");
        const auto [existing, added] = firstRowOfValue.emplace(values.front(), row);
        if (!added)
            throw HierarchyError(name, lineOfRow(row),
                                 "the value " + singleQuoted(values.front()) + " already has line " +
                                     std::to_string(lineOfRow(existing->second)) + ".");
    }
    // Monotone: the group at level l + 1 is a function of the group at level l.
    for (std::size_t level = 1; level + 1 < width; ++level) {
        std::unordered_map<std::string_view, std::size_t> rowOfGroup;
        for (std::size_t row = 0; row < hierarchy.rows.size(); ++row) {
            const std::vector<std::string>& values = hierarchy.rows[row];
            const auto [existing, added] = rowOfGroup.emplace(values[level], row);
            if (added)
                continue;
            const std::vector<std::string>& other = hierarchy.rows[existing->second];
            if (other[level + 1] != values[level + 1])
                throw HierarchyError(name, lineOfRow(row),
                                     singleQuoted(values.front()) + " and " + singleQuoted(other.front()) + " (line " +
                                         std::to_string(lineOfRow(existing->second)) + ") share " +
                                         singleQuoted(values[level]) + " at level " + std::to_string(level) +
                                         " but not their level " + std::to_string(level + 1) + " values (" +
                                         singleQuoted(values[level + 1]) + ", " + singleQuoted(other[level + 1]) +
                                         "): each level must merge whole groups of the level below.");
        }
    }
}

/// Reads the file piece by piece (#39): only regular files of bounded size, as a FIFO or
/// /dev/zero named as a hierarchy would block or be read forever (#19); memory running out is
/// said with what the whole file would need.
Hierarchy readHierarchyPieces(const std::filesystem::path& path, const std::unordered_set<std::string_view>* wanted)
{
    const std::string source = path.string();
    std::optional<HierarchyReader> reader;
    try {
        forEachRegularFilePiece(path, maxHierarchyFileBytes, "the hierarchy file",
                                [&](std::uint64_t size, std::string_view piece) {
                                    if (!reader)
                                        reader.emplace(source, wanted, size, memoryAvailableToProcess());
                                    reader->read(piece);
                                });
        if (!reader)
            reader.emplace(source, wanted, 0, memoryAvailableToProcess());
        return reader->finish();
    } catch (const FileReadError& error) {
        throw HierarchyError(source, 0, error.what());
    } catch (const std::bad_alloc&) {
        throw HierarchyError(
            source, 0, OutOfMemoryError("reading it", reader ? reader->neededBytes() : std::uint64_t{1} << 20).what());
    }
}

} // namespace

HierarchyError::HierarchyError(std::string source, std::uint64_t line, const std::string& message)
    : std::runtime_error("Hierarchy " + source + (line > 0 ? ", line " + std::to_string(line) : std::string()) + ": " +
                         message)
    , m_source(std::move(source))
    , m_line(line)
{}

void validateHierarchy(const Hierarchy& hierarchy, std::string_view source)
{
    validateRows(hierarchy, source, [](std::size_t row) { return static_cast<std::uint64_t>(row) + 1; });
}

void validateHierarchyLines(const Hierarchy& hierarchy, std::string_view source,
                            const std::vector<std::uint64_t>& lineOfRow)
{
    validateRows(hierarchy, source, [&lineOfRow](std::size_t row) { return lineOfRow[row]; });
}

Hierarchy parseHierarchy(std::string_view text, std::string_view source)
{
    HierarchyReader reader(source, nullptr, text.size(), std::numeric_limits<std::uint64_t>::max());
    reader.read(text);
    return reader.finish();
}

Hierarchy readHierarchyFile(const std::filesystem::path& path)
{
    return readHierarchyPieces(path, nullptr);
}

Hierarchy readHierarchyFile(const std::filesystem::path& path, const std::vector<std::string>& values)
{
    const std::unordered_set<std::string_view> wanted(values.begin(), values.end());
    return readHierarchyPieces(path, &wanted);
}

std::string hierarchyToCsv(const Hierarchy& hierarchy, char separator)
{
    std::string text;
    for (const std::vector<std::string>& row : hierarchy.rows) {
        for (std::size_t level = 0; level < row.size(); ++level) {
            if (level > 0)
                text += separator;
            const std::string& value = row[level];
            // Both separators are quoted so that the reader's sniffing cannot mistake one for the other;
            // a leading U+FEFF is quoted so that the reader does not skip it as the file's byte order
            // mark when the value opens the file.
            const bool needsQuotes = value.find_first_of(";,\"\n\r") != std::string::npos ||
                                     (level == 0 && value.empty() && row.size() == 1) ||
                                     value.starts_with(utf8ByteOrderMark);
            if (!needsQuotes) {
                text += value;
                continue;
            }
            text += '"';
            for (const char c : value) {
                if (c == '"')
                    text += '"';
                text += c;
            }
            text += '"';
        }
        text += '\n';
    }
    return text;
}

void writeHierarchyFile(const std::filesystem::path& path, const Hierarchy& hierarchy, char separator)
{
    writeFileAtomically(path, hierarchyToCsv(hierarchy, separator));
}

} // namespace qiscout::core
