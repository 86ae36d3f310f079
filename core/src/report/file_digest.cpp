// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/file_digest.h"

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

#include <unistd.h>

#include <nettle/sha2.h>

#include "qiscout/core/io/reading/regular_file.h"
#include "qiscout/core/util/cancellation.h"

namespace qiscout::core {
namespace {

std::string toHex(const std::array<std::uint8_t, SHA256_DIGEST_SIZE>& digest)
{
    constexpr const char* digits = "0123456789abcdef";
    std::string hex;
    hex.reserve(digest.size() * 2);
    for (const std::uint8_t byte : digest) {
        hex += digits[byte >> 4];
        hex += digits[byte & 0x0f];
    }
    return hex;
}

std::string finish(sha256_ctx& context)
{
    std::array<std::uint8_t, SHA256_DIGEST_SIZE> digest{};
    sha256_digest(&context, digest.size(), digest.data());
    return toHex(digest);
}

} // namespace

std::string sha256Hex(std::string_view bytes)
{
    sha256_ctx context;
    sha256_init(&context);
    sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    return finish(context);
}

std::string sha256HexOfFile(const std::filesystem::path& path, const std::stop_token& stop)
{
    const RegularFile file(path);
    sha256_ctx context;
    sha256_init(&context);
    std::vector<char> chunk(std::size_t{1} << 20);
    for (;;) {
        throwIfStopRequested(stop, "Computing the SHA-256 of '" + path.string() + "'");
        const ssize_t count = ::read(file.descriptor(), chunk.data(), chunk.size());
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            throw FileReadError(path, "Cannot read '" + path.string() +
                                          "' to compute its SHA-256: " + std::strerror(errno) + ".");
        if (count == 0)
            break;
        sha256_update(&context, static_cast<std::size_t>(count), reinterpret_cast<const std::uint8_t*>(chunk.data()));
    }
    return finish(context);
}

} // namespace qiscout::core
