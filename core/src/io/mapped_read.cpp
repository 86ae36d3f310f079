// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/mapped_read.h"

namespace qiscout::core {

std::uint64_t estimatedLoadBytes(std::uint64_t fileSize)
{
    // The map itself (address space, though its pages are handed back as the load advances), the
    // codes (4 bytes per cell, and a cell takes at least 2 bytes of text with its delimiter) and
    // the dictionaries (at most the text once more).
    return 4 * fileSize;
}

} // namespace qiscout::core
