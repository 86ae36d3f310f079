// SPDX-License-Identifier: GPL-3.0-or-later
// Digests and encodings the reports need, over Debian's nettle (libnettle).
#pragma once

#include <filesystem>
#include <stop_token>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Lowercase hexadecimal SHA-256 of a byte string.
[[nodiscard]] std::string sha256Hex(std::string_view bytes);

/// Lowercase hexadecimal SHA-256 of a regular file's contents, read in 1 MiB chunks. Throws
/// FileReadError naming the path when the file cannot be read or is not a regular file, and
/// OperationCancelled once stop is requested.
[[nodiscard]] std::string sha256HexOfFile(const std::filesystem::path& path, const std::stop_token& stop = {});

} // namespace qiscout::core
