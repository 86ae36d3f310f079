// SPDX-License-Identifier: GPL-3.0-or-later
// The one way every reader words a failed load, so messages read alike whatever the format.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>

#include "qiscout/core/io/reading/load_error.h"

namespace qiscout::core {

/// Throws LoadError with the sentence "Cannot load 'FILE': WHERE: DETAIL." (": WHERE" left out
/// when empty). `line` and `column` are LoadError's fields; `where` says them in the source's
/// terms ("line 7, column 2", "sheet 'Data', cell B7", "record 12, variable 'age'").
[[noreturn]] void failLoad(LoadErrorKind kind, const std::string& file, std::uint64_t line, std::uint64_t column,
                           const std::string& where, const std::string& detail);

/// Throws LoadError (Cancelled) once a stop is requested.
void throwIfCancelled(const std::stop_token& stop, const std::string& file);

} // namespace qiscout::core
