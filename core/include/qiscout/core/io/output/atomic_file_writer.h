// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <stdexcept>
#include <stop_token>
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
/// a temporary file in the destination's folder, which is flushed to disk and renamed over the
/// destination by commit(). Without a successful commit() (an error, a stop request, an exception,
/// destruction) the temporary file is removed and the destination is left untouched.
///
/// The destination is writeDestination(target), so a link keeps pointing at the new file. An
/// existing destination must be a regular file, and the new file takes over its permissions (and,
/// where allowed, its owner). Temporary files that a killed process left behind for the same
/// destination are removed. Not copyable; not thread-safe.
class AtomicFileWriter {
public:
    /// Creates the temporary file; throws FileWriteError when the destination cannot be written.
    /// write() and commit() throw OperationCancelled, having discarded the file, once stop is
    /// requested.
    explicit AtomicFileWriter(std::filesystem::path target, std::stop_token stop = {});
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    /// Appends bytes; throws FileWriteError (and discards the temporary file) on a write error,
    /// such as a full disk.
    void write(std::string_view bytes);
    /// Flushes the bytes to disk and closes the temporary file without touching the destination,
    /// so that several files can be made ready and then committed together. Throws like write().
    void flush();
    /// flush() if not done yet, then renames into place; throws FileWriteError and discards on
    /// failure.
    void commit();

    /// The path as the caller gave it.
    [[nodiscard]] const std::filesystem::path& target() const { return m_target; }
    /// The file that is replaced: target() with symbolic links followed.
    [[nodiscard]] const std::filesystem::path& destination() const { return m_destination; }

private:
    [[noreturn]] void fail(const std::string& action, int error);
    void throwIfStopped();
    void discard() noexcept;

    std::filesystem::path m_target;
    std::filesystem::path m_destination;
    std::filesystem::path m_temporary;
    std::stop_token m_stop;
    int m_descriptor = -1;
    bool m_flushed = false;
    bool m_committed = false;
};

/// The file a write to `target` replaces: `target` with its symbolic links followed, checked before
/// anything is written: its folder exists and may be written, an existing file is a regular file,
/// and every link is one the kernel would follow (fs.protected_symlinks: in a sticky, world-writable
/// folder, only a link of this user or of the folder's owner). Throws FileWriteError naming `target`
/// and the reason.
[[nodiscard]] std::filesystem::path writeDestination(const std::filesystem::path& target);

/// Writes a whole file atomically (see AtomicFileWriter). Throws FileWriteError, or
/// OperationCancelled when stop is requested before the file is in place.
void writeFileAtomically(const std::filesystem::path& target, std::string_view contents, std::stop_token stop = {});

/// Removes the temporary files of every AtomicFileWriter still open in this process. For a
/// process about to end at once (a second Ctrl-C); safe to call from any thread, not from a
/// signal handler.
void discardOpenAtomicWrites() noexcept;

} // namespace qiscout::core
