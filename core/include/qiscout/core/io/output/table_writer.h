// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The file formats a table can be written to.
enum class TableFileFormat {
    /// Delimited text (RFC 4180 quoting), UTF-8, a header row of column names.
    Csv,
    /// SPSS system file (.sav; compressed .zsav when TableWriteOptions::compress).
    Spss,
    /// Stata 14+ data file (.dta, format 118, UTF-8).
    Stata,
};

/// The format a file name asks for: .csv, .tsv and .txt are Csv, .sav and .zsav Spss, .dta Stata
/// (case ignored); nullopt for any other extension.
[[nodiscard]] std::optional<TableFileFormat> tableFileFormatFor(const std::filesystem::path& path);

/// How to write a table. Unset optionals follow from the path.
struct TableWriteOptions {
    /// Csv: ',', '\t', ';' or '|'; tab for a .tsv path, ',' otherwise.
    std::optional<char> delimiter;
    /// Spss: write a compressed .zsav; true for a .zsav path.
    std::optional<bool> compress;
};

/// What writing had to change to fit the format, one sentence per change (a column renamed to a
/// valid SPSS or Stata name, value labels a format cannot hold...). Empty when nothing changed.
struct TableWriteReport {
    std::vector<std::string> warnings;
};

/// Writing was stopped through its stop token; the target is left untouched.
class WriteCancelled : public FileWriteError {
public:
    using FileWriteError::FileWriteError;
};

/// Writes `table` to `target` in `format`, atomically (see AtomicFileWriter): readers see the old
/// file or the whole new one. Every cell keeps its text, so loading the file gives back the same
/// cells, missing flags, descriptions and value labels:
/// - Csv writes each cell's text (a shown value label as its text; descriptions are not kept).
/// - Spss and Stata write a column as numbers when every non-missing cell is a number written the
///   way loadTable reads numbers ("42", "0.5"), or the label of one; otherwise as text. Column
///   descriptions become variable labels and EncodedColumn::valueLabels value labels (Stata: on
///   integer values only). Empty missing cells become system-missing values. Other missing cells
///   of number columns become SPSS user-missing values (at most three values, or one range) or
///   Stata missing codes .a-.z labelled with their text; of text columns, SPSS user-missing
///   strings (at most three of up to 8 bytes) while Stata keeps them as ordinary text.
///   Names are made valid for the format (renamed columns keep their old name as the variable
///   label when they have no description).
/// Throws FileWriteError when the file cannot be written or the table cannot be held by the format
/// (an SPSS text over 32,767 bytes, more rows than the format counts), WriteCancelled on a stop.
TableWriteReport writeTable(const EncodedTable& table, const std::filesystem::path& target, TableFileFormat format,
                            const TableWriteOptions& options = {}, std::stop_token stop = {});
/// writeTable into `file`, flushed but not committed, so that the table goes into place together
/// with other files (or not at all). The extension of file.target() picks the defaults.
TableWriteReport writeTable(const EncodedTable& table, AtomicFileWriter& file, TableFileFormat format,
                            const TableWriteOptions& options = {}, std::stop_token stop = {});

} // namespace qiscout::core
