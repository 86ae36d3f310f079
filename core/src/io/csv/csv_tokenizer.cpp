// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/csv/csv_tokenizer.h"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qiscout::core {

RecordScan scanRecord(const char* data, std::size_t pos, std::size_t limit, bool atEof, char delimiter,
                      FieldSpan* spans, std::size_t spanCapacity, std::size_t base)
{
    RecordScan scan;
    std::size_t p = pos;
    for (;;) {
        const std::size_t fieldBegin = p;
        if (p < limit && data[p] == '"') {
            const std::size_t open = p;
            ++p;
            for (;;) {
                const void* quote = p < limit ? std::memchr(data + p, '"', limit - p) : nullptr;
                if (quote == nullptr) {
                    scan.status = atEof ? RecordStatus::UnterminatedQuote : RecordStatus::Incomplete;
                    scan.fieldCount += 1;
                    scan.quoteOffset = open;
                    return scan;
                }
                p = static_cast<std::size_t>(static_cast<const char*>(quote) - data) + 1;
                if (p < limit && data[p] == '"') {
                    ++p;
                    continue;
                }
                // The byte after the quote decides whether it was an escape, and we cannot see it yet.
                if (p == limit && !atEof) {
                    scan.status = RecordStatus::Incomplete;
                    return scan;
                }
                break;
            }
        }
        while (p < limit && data[p] != delimiter && data[p] != '\n')
            ++p;
        if (p == limit && !atEof) {
            scan.status = RecordStatus::Incomplete;
            return scan;
        }
        const bool endOfRecord = p == limit || data[p] == '\n';
        std::size_t fieldEnd = p;
        if (endOfRecord && fieldEnd > fieldBegin && data[fieldEnd - 1] == '\r')
            --fieldEnd;
        if (scan.fieldCount < spanCapacity)
            spans[scan.fieldCount] = {static_cast<std::uint32_t>(fieldBegin - base),
                                      static_cast<std::uint32_t>(fieldEnd - base)};
        ++scan.fieldCount;
        if (endOfRecord) {
            scan.next = p == limit ? p : p + 1;
            return scan;
        }
        ++p;
    }
}

bool scanPlainRecord(const char* data, std::size_t pos, std::size_t limit, char delimiter, FieldSpan* spans,
                     std::size_t spanCapacity, std::size_t base, RecordScan& scan)
{
#if defined(__SSE2__)
    const __m128i delimiters = _mm_set1_epi8(delimiter);
    const __m128i lineBreaks = _mm_set1_epi8('\n');
    const __m128i quotes = _mm_set1_epi8('"');
    std::size_t fieldCount = 0;
    std::size_t fieldBegin = pos;
    for (std::size_t p = pos; p + 16 <= limit; p += 16) {
        __m128i block;
        std::memcpy(&block, data + p, sizeof block);
        const auto delimiterBits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, delimiters)));
        const auto lineBreakBits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, lineBreaks)));
        const auto quoteBits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, quotes)));
        const unsigned end = lineBreakBits != 0 ? static_cast<unsigned>(__builtin_ctz(lineBreakBits)) : 16;
        const unsigned upToEnd = end == 16 ? 0xFFFFu : (2u << end) - 1;
        if ((quoteBits & upToEnd) != 0)
            return false;
        unsigned bits = delimiterBits & upToEnd;
        while (bits != 0) {
            const std::size_t at = p + static_cast<unsigned>(__builtin_ctz(bits));
            bits &= bits - 1;
            if (fieldCount < spanCapacity)
                spans[fieldCount] = {static_cast<std::uint32_t>(fieldBegin - base),
                                     static_cast<std::uint32_t>(at - base)};
            ++fieldCount;
            fieldBegin = at + 1;
        }
        if (end < 16) {
            const std::size_t lineBreak = p + end;
            std::size_t fieldEnd = lineBreak;
            if (fieldEnd > fieldBegin && data[fieldEnd - 1] == '\r')
                --fieldEnd;
            if (fieldCount < spanCapacity)
                spans[fieldCount] = {static_cast<std::uint32_t>(fieldBegin - base),
                                     static_cast<std::uint32_t>(fieldEnd - base)};
            scan.status = RecordStatus::Complete;
            scan.fieldCount = fieldCount + 1;
            scan.next = lineBreak + 1;
            return true;
        }
    }
    return false;
#else
    static_cast<void>(data);
    static_cast<void>(pos);
    static_cast<void>(limit);
    static_cast<void>(delimiter);
    static_cast<void>(spans);
    static_cast<void>(spanCapacity);
    static_cast<void>(base);
    static_cast<void>(scan);
    return false;
#endif
}

std::string_view unquoteQuotedField(std::string_view raw, std::string& scratch)
{
    if (raw.size() >= 2 && raw.back() == '"') {
        const std::string_view inner = raw.substr(1, raw.size() - 2);
        if (inner.find('"') == std::string_view::npos)
            return inner;
    }
    scratch.clear();
    std::size_t i = 1;
    while (i < raw.size()) {
        const char c = raw[i];
        if (c == '"') {
            if (i + 1 < raw.size() && raw[i + 1] == '"') {
                scratch.push_back('"');
                i += 2;
                continue;
            }
            scratch.append(raw.substr(i + 1));
            return scratch;
        }
        scratch.push_back(c);
        ++i;
    }
    return scratch;
}

std::uint64_t lineAt(std::string_view text, std::size_t offset)
{
    const std::size_t end = std::min(offset, text.size());
    return 1 +
           static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
}

TextLocation locateOffset(std::string_view text, char delimiter, std::size_t offset)
{
    std::size_t pos = 0;
    while (pos < text.size()) {
        const RecordScan scan = scanRecord(text.data(), pos, text.size(), true, delimiter, nullptr, 0, pos);
        const bool contains = scan.status != RecordStatus::Complete || offset < scan.next;
        if (contains) {
            // Rescan the record with room for its spans; only error paths come here.
            std::vector<FieldSpan> spans(scan.fieldCount);
            static_cast<void>(
                scanRecord(text.data(), pos, text.size(), true, delimiter, spans.data(), spans.size(), pos));
            std::uint64_t column = 1;
            for (std::size_t i = 0; i < spans.size(); ++i)
                if (pos + spans[i].begin <= offset)
                    column = i + 1;
            if (scan.status == RecordStatus::UnterminatedQuote && offset >= scan.quoteOffset)
                column = scan.fieldCount;
            return {lineAt(text, offset), column};
        }
        pos = scan.next;
    }
    return {lineAt(text, offset), 1};
}

} // namespace qiscout::core
