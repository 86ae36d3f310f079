// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/io/load_error.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Text encoding of an input file.
enum class TextEncoding { Auto, Utf8, Windows1252 };

/// How to read a delimited text file. Unset optionals are sniffed from the file.
struct LoadOptions {
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
};

/// Called from the loading thread with bytes processed so far and the file size.
using LoadProgress = std::function<void(std::uint64_t bytesDone, std::uint64_t bytesTotal)>;

/// Largest number of columns a table may have.
inline constexpr std::size_t maxTableColumns = 4096;

/// The settings a load actually used: LoadOptions with everything sniffed filled in.
struct LoadSettings {
    char delimiter = ',';
    bool hasHeader = true;
    /// Utf8 or Windows1252, never Auto.
    TextEncoding encoding = TextEncoding::Utf8;
};

/// Loads and dictionary-encodes a delimited text file. Throws LoadError; never returns a partial
/// table. Cancellation through the token throws LoadError with kind Cancelled.
[[nodiscard]] EncodedTable loadTable(const std::string& path, const LoadOptions& options = {},
                                     std::stop_token stop = {}, const LoadProgress& progress = {});

/// loadTable that also reports the delimiter, header and encoding it used in `used`.
[[nodiscard]] EncodedTable loadTable(const std::string& path, const LoadOptions& options, std::stop_token stop,
                                     const LoadProgress& progress, LoadSettings& used);

/// The first rows of a file as text, and what was sniffed, for an import dialog's live preview.
struct TablePreview {
    char delimiter = ',';
    bool hasHeader = true;
    TextEncoding encoding = TextEncoding::Utf8;
    std::vector<std::string> columnNames;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> warnings;
    /// Size of the whole file in bytes.
    std::uint64_t fileSize = 0;
};

/// Reads at most maxRows data rows, and only the bytes they need. Encoding problems are judged on
/// those bytes alone. Throws LoadError like loadTable.
[[nodiscard]] TablePreview previewTable(const std::string& path, const LoadOptions& options, std::size_t maxRows);

} // namespace qiscout::core
