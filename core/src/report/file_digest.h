// SPDX-License-Identifier: GPL-3.0-or-later
// Digests and encodings the reports need, over Debian's nettle (libnettle).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Lowercase hexadecimal SHA-256 of a byte string.
[[nodiscard]] std::string sha256Hex(std::string_view bytes);

/// Lowercase hexadecimal SHA-256 of a file's contents, read in 1 MiB chunks. Throws
/// std::runtime_error naming the path when the file cannot be read.
[[nodiscard]] std::string sha256HexOfFile(const std::filesystem::path& path);

} // namespace qiscout::core
