// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/hierarchy.h"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/util/display_text.h"

#include "io/reading/text_encoding.h"

namespace qiscout::core {
namespace {

constexpr std::string_view utf8ByteOrderMark = "\xEF\xBB\xBF";

std::string singleQuoted(std::string_view text)
{
    return "'" + std::string(text) + "'";
}

/// Splits the text into records of fields, remembering each record's 1-based line.
struct ParsedLine {
    std::uint64_t line = 0;
    std::vector<std::string> fields;
};

/// ';' when the first record holds one outside quotes, else ','.
char sniffSeparator(std::string_view text)
{
    bool inQuotes = false;
    for (const char c : text) {
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && c == '\n')
            break;
        else if (!inQuotes && c == ';')
            return ';';
    }
    return ',';
}

std::vector<ParsedLine> splitRecords(std::string_view text, std::string_view source)
{
    const char separator = sniffSeparator(text);
    std::vector<ParsedLine> records;
    std::uint64_t line = 1;
    std::size_t position = 0;
    while (position < text.size()) {
        ParsedLine record;
        record.line = line;
        std::string field;
        bool inQuotes = false;
        bool fieldWasQuoted = false;
        bool lineHasContent = false;
        for (;;) {
            if (position >= text.size()) {
                if (inQuotes)
                    throw HierarchyError(std::string(source), record.line, "a quoted value is never closed.");
                break;
            }
            const char c = text[position++];
            if (inQuotes) {
                if (c == '"') {
                    if (position < text.size() && text[position] == '"') {
                        field += '"';
                        ++position;
                    } else {
                        inQuotes = false;
                    }
                } else {
                    if (c == '\n')
                        ++line;
                    field += c;
                }
                continue;
            }
            if (c == '\n')
                break;
            if (c == '\r' && position < text.size() && text[position] == '\n')
                continue;
            lineHasContent = true;
            if (c == '"' && field.empty() && !fieldWasQuoted) {
                inQuotes = true;
                fieldWasQuoted = true;
            } else if (c == separator) {
                record.fields.push_back(std::move(field));
                field.clear();
                fieldWasQuoted = false;
            } else {
                field += c;
            }
        }
        ++line;
        if (!lineHasContent)
            continue;
        record.fields.push_back(std::move(field));
        records.push_back(std::move(record));
    }
    return records;
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

Hierarchy parseHierarchy(std::string_view text, std::string_view source)
{
    const std::string name(source);
    if (text.starts_with(utf8ByteOrderMark))
        text.remove_prefix(utf8ByteOrderMark.size());
    const TextScan scan = scanText(text);
    const auto lineAt = [&](std::size_t offset) {
        return static_cast<std::uint64_t>(
                   std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n')) +
               1;
    };
    if (scan.firstNul)
        throw HierarchyError(name, lineAt(*scan.firstNul), "it holds a NUL byte; hierarchies are text files.");
    if (scan.firstInvalidUtf8)
        throw HierarchyError(name, lineAt(*scan.firstInvalidUtf8), "it is not valid UTF-8.");

    std::vector<ParsedLine> records = splitRecords(text, source);
    if (records.empty())
        throw HierarchyError(name, 0, "the file is empty.");
    Hierarchy hierarchy;
    hierarchy.rows.reserve(records.size());
    for (ParsedLine& record : records)
        hierarchy.rows.push_back(std::move(record.fields));
    // Messages name the file's physical lines, which blank lines and quoted line breaks shift.
    validateRows(hierarchy, source, [&records](std::size_t row) { return records[row].line; });
    return hierarchy;
}

Hierarchy readHierarchyFile(const std::filesystem::path& path)
{
    // Only a regular file of bounded size: a FIFO or /dev/zero named as a hierarchy would block or
    // be read forever (#19).
    std::string contents;
    try {
        contents = readRegularFile(path, maxHierarchyFileBytes, "the hierarchy file");
    } catch (const FileReadError& error) {
        throw HierarchyError(path.string(), 0, error.what());
    }
    return parseHierarchy(contents, path.string());
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
