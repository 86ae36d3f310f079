// SPDX-License-Identifier: GPL-3.0-or-later
// The files a command writes (--json, --report), put in place together at the end (#19).
#pragma once

#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/io/output/atomic_file_writer.h"

namespace qiscout::cli {

/// Checks, before any work, every file a command will write (--json, --report, --out; "-" for
/// standard output is skipped): each must be writable (core::writeDestination) and none may be one
/// of the files the command reads (the table file, hierarchy files), compared as the same file by
/// device and inode with links followed, so a link or a second name of an input is caught too.
/// Returns exitOk, or after a message on stderr naming both paths: exitUsage for an output that is
/// an input, exitInputError for an output that cannot be written.
[[nodiscard]] int checkOutputPaths(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

/// Files made ready one by one in flushed temporary files and renamed into place together by
/// commit(): a stop (Ctrl-C, SIGTERM) or an error before then leaves every existing file as it was
/// and no temporary file behind. Not thread-safe.
class OutputFiles {
public:
    explicit OutputFiles(std::stop_token stop);

    /// Writes the bytes to a temporary file beside `path` and flushes it to disk. Throws
    /// core::FileWriteError, or core::OperationCancelled (nothing kept) once stop is requested.
    void prepare(const std::string& path, std::string_view bytes);
    /// A temporary file beside `path` for the caller to write, which commit() flushes and renames
    /// with the others. Throws like prepare(); when writing to it fails, commit nothing.
    core::AtomicFileWriter& open(const std::string& path);
    /// The --json document: prepared like a file, or for "-" kept for standard output, where
    /// commit() prints it once the files are in place (a script reading it finds them there).
    /// Returns false after saying on stderr why the file could not be written; throws
    /// core::OperationCancelled like prepare().
    [[nodiscard]] bool prepareJson(const std::string& target, std::string document);
    /// Renames every prepared file into place and says so on stderr, one line per file; a file
    /// that cannot be renamed is reported there too and makes it return false. Then prints the
    /// JSON document meant for standard output. Throws core::OperationCancelled, having replaced
    /// and printed nothing, when stop was requested before.
    bool commit();

private:
    std::stop_token m_stop;
    std::vector<std::unique_ptr<core::AtomicFileWriter>> m_ready;
    std::optional<std::string> m_standardOutput;
};

} // namespace qiscout::cli
