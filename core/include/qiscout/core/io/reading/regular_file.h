// SPDX-License-Identifier: GPL-3.0-or-later
// The one way core opens a file the user named for reading: only regular files, never blocking
// on a FIFO, never reading an endless device such as /dev/zero (#19).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>

namespace qiscout::core {

/// A file could not be read. what() is a sentence naming the path and the reason.
class FileReadError : public std::runtime_error {
public:
    FileReadError(std::filesystem::path path, const std::string& message);

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

/// An open, read-only descriptor of a regular file (symbolic links followed). Opening never
/// blocks: a FIFO, device, socket or folder is refused with a FileReadError that says what it is.
class RegularFile {
public:
    explicit RegularFile(const std::filesystem::path& path);
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    [[nodiscard]] int descriptor() const { return m_descriptor; }
    /// Size in bytes when opened.
    [[nodiscard]] std::uint64_t size() const { return m_size; }
    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }
    /// Whether the file's size or modification time differs from when it was opened.
    [[nodiscard]] bool changedSinceOpened() const;

private:
    std::filesystem::path m_path;
    int m_descriptor = -1;
    std::uint64_t m_size = 0;
    std::int64_t m_modifiedSeconds = 0;
    std::int64_t m_modifiedNanoseconds = 0;
};

/// Reads a whole regular file of at most maxBytes; `what` names it in messages ("the project
/// file"). Polls stop between reads (throwing OperationCancelled). Throws FileReadError when the
/// file is not regular, is larger than maxBytes, or cannot be read.
[[nodiscard]] std::string readRegularFile(const std::filesystem::path& path, std::uint64_t maxBytes,
                                          const std::string& what, std::stop_token stop = {});

/// readRegularFile without holding the file: calls piece(size, bytes) for each piece read, in
/// order (`size` is the file's size when opened). Throws as readRegularFile does.
void forEachRegularFilePiece(const std::filesystem::path& path, std::uint64_t maxBytes, const std::string& what,
                             const std::function<void(std::uint64_t size, std::string_view piece)>& piece,
                             std::stop_token stop = {});

} // namespace qiscout::core
