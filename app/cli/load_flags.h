// SPDX-License-Identifier: GPL-3.0-or-later
// The loader options every command that reads a table takes, in one place.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::cli {

/// How every command's positional argument describes the sources it reads.
inline constexpr const char* sourceHelp =
    "Table to read: a delimited text file (CSV, TSV, ...), an SPSS (.sav, .zsav, .por), Stata (.dta), SAS "
    "(.sas7bdat, .xpt) or Excel (.xlsx) file, sqlite:PATH, or a PostgreSQL connection string "
    "(postgresql://... or 'host=... dbname=...'; the password from PGPASSWORD or ~/.pgpass, never the command line)";

/// A load flag that does not fit the source it is given with ("--sheet" on a CSV file): a usage error.
class LoadFlagError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// --delimiter, --no-header, --missing, --encoding, --skip-ragged, --sheet, --table, --query and
/// --value-labels/--codes, turned into LoadOptions.
class LoadFlags {
public:
    void addTo(CLI::App& command);
    /// The options for reading `location`. Throws LoadFlagError when a flag given names what the
    /// source cannot have (a sheet of a CSV file, a table of an SPSS file).
    [[nodiscard]] core::LoadOptions options(const std::string& location) const;

private:
    std::string m_delimiter;
    bool m_noHeader = false;
    std::string m_missing;
    bool m_missingGiven = false;
    core::TextEncoding m_encoding = core::TextEncoding::Auto;
    bool m_skipRagged = false;
    std::string m_sheet;
    std::string m_table;
    std::string m_query;
    bool m_codes = false;
};

} // namespace qiscout::cli
