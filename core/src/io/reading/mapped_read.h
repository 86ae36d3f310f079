// SPDX-License-Identifier: GPL-3.0-or-later
// Every reader of a mapped file, whatever its format, fails the same way when the file changes
// under it or memory runs out (#19).
#pragma once

#include <cstdint>
#include <exception>
#include <string>

#include "qiscout/core/io/reading/load_error.h"
#include "qiscout/core/util/out_of_memory.h"

#include "io/reading/mapped_file.h"

namespace qiscout::core {

/// Memory a load of a file of this size may need at most, for out-of-memory messages.
[[nodiscard]] std::uint64_t estimatedLoadBytes(std::uint64_t fileSize);

/// Throws the LoadError (OutOfMemory) for memory running out while loading `path`, with
/// estimatedLoadBytes of the file's size as what the load needs.
[[noreturn]] void failLoadOutOfMemory(const std::string& path);

/// Maps `path` and returns read(mapped), turning what goes wrong into a LoadError a user can act
/// on: a file truncated or rewritten under the reader is FileChanged, whatever the reader made of
/// the mixed bytes (it sees zeros past a new end, never SIGBUS), and memory running out is
/// OutOfMemory, with an estimate of what the load needs.
template <typename Read>
auto readMappedFile(const std::string& path, const Read& read)
{
    try {
        MappedFile mapped(path);
        const auto throwIfChanged = [&] {
            if (mapped.changed())
                throw LoadError(LoadErrorKind::FileChanged, path, 0, 0,
                                "Cannot load '" + path +
                                    "': the file was truncated or rewritten while it was read; load it again once "
                                    "it is complete.");
        };
        try {
            auto result = read(mapped);
            throwIfChanged();
            return result;
        } catch (const LoadError& error) {
            if (error.kind() != LoadErrorKind::Cancelled)
                throwIfChanged();
            throw;
        }
    } catch (...) {
        if (!isOutOfMemory(std::current_exception()))
            throw;
        failLoadOutOfMemory(path);
    }
}

} // namespace qiscout::core
