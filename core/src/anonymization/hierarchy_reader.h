// SPDX-License-Identifier: GPL-3.0-or-later
// The one parser of a hierarchy's CSV text, fed piece by piece so that a file is read streaming
// (#39): a line is held only while it is read, and only the lines a column needs are kept.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "qiscout/core/anonymization/hierarchy.h"

namespace qiscout::core {

// Thread: one read at a time, on the caller's thread.
class HierarchyReader {
public:
    /// Keeps every line when `wanted` is null, else only the lines whose value it holds (the
    /// others are still checked for their number of levels). `source` names the hierarchy in
    /// messages; `totalBytes` is the text's size, and `memoryBudget` bounds what the kept lines
    /// may take (a HierarchyError saying what the whole text would need past it).
    HierarchyReader(std::string_view source, const std::unordered_set<std::string_view>* wanted,
                    std::uint64_t totalBytes, std::uint64_t memoryBudget);

    /// The next piece of the text; a character split between two pieces is checked whole.
    void read(std::string_view piece);

    /// The lines kept, validated (validateHierarchy, naming the file's lines). Throws
    /// HierarchyError.
    [[nodiscard]] Hierarchy finish();

    /// What the whole text would take kept, at the rate of what was parsed so far.
    [[nodiscard]] std::uint64_t neededBytes() const;

private:
    /// Memory validation needs per kept line beside the lines themselves (its hash maps).
    static constexpr std::uint64_t validationBytesPerLine = 128;

    void consume(std::string_view piece);
    void start(bool atEnd);
    void parse(std::string_view text);
    void take(char c);
    void takeOutsideQuotes(char c);
    void appendToField(char c);
    void endField();
    void endLine();
    void endRecord();
    [[noreturn]] void failOutOfMemory() const;

    std::string m_source;
    const std::unordered_set<std::string_view>* m_wanted;
    std::size_t m_longestWanted = 0;
    std::uint64_t m_totalBytes;
    std::uint64_t m_memoryBudget;
    std::uint64_t m_readLines = 1;

    // The end of the last piece when it split a character.
    std::string m_carry;
    // Before the separator is known: the text so far, up to the first ';' or line end.
    bool m_started = false;
    std::string m_pending;
    std::size_t m_sniffed = 0;
    bool m_sniffInQuotes = false;
    char m_separator = ',';

    std::uint64_t m_line = 1;
    std::uint64_t m_recordLine = 1;
    std::string m_field;
    std::vector<std::string> m_fields;
    std::size_t m_fieldCount = 0;
    bool m_inQuotes = false;
    bool m_quoteEnding = false;
    bool m_pendingCr = false;
    bool m_fieldWasQuoted = false;
    bool m_fieldStarted = false;
    bool m_lineHasContent = false;
    bool m_skipping = false;
    bool m_valueTooLong = false;

    std::size_t m_width = 0;
    std::uint64_t m_widthLine = 0;
    Hierarchy m_hierarchy;
    std::vector<std::uint64_t> m_lineOfRow;
    std::uint64_t m_heldBytes = 0;
    std::uint64_t m_readBytes = 0;
    std::uint64_t m_parsedBytes = 0;
};

/// validateHierarchy, naming row i's problems on line lineOfRow[i] of the file.
void validateHierarchyLines(const Hierarchy& hierarchy, std::string_view source,
                            const std::vector<std::uint64_t>& lineOfRow);

} // namespace qiscout::core
