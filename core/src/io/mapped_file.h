// SPDX-License-Identifier: GPL-3.0-or-later
// A read-only memory map of a whole file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Maps a regular file read-only; throws LoadError (Unreadable) when it cannot.
class MappedFile {
public:
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    [[nodiscard]] std::string_view bytes() const { return {static_cast<const char*>(m_map), m_size}; }

    /// Hands the whole pages below `prefix` back to the kernel: they stay readable (the kernel
    /// reloads them from the page cache) but stop counting towards our resident set.
    void release(std::size_t prefix);

private:
    void* m_map = nullptr;
    std::size_t m_size = 0;
    std::size_t m_released = 0;
};

} // namespace qiscout::core
