// SPDX-License-Identifier: GPL-3.0-or-later
// Where a command's --json document goes.
#pragma once

#include <stop_token>
#include <string>
#include <string_view>

namespace qiscout::cli {

/// Writes `document` where --json names: "-" is stdout, anything else a file replaced atomically.
/// Returns exitOk, or exitInputError after saying on stderr why the file could not be written;
/// throws core::OperationCancelled, the file as it was, once stop is requested.
[[nodiscard]] int writeJsonOutput(const std::string& target, std::string_view document, std::stop_token stop = {});

} // namespace qiscout::cli
