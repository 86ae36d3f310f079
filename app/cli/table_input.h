// SPDX-License-Identifier: GPL-3.0-or-later
// Loading the table a command works on, with the loader's errors turned into exit codes.
#pragma once

#include <optional>
#include <stop_token>
#include <string>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"

#include "load_flags.h"

namespace qiscout::cli {

/// A loaded table and how long it took, or the exit code to end with (the message is printed).
struct TableInput {
    std::optional<core::EncodedTable> table;
    /// The delimiter, header and encoding the loader used (what it sniffed where not given).
    core::LoadSettings used;
    int exitCode = 0;
    double seconds = 0.0;
};

/// Loads `file` with the user's load flags. A load error is reported on stderr as
/// "qiscout-cli: <message>" and gives exitInputError; a stop request gives exitCancelled.
[[nodiscard]] TableInput loadTableInput(const std::string& file, const LoadFlags& flags, const std::stop_token& stop);
/// loadTableInput for a file an optional flag names (e.g. --subset): an empty name gives no table
/// and exit code 0.
[[nodiscard]] TableInput loadOptionalTableInput(const std::string& file, const LoadFlags& flags,
                                                const std::stop_token& stop);

} // namespace qiscout::cli
