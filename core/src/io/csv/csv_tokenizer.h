// SPDX-License-Identifier: GPL-3.0-or-later
// RFC 4180 record scanning shared by the loader, the sniffer, the preview and error location, so
// all of them agree on where records and fields begin and end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace qiscout::core {

/// A field's raw bytes [begin, end), relative to a caller-chosen base offset. A field that starts
/// with '"' is still quoted; unquoteField gives its text.
struct FieldSpan {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
};

enum class RecordStatus {
    Complete,
    /// The record runs past `limit`, which is not the end of the input: rescan with more bytes.
    Incomplete,
    /// A quoted field is still open at the end of the input.
    UnterminatedQuote,
};

struct RecordScan {
    RecordStatus status = RecordStatus::Complete;
    /// Offset just after the record's line break (or the end of input) when Complete.
    std::size_t next = 0;
    /// Fields seen; for UnterminatedQuote, the 1-based number of the field whose quote is open.
    std::size_t fieldCount = 0;
    /// Offset of the opening quote when UnterminatedQuote.
    std::size_t quoteOffset = 0;
};

/// Scans one record starting at `pos` of data[0, limit). A '"' opens a quoted field only at the
/// start of a field; elsewhere it is literal. A '\r' right before the record's '\n' belongs to the
/// line break. Stores the first spanCapacity field spans relative to `base` (which must be <= pos,
/// with limit - base < 2^32).
[[nodiscard]] RecordScan scanRecord(const char* data, std::size_t pos, std::size_t limit, bool atEof, char delimiter,
                                    FieldSpan* spans, std::size_t spanCapacity, std::size_t base);

/// scanRecord for the common record with no '"' before its line break, which it scans 16 bytes
/// at a time. Returns false, leaving `scan` unspecified, when the record holds a quote or reaches
/// `limit`; the caller then uses scanRecord.
[[nodiscard]] bool scanPlainRecord(const char* data, std::size_t pos, std::size_t limit, char delimiter,
                                   FieldSpan* spans, std::size_t spanCapacity, std::size_t base, RecordScan& scan);

/// unquoteField for a field that starts with '"'.
[[nodiscard]] std::string_view unquoteQuotedField(std::string_view raw, std::string& scratch);

/// A field's text without RFC 4180 quoting. Text after a closing quote is kept literally. Returns
/// a view into `raw` when nothing needs unescaping, otherwise into `scratch`.
[[nodiscard]] inline std::string_view unquoteField(std::string_view raw, std::string& scratch)
{
    if (raw.empty() || raw.front() != '"')
        return raw;
    return unquoteQuotedField(raw, scratch);
}

/// 1-based line holding `offset`: one more than the '\n' bytes before it.
[[nodiscard]] std::uint64_t lineAt(std::string_view text, std::size_t offset);

/// Physical line and 1-based field number of the byte at `offset`, found by scanning from the start.
struct TextLocation {
    std::uint64_t line = 0;
    std::uint64_t column = 0;
};
[[nodiscard]] TextLocation locateOffset(std::string_view text, char delimiter, std::size_t offset);

} // namespace qiscout::core
