// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite database files through libsqlite3, opened read-only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/reading/read_request.h"

namespace qiscout::core {

/// Reads a table (options.table), the result of a query (options.query) or the database's only
/// table from the SQLite file request.location names ("sqlite:PATH" or PATH). NULL reads as a
/// missing empty cell, integers and reals as numbers, text as it is (Windows-1252 converted with a
/// warning when not UTF-8), blobs as "\x" and hex digits. Throws LoadError.
[[nodiscard]] EncodedTable readSqlite(const ReadRequest& request);

/// readSqlite over a database image in memory (the fuzzer's way in).
[[nodiscard]] EncodedTable readSqliteBuffer(std::string_view bytes, const ReadRequest& request);

/// The tables and views of the database, in the order they were created, as UTF-8 (a name that is
/// not is read as Windows-1252; readSqlite accepts it so). Throws LoadError.
[[nodiscard]] std::vector<std::string> listSqliteTables(const std::string& location);

} // namespace qiscout::core
