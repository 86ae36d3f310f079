// SPDX-License-Identifier: GPL-3.0-or-later
// PostgreSQL servers through libpq: a read-only transaction and a server-side cursor.
#pragma once

#include <string>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/reading/read_request.h"

namespace qiscout::core {

/// Reads a table (options.table, "schema.table" allowed), the result of a query (options.query)
/// or the database's only table from the server request.location names (a "postgresql://" URI or a
/// key=value string; options.password when set). Rows arrive through a cursor in batches of
/// request.batchRows inside a READ ONLY transaction; NULL reads as a missing empty cell, other
/// values as the server prints them (dates ISO). The password never appears in the table, its
/// messages or its sourcePath (withoutPassword). Cancelling also cancels the running statement.
/// Throws LoadError.
[[nodiscard]] EncodedTable readPostgres(const ReadRequest& request);

/// The tables and views the connection can read, as "schema.table" ("public." left out), sorted.
/// Throws LoadError.
[[nodiscard]] std::vector<std::string> listPostgresTables(const std::string& connection, const std::string& password);

} // namespace qiscout::core
