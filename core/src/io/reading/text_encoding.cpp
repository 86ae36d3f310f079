// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/text_encoding.h"

#include <array>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qiscout::core {
namespace {

constexpr std::uint64_t highBits = 0x8080808080808080ull;
constexpr std::uint64_t lowBits = 0x0101010101010101ull;

bool hasZeroByte(std::uint64_t word)
{
    return ((word - lowBits) & ~word & highBits) != 0;
}

unsigned char byteAt(std::string_view bytes, std::size_t i)
{
    return static_cast<unsigned char>(bytes[i]);
}

bool inRange(std::string_view bytes, std::size_t i, unsigned lo, unsigned hi)
{
    if (i >= bytes.size())
        return false;
    const unsigned b = byteAt(bytes, i);
    return b >= lo && b <= hi;
}

/// Length of the valid UTF-8 sequence that starts with a non-ASCII byte at i, or 0 if broken.
std::size_t validSequenceLength(std::string_view bytes, std::size_t i)
{
    const unsigned lead = byteAt(bytes, i);
    if (lead >= 0xC2 && lead <= 0xDF)
        return inRange(bytes, i + 1, 0x80, 0xBF) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        const unsigned lo = lead == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = lead == 0xED ? 0x9F : 0xBF;
        return inRange(bytes, i + 1, lo, hi) && inRange(bytes, i + 2, 0x80, 0xBF) ? 3 : 0;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        const unsigned lo = lead == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = lead == 0xF4 ? 0x8F : 0xBF;
        return inRange(bytes, i + 1, lo, hi) && inRange(bytes, i + 2, 0x80, 0xBF) && inRange(bytes, i + 3, 0x80, 0xBF)
                   ? 4
                   : 0;
    }
    return 0;
}

constexpr std::array<char16_t, 32> windows1252High = {0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                                      0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
                                                      0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                                      0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char32_t windows1252CodePoint(unsigned char byte)
{
    if (byte >= 0x80 && byte < 0xA0)
        return windows1252High[byte - 0x80u];
    return byte;
}

} // namespace

TextScan scanText(std::string_view bytes)
{
    TextScan scan;
    std::size_t i = 0;
    const std::size_t n = bytes.size();
    while (i < n) {
#if defined(__SSE2__)
        // Most text is long runs of ASCII: 64 bytes at a time, one test for a NUL or a high byte.
        if (i + 64 <= n) {
            __m128i a;
            __m128i b;
            __m128i c;
            __m128i d;
            std::memcpy(&a, bytes.data() + i, sizeof a);
            std::memcpy(&b, bytes.data() + i + 16, sizeof b);
            std::memcpy(&c, bytes.data() + i + 32, sizeof c);
            std::memcpy(&d, bytes.data() + i + 48, sizeof d);
            const __m128i zero = _mm_setzero_si128();
            const __m128i nuls = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(a, zero), _mm_cmpeq_epi8(b, zero)),
                                              _mm_or_si128(_mm_cmpeq_epi8(c, zero), _mm_cmpeq_epi8(d, zero)));
            const __m128i high = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
            if (_mm_movemask_epi8(_mm_or_si128(nuls, high)) == 0) {
                i += 64;
                continue;
            }
        }
#endif
        if (i + 8 <= n) {
            std::uint64_t word = 0;
            std::memcpy(&word, bytes.data() + i, sizeof word);
            if ((word & highBits) == 0 && !hasZeroByte(word)) {
                i += 8;
                continue;
            }
        }
        const unsigned char b = byteAt(bytes, i);
        if (b == 0) {
            scan.firstNul = i;
            return scan;
        }
        if (b < 0x80) {
            ++i;
            continue;
        }
        scan.hasHighBytes = true;
        const std::size_t length = scan.firstInvalidUtf8 ? 0 : validSequenceLength(bytes, i);
        if (length == 0) {
            if (!scan.firstInvalidUtf8)
                scan.firstInvalidUtf8 = i;
            ++i;
        } else {
            i += length;
        }
    }
    return scan;
}

std::size_t windows1252Utf8Size(std::string_view bytes)
{
    std::size_t size = 0;
    for (const char c : bytes) {
        const char32_t cp = windows1252CodePoint(static_cast<unsigned char>(c));
        size += cp < 0x80 ? 1 : (cp < 0x800 ? 2 : 3);
    }
    return size;
}

void appendWindows1252AsUtf8(std::string_view bytes, std::string& out)
{
    for (const char c : bytes) {
        const char32_t cp = windows1252CodePoint(static_cast<unsigned char>(c));
        if (cp < 0x80) {
            out.push_back(c);
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }
}

std::string windows1252ToUtf8(std::string_view bytes)
{
    std::string out;
    out.reserve(windows1252Utf8Size(bytes));
    appendWindows1252AsUtf8(bytes, out);
    return out;
}

} // namespace qiscout::core
