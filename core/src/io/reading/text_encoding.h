// SPDX-License-Identifier: GPL-3.0-or-later
// Byte-level checks and conversions that decide how a file's bytes become UTF-8 text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace qiscout::core {

/// What a single pass over the bytes found.
struct TextScan {
    std::optional<std::size_t> firstNul;
    std::optional<std::size_t> firstInvalidUtf8;
    bool hasHighBytes = false;
};

/// Finds the first NUL byte, the first byte that breaks UTF-8 (overlong forms, surrogates and
/// code points above U+10FFFF count as broken) and whether any byte is >= 0x80.
[[nodiscard]] TextScan scanText(std::string_view bytes);

/// UTF-8 bytes needed for `bytes` read as Windows-1252.
[[nodiscard]] std::size_t windows1252Utf8Size(std::string_view bytes);

/// Appends `bytes`, read as Windows-1252, to `out` as UTF-8. The five bytes Windows-1252 leaves
/// undefined map to the C1 controls of the same value, as the WHATWG encoding standard does.
void appendWindows1252AsUtf8(std::string_view bytes, std::string& out);

/// `bytes` read as Windows-1252, as UTF-8.
[[nodiscard]] std::string windows1252ToUtf8(std::string_view bytes);

} // namespace qiscout::core
