// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/hierarchy_reader.h"

#include <algorithm>
#include <array>
#include <utility>

#include "qiscout/core/util/display_text.h"
#include "qiscout/core/util/out_of_memory.h"

#include "io/reading/text_encoding.h"

namespace qiscout::core {
namespace {

constexpr std::string_view hierarchyByteOrderMark = "\xEF\xBB\xBF";

/// What a kept field takes: the string, and its heap block beyond the short-string buffer.
std::uint64_t hierarchyFieldBytes(const std::string& field)
{
    constexpr std::size_t inlineCapacity = 15;
    return sizeof(std::string) + (field.size() > inlineCapacity ? field.capacity() + 1 + 16 : 0);
}

} // namespace

HierarchyReader::HierarchyReader(std::string_view source, const std::unordered_set<std::string_view>* wanted,
                                 std::uint64_t totalBytes, std::uint64_t memoryBudget)
    : m_source(source)
    , m_wanted(wanted)
    , m_totalBytes(totalBytes)
    , m_memoryBudget(memoryBudget)
{
    if (m_wanted != nullptr)
        for (const std::string_view value : *m_wanted)
            m_longestWanted = std::max(m_longestWanted, value.size());
}

void HierarchyReader::read(std::string_view piece)
{
    std::string joined;
    std::string_view text = piece;
    if (!m_carry.empty()) {
        joined = m_carry + std::string(piece);
        text = joined;
    }
    // A character split between two pieces waits for the next one, to be checked whole.
    std::size_t cut = text.size();
    for (std::size_t back = 1; back <= 4 && back <= text.size(); ++back) {
        const auto byte = static_cast<unsigned char>(text[text.size() - back]);
        if ((byte & 0xC0) == 0x80)
            continue;
        const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        if (back < length)
            cut = text.size() - back;
        break;
    }
    m_carry.assign(text.substr(cut));
    consume(text.substr(0, cut));
}

void HierarchyReader::consume(std::string_view piece)
{
    const TextScan scan = scanText(piece);
    const auto lineAt = [&](std::size_t offset) {
        return m_readLines + static_cast<std::uint64_t>(
                                 std::count(piece.begin(), piece.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    };
    if (scan.firstNul)
        throw HierarchyError(m_source, lineAt(*scan.firstNul), "it holds a NUL byte; hierarchies are text files.");
    if (scan.firstInvalidUtf8)
        throw HierarchyError(m_source, lineAt(*scan.firstInvalidUtf8), "it is not valid UTF-8.");
    m_readLines += static_cast<std::uint64_t>(std::count(piece.begin(), piece.end(), '\n'));
    m_readBytes += piece.size();
    if (m_started) {
        parse(piece);
        return;
    }
    m_pending += piece;
    start(false);
}

void HierarchyReader::start(bool atEnd)
{
    std::string_view text = m_pending;
    if (!atEnd && text.size() < hierarchyByteOrderMark.size() && hierarchyByteOrderMark.starts_with(text))
        return;
    if (text.starts_with(hierarchyByteOrderMark))
        text.remove_prefix(hierarchyByteOrderMark.size());
    // ';' when the first line holds one outside quotes, else ','; undecided until that line ends.
    // The scan goes on where the last piece left it, so a long first line is looked at once.
    bool decided = atEnd;
    for (; m_sniffed < text.size(); ++m_sniffed) {
        const char c = text[m_sniffed];
        if (c == '"') {
            m_sniffInQuotes = !m_sniffInQuotes;
        } else if (!m_sniffInQuotes && c == '\n') {
            decided = true;
            break;
        } else if (!m_sniffInQuotes && c == ';') {
            m_separator = ';';
            decided = true;
            break;
        }
    }
    if (!decided)
        return;
    m_started = true;
    parse(text);
    std::string().swap(m_pending);
}

void HierarchyReader::parse(std::string_view text)
{
    const std::array<char, 4> stops{m_separator, '"', '\r', '\n'};
    const std::string_view skipStops(stops.data(), stops.size());
    std::size_t position = 0;
    while (position < text.size()) {
        // In a line whose value is not wanted only the separators and the line's end count: the
        // rest is passed over whole.
        if (m_skipping && !m_inQuotes && !m_quoteEnding && !m_pendingCr) {
            const std::size_t stop = std::min(text.find_first_of(skipStops, position), text.size());
            if (stop > position) {
                m_lineHasContent = true;
                m_fieldStarted = true;
                m_parsedBytes += stop - position;
                position = stop;
                continue;
            }
        }
        take(text[position++]);
    }
}

void HierarchyReader::take(char c)
{
    ++m_parsedBytes;
    if (m_quoteEnding) {
        m_quoteEnding = false;
        if (c == '"') {
            appendToField('"');
            return;
        }
        m_inQuotes = false;
    }
    if (m_inQuotes) {
        if (c == '"') {
            m_quoteEnding = true;
            return;
        }
        if (c == '\n')
            ++m_line;
        appendToField(c);
        return;
    }
    if (m_pendingCr) {
        m_pendingCr = false;
        if (c == '\n') {
            endLine();
            return;
        }
        takeOutsideQuotes('\r');
    }
    if (c == '\r') {
        m_pendingCr = true;
        return;
    }
    if (c == '\n') {
        endLine();
        return;
    }
    takeOutsideQuotes(c);
}

void HierarchyReader::takeOutsideQuotes(char c)
{
    m_lineHasContent = true;
    if (c == '"' && !m_fieldStarted && !m_fieldWasQuoted) {
        m_inQuotes = true;
        m_fieldWasQuoted = true;
    } else if (c == m_separator) {
        endField();
    } else {
        appendToField(c);
    }
}

void HierarchyReader::appendToField(char c)
{
    m_fieldStarted = true;
    if (m_skipping)
        return;
    // A value longer than every value wanted cannot be one of them: it is not held.
    if (m_wanted != nullptr && m_fieldCount == 0 && m_field.size() >= m_longestWanted) {
        m_valueTooLong = true;
        return;
    }
    m_field += c;
}

void HierarchyReader::endField()
{
    if (m_fieldCount == 0 && m_wanted != nullptr)
        m_skipping = m_valueTooLong || !m_wanted->contains(m_field);
    ++m_fieldCount;
    // Checked as the line is read, so a line of a million separators costs no more than this.
    if (m_fieldCount > maxHierarchyLevels + 1)
        throw HierarchyError(m_source, m_recordLine,
                             "the line has more than " + groupDigits(maxHierarchyLevels) +
                                 " levels after its value, the most a hierarchy may have.");
    if (!m_skipping) {
        m_heldBytes += hierarchyFieldBytes(m_field);
        m_fields.push_back(std::move(m_field));
    }
    m_field = std::string();
    m_fieldStarted = false;
    m_fieldWasQuoted = false;
    m_valueTooLong = false;
}

void HierarchyReader::endLine()
{
    if (m_lineHasContent) {
        endField();
        endRecord();
    }
    ++m_line;
    m_recordLine = m_line;
    m_lineHasContent = false;
}

void HierarchyReader::endRecord()
{
    if (m_widthLine == 0) {
        m_width = m_fieldCount;
        m_widthLine = m_recordLine;
    } else if (m_wanted != nullptr && m_fieldCount != m_width) {
        // Unfiltered, validateHierarchy says this of the first line that differs, in its order of checks.
        throw HierarchyError(m_source, m_recordLine,
                             "it has " + countedNoun(m_fieldCount, "level", "levels") + " where line " +
                                 std::to_string(m_widthLine) + " has " + std::to_string(m_width) +
                                 ": every line needs the same number of levels.");
    }
    if (!m_skipping) {
        m_heldBytes += sizeof(std::vector<std::string>) * 2 + 16 + sizeof(std::uint64_t) * 2 + validationBytesPerLine;
        if (m_heldBytes > m_memoryBudget)
            failOutOfMemory();
        m_lineOfRow.push_back(m_recordLine);
        m_hierarchy.rows.push_back(std::move(m_fields));
    }
    m_fields = {};
    m_fieldCount = 0;
    m_skipping = false;
}

std::uint64_t HierarchyReader::neededBytes() const
{
    // The whole text at the rate of what was parsed so far, and never less than the text itself.
    const std::uint64_t total = std::max(m_totalBytes, m_readBytes);
    if (m_parsedBytes == 0)
        return total;
    const double rate = static_cast<double>(m_heldBytes) / static_cast<double>(m_parsedBytes);
    return std::max(total, static_cast<std::uint64_t>(rate * static_cast<double>(total)));
}

void HierarchyReader::failOutOfMemory() const
{
    throw HierarchyError(m_source, 0, OutOfMemoryError("reading it", neededBytes()).what());
}

Hierarchy HierarchyReader::finish()
{
    if (!m_carry.empty()) {
        const std::string rest = std::exchange(m_carry, {});
        consume(rest);
    }
    if (!m_started)
        start(true);
    if (m_quoteEnding) {
        m_quoteEnding = false;
        m_inQuotes = false;
    }
    if (m_inQuotes)
        throw HierarchyError(m_source, m_recordLine, "a quoted value is never closed.");
    if (m_pendingCr) {
        m_pendingCr = false;
        takeOutsideQuotes('\r');
    }
    if (m_lineHasContent) {
        endField();
        endRecord();
    }
    if (m_widthLine == 0)
        throw HierarchyError(m_source, 0, "the file is empty.");
    if (m_hierarchy.rows.empty())
        throw HierarchyError(m_source, 0, "it has no line for any value of the column.");
    // Messages name the file's physical lines, which blank lines and quoted line breaks shift.
    validateHierarchyLines(m_hierarchy, m_source, m_lineOfRow);
    return std::move(m_hierarchy);
}

} // namespace qiscout::core
