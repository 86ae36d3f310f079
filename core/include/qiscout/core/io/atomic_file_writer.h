// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace qiscout::core {

/// A file could not be written. what() is a sentence naming the path and the reason.
class FileWriteError : public std::runtime_error {
public:
    FileWriteError(std::filesystem::path path, const std::string& message);

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

/// Writes a file so that readers see either the old file or the complete new one: the bytes go to
/// a temporary file in the target's folder, which is flushed to disk and renamed over the target
/// by commit(). Without a successful commit() (an error, an exception, destruction) the temporary
/// file is removed and the target is left untouched. Not copyable; not thread-safe.
class AtomicFileWriter {
public:
    /// Creates the temporary file; throws FileWriteError when the folder is not writable.
    explicit AtomicFileWriter(std::filesystem::path target);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    /// Appends bytes; throws FileWriteError (and discards the temporary file) on a write error,
    /// such as a full disk.
    void write(std::string_view bytes);
    /// Flushes, closes and renames into place; throws FileWriteError and discards on failure.
    void commit();

    [[nodiscard]] const std::filesystem::path& target() const { return m_target; }

private:
    [[noreturn]] void fail(const std::string& action, int error);
    void discard() noexcept;

    std::filesystem::path m_target;
    std::filesystem::path m_temporary;
    int m_descriptor = -1;
    bool m_committed = false;
};

/// Writes a whole file atomically (see AtomicFileWriter). Throws FileWriteError.
void writeFileAtomically(const std::filesystem::path& target, std::string_view contents);

} // namespace qiscout::core
