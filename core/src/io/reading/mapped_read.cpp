// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/mapped_read.h"

#include <filesystem>
#include <system_error>

namespace qiscout::core {

std::uint64_t estimatedLoadBytes(std::uint64_t fileSize)
{
    // The map itself (address space, though its pages are handed back as the load advances), the
    // codes (4 bytes per cell, and a cell takes at least 2 bytes of text with its delimiter) and
    // the dictionaries (at most the text once more).
    return 4 * fileSize;
}

void failLoadOutOfMemory(const std::string& path)
{
    std::error_code unknown;
    const std::uintmax_t fileSize = std::filesystem::file_size(path, unknown);
    const OutOfMemoryError error("loading '" + path + "'", estimatedLoadBytes(unknown ? 0 : fileSize));
    throw LoadError(LoadErrorKind::OutOfMemory, path, 0, 0, error.what());
}

} // namespace qiscout::core
