// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Incremental SHA-256 (FIPS 180-4). Feed bytes with update(), then call finish() once.
class Sha256 {
public:
    Sha256();

    /// Appends bytes to the message.
    void update(const void* data, std::size_t size);
    void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
    /// The 32-byte digest; the object must not be updated afterwards.
    [[nodiscard]] std::array<std::uint8_t, 32> finish();

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> m_state{};
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_totalBytes = 0;
};

/// Lowercase hexadecimal digest of a byte string.
[[nodiscard]] std::string sha256Hex(std::string_view bytes);

/// Lowercase hexadecimal digest of a file's contents. Throws std::runtime_error naming the path
/// when the file cannot be read.
[[nodiscard]] std::string sha256HexOfFile(const std::filesystem::path& path);

} // namespace qiscout::core
