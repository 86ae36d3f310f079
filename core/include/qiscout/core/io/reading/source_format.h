// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <string>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// The kinds of source loadTable reads.
enum class SourceFormat {
    /// CSV, TSV and other delimited text.
    Delimited,
    /// SPSS system file (.sav) or compressed system file (.zsav).
    SpssSystem,
    /// SPSS portable file (.por).
    SpssPortable,
    /// Stata data file (.dta).
    Stata,
    /// SAS data set (.sas7bdat).
    SasData,
    /// SAS transport file (.xpt).
    SasTransport,
    /// Excel workbook (.xlsx).
    Excel,
    /// SQLite database file, named as "sqlite:PATH" or by its extension or first bytes.
    Sqlite,
    /// PostgreSQL server, named by a connection URI ("postgresql://...") or key=value string.
    PostgreSql,
};

/// The names project files and the CLI give the formats.
inline constexpr std::array<EnumName<SourceFormat>, 9> sourceFormatNames{{
    {SourceFormat::Delimited, "delimited"},
    {SourceFormat::SpssSystem, "spss"},
    {SourceFormat::SpssPortable, "spss-portable"},
    {SourceFormat::Stata, "stata"},
    {SourceFormat::SasData, "sas"},
    {SourceFormat::SasTransport, "sas-transport"},
    {SourceFormat::Excel, "excel"},
    {SourceFormat::Sqlite, "sqlite"},
    {SourceFormat::PostgreSql, "postgresql"},
}};

/// The format of a location: "sqlite:" and "postgresql://"/"postgres://" prefixes first, then the
/// file's extension, then its first bytes (so a renamed .sav still reads as SPSS); Delimited
/// otherwise, also when the file cannot be opened (the loader then reports why).
[[nodiscard]] SourceFormat detectSourceFormat(const std::string& location);

/// Whether the source is a database that holds several tables and answers queries.
[[nodiscard]] bool isDatabase(SourceFormat format);
/// Whether the source is an SPSS, Stata or SAS file, which may carry value and variable labels.
[[nodiscard]] bool isStatisticalFile(SourceFormat format);
/// Whether the location names a file on disk (everything but PostgreSQL).
[[nodiscard]] bool isFileSource(SourceFormat format);

/// The file a location names: PATH for "sqlite:PATH", the location itself for other files.
[[nodiscard]] std::string sourceFilePath(const std::string& location);

/// A PostgreSQL connection string (URI or key=value form) with any password taken out, for
/// messages, reports and project files. Other text is returned unchanged.
[[nodiscard]] std::string withoutPassword(const std::string& connection);

/// `text`, a message that may quote `connection` or pieces of it (libpq's errors echo a malformed
/// string whole, or the token it could not read), with every password taken out: the string
/// itself shown as withoutPassword shows it, and each password of it (as written and as decoded)
/// and `password` (one given apart from the string) replaced by "***".
[[nodiscard]] std::string redactPassword(std::string text, const std::string& connection,
                                         const std::string& password = {});

} // namespace qiscout::core
