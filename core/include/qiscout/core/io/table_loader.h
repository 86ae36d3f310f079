// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/io/reading/load_error.h"
#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// Text encoding of an input file.
enum class TextEncoding { Auto, Utf8, Windows1252 };

/// The names of the encodings on the command line and in projects.
inline constexpr std::array<EnumName<TextEncoding>, 3> textEncodingNames{{
    {TextEncoding::Auto, "auto"},
    {TextEncoding::Utf8, "utf-8"},
    {TextEncoding::Windows1252, "windows-1252"},
}};

/// "auto", "utf-8" or "windows-1252".
[[nodiscard]] const char* toString(TextEncoding encoding);
/// Parses a name of textEncodingNames; nullopt for any other text.
[[nodiscard]] std::optional<TextEncoding> parseTextEncoding(std::string_view name);

/// How to read a source. Unset optionals are sniffed from the file. The delimited-text options
/// apply to delimited files only; missingTokens applies to every format.
struct LoadOptions {
    /// The source's format; detectSourceFormat(location) when unset.
    std::optional<SourceFormat> format;
    /// ',', '\t', ';' or '|'; sniffed when unset.
    std::optional<char> delimiter;
    /// Whether the first row names the columns; sniffed when unset.
    std::optional<bool> hasHeader;
    /// Cells equal to one of these (after no trimming) are missing values.
    std::vector<std::string> missingTokens = {"", "?", "NA", "N/A", "NULL"};
    /// Auto: UTF-8 if valid, else Windows-1252 (a superset of Latin-1) transcoded, with a warning.
    TextEncoding encoding = TextEncoding::Auto;
    /// Skip rows with the wrong number of fields (counted in EncodedTable::skippedRows) instead of failing.
    bool skipRaggedRows = false;
    /// Excel: the worksheet to read; the first one when empty.
    std::string sheet;
    /// SQLite and PostgreSQL: the table (or view) to read, optionally schema-qualified ("s.t").
    /// When both table and query are empty the source must hold exactly one table.
    std::string table;
    /// SQLite and PostgreSQL: a query whose result is read instead of a table.
    std::string query;
    /// SPSS, Stata and SAS: show value labels in place of the values they label (false: the
    /// stored codes).
    bool valueLabels = true;
    /// PostgreSQL: a password given apart from the connection string. Kept in memory only: never
    /// written to project files, reports or messages.
    std::string password;
};

/// Called from the loading thread with the work done so far and the whole: bytes of a file, or rows
/// of a database table. `total` is 0 while unknown (a query's result), so show activity only.
using LoadProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

/// Largest number of columns a table may have.
inline constexpr std::size_t maxTableColumns = 4096;

/// The settings a load actually used: LoadOptions with everything sniffed filled in.
struct LoadSettings {
    SourceFormat format = SourceFormat::Delimited;
    /// Delimited files only, like hasHeader and encoding.
    char delimiter = ',';
    bool hasHeader = true;
    /// Utf8 or Windows1252, never Auto.
    TextEncoding encoding = TextEncoding::Utf8;
};

/// Loads and dictionary-encodes a table from a file or database (`path` is a file path,
/// "sqlite:PATH" or a PostgreSQL connection string; see LoadOptions::format). Every format yields
/// the table a CSV file holding the same cells would. Throws LoadError; never returns a partial
/// table. Cancellation through the token throws LoadError with kind Cancelled.
[[nodiscard]] EncodedTable loadTable(const std::string& path, const LoadOptions& options = {},
                                     std::stop_token stop = {}, const LoadProgress& progress = {});

/// loadTable that also reports the delimiter, header and encoding it used in `used`.
[[nodiscard]] EncodedTable loadTable(const std::string& path, const LoadOptions& options, std::stop_token stop,
                                     const LoadProgress& progress, LoadSettings& used);

/// The first rows of a source as text, and what was sniffed, for an import dialog's live preview.
struct TablePreview {
    SourceFormat format = SourceFormat::Delimited;
    /// Delimited files only, like hasHeader and encoding.
    char delimiter = ',';
    bool hasHeader = true;
    TextEncoding encoding = TextEncoding::Utf8;
    std::vector<std::string> columnNames;
    /// Column -> description (variable label); empty strings when the source has none.
    std::vector<std::string> columnDescriptions;
    std::vector<std::vector<std::string>> rows;
    /// Row -> column -> whether the cell is missing.
    std::vector<std::vector<bool>> missing;
    std::vector<std::string> warnings;
    /// Size of the whole file in bytes; 0 for a database.
    std::uint64_t fileSize = 0;
};

/// Reads at most maxRows data rows, and of a delimited file only the bytes they need (encoding
/// problems are judged on those bytes alone). Throws LoadError like loadTable.
[[nodiscard]] TablePreview previewTable(const std::string& path, const LoadOptions& options, std::size_t maxRows);

/// The sheets of a workbook or the tables and views of a database, in the source's order, for a
/// sheet or table choice. Empty for the other formats. Throws LoadError.
[[nodiscard]] std::vector<std::string> listSourceTables(const std::string& path, const LoadOptions& options);

} // namespace qiscout::core
