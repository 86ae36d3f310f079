// SPDX-License-Identifier: GPL-3.0-or-later
// ReadStat reads through I/O handlers of ours, so a file is read from its memory map (or a fuzz
// input from its buffer) and a corrupt offset can only fail, never read outside the bytes.
#pragma once

#include <cstddef>
#include <string_view>

#include <readstat.h>

namespace qiscout::core {

/// The bytes ReadStat reads through our I/O handlers: a memory map or a fuzz input.
struct MemoryInput {
    std::string_view bytes;
    std::size_t position = 0;
};

/// Makes `parser` read `input` (which must outlive the parse) whatever path it is given.
void readFromMemory(readstat_parser_t* parser, MemoryInput& input);

} // namespace qiscout::core
