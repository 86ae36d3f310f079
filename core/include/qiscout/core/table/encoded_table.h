// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qiscout::core {

/// What a column holds, inferred from its non-missing values; used for display and binning.
enum class ColumnType { Integer, Decimal, Date, Text };

[[nodiscard]] const char* toString(ColumnType type);

/// One dictionary-encoded column. Codes are dense: 0..dictionary.size()-1, assigned in order of
/// first appearance in the file.
struct EncodedColumn {
    std::string name;
    ColumnType type = ColumnType::Text;
    /// One code per row (R x 4 bytes).
    std::vector<std::uint32_t> codes;
    /// Code -> original text (UTF-8).
    std::vector<std::string> dictionary;
    /// Code -> number of rows holding it.
    std::vector<std::uint32_t> frequencies;
    /// Code -> whether the text is one of the missing-value tokens.
    std::vector<bool> missing;

    [[nodiscard]] std::uint32_t distinctCount() const { return static_cast<std::uint32_t>(dictionary.size()); }
    [[nodiscard]] std::uint64_t missingCells() const;
    [[nodiscard]] const std::string& text(std::uint32_t code) const { return dictionary[code]; }
};

/// A whole table in encoded form: columns of codes plus their dictionaries. Immutable once
/// loaded; the GUI and the engine share it through std::shared_ptr<const EncodedTable>.
struct EncodedTable {
    /// Path the table was loaded from, as given.
    std::string sourcePath;
    std::uint32_t rowCount = 0;
    std::vector<EncodedColumn> columns;
    /// Non-fatal observations made while loading (renamed columns, transcoding, skipped rows).
    std::vector<std::string> warnings;
    /// Ragged rows skipped because LoadOptions::skipRaggedRows was set.
    std::uint64_t skippedRows = 0;

    [[nodiscard]] std::size_t columnCount() const { return columns.size(); }
    [[nodiscard]] std::vector<std::string> columnNames() const;
    [[nodiscard]] std::uint32_t code(std::uint32_t row, std::size_t column) const { return columns[column].codes[row]; }
    [[nodiscard]] const std::string& text(std::uint32_t row, std::size_t column) const
    {
        return columns[column].dictionary[columns[column].codes[row]];
    }
};

/// Builds an encoded table from already-split cells (row-major, all rows the same width). For
/// tests, generators and small in-memory tables; files go through loadTable.
[[nodiscard]] EncodedTable encodeRows(const std::vector<std::string>& columnNames,
                                      const std::vector<std::vector<std::string>>& rows,
                                      const std::vector<std::string>& missingTokens = {});

} // namespace qiscout::core
