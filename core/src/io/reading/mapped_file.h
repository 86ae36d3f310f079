// SPDX-License-Identifier: GPL-3.0-or-later
// A read-only memory map of a whole file that survives the file shrinking under it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "qiscout/core/io/reading/regular_file.h"

namespace qiscout::core {

/// Maps a regular file read-only; throws LoadError (Unreadable) when it cannot. When another
/// process truncates the file while it is mapped, reading past the new end would raise SIGBUS:
/// a process-wide handler maps zero pages over the lost part instead, and changed() turns true,
/// so the reader finishes its pass over harmless bytes and then reports the change (#19).
class MappedFile {
public:
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    [[nodiscard]] std::string_view bytes() const
    {
        return m_map != nullptr ? std::string_view(static_cast<const char*>(m_map), m_size) : std::string_view(m_copy);
    }

    /// Hands the whole pages below `prefix` back to the kernel: they stay readable (the kernel
    /// reloads them from the page cache) but stop counting towards our resident set.
    void release(std::size_t prefix);

    /// Whether the file shrank under the map, or its size or modification time changed, since it
    /// was mapped: what was read may then mix old and new contents.
    [[nodiscard]] bool changed() const;

private:
    void readCopy(const std::string& path);

    RegularFile m_file;
    void* m_map = nullptr;
    std::size_t m_size = 0;
    std::size_t m_released = 0;
    /// Index of this map in the SIGBUS handler's table; -1 when not registered.
    int m_guardSlot = -1;
    /// The file's bytes when no guard slot was free and the file was read instead of mapped.
    std::string m_copy;
    bool m_copyTruncated = false;
};

} // namespace qiscout::core
