// SPDX-License-Identifier: GPL-3.0-or-later
// A zip archive in memory (an Excel workbook) read through libzip.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

struct zip;

namespace qiscout::core {

/// Read-only view of a zip archive held in memory; the bytes must outlive it.
// Thread: used by one reader thread.
class ZipArchive {
public:
    /// Opens the archive; throws LoadError (Malformed) naming `file` when it is not a zip archive.
    ZipArchive(std::string_view bytes, std::string file);
    ~ZipArchive();
    ZipArchive(const ZipArchive&) = delete;
    ZipArchive& operator=(const ZipArchive&) = delete;

    /// The uncompressed size of the entry, or nullopt when there is no such entry.
    [[nodiscard]] std::optional<std::uint64_t> entrySize(const std::string& name) const;
    /// Hands the entry's uncompressed bytes to `consume` in pieces of at most 64 KiB, in order,
    /// until it returns false. Throws LoadError (Malformed) when the entry is missing or cannot be
    /// decompressed, and (OutOfMemory) when its bytes, held `copies` times over, would need more
    /// than `availableBytes` (copies >= 1): the declared size is checked before inflating, the
    /// bytes as they come, since a declared size can lie.
    void stream(const std::string& name, const std::function<bool(std::string_view)>& consume,
                std::uint64_t availableBytes = std::numeric_limits<std::uint64_t>::max(),
                std::uint64_t copies = 1) const;

private:
    [[noreturn]] void fail(const std::string& detail) const;
    [[noreturn]] void failTooLarge(const std::string& name, std::uint64_t bytes, std::uint64_t copies) const;

    zip* m_archive = nullptr;
    std::string m_file;
};

} // namespace qiscout::core
