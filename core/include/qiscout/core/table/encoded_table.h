// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// What a column holds, inferred from its non-missing values; used for display and binning.
enum class ColumnType { Integer, Decimal, Date, Text };

/// The names of the types in reports and `info`.
inline constexpr std::array<EnumName<ColumnType>, 4> columnTypeNames{{
    {ColumnType::Text, "text"},
    {ColumnType::Integer, "integer"},
    {ColumnType::Decimal, "decimal"},
    {ColumnType::Date, "date"},
}};

[[nodiscard]] const char* toString(ColumnType type);

/// A value label of a statistical file (SPSS, Stata, SAS): a stored value, as text, and what it means.
struct ValueLabel {
    std::string value;
    std::string label;

    friend bool operator==(const ValueLabel&, const ValueLabel&) = default;
};

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
    /// Code -> whether the value is missing: one of the missing-value tokens, or marked missing by
    /// its source (SPSS user-missing values, Stata and SAS missing codes, SQL NULL).
    std::vector<bool> missing;
    /// What the column means (a statistical file's variable label); empty when the source has none.
    std::string description;
    /// The source's value labels for this column, in the source's order; empty when it has none.
    std::vector<ValueLabel> valueLabels;
    /// Whether the dictionary shows the labels of valueLabels in place of the values they label.
    bool labelsShown = false;

    [[nodiscard]] std::uint32_t distinctCount() const { return static_cast<std::uint32_t>(dictionary.size()); }
    [[nodiscard]] std::uint64_t missingCells() const;
    [[nodiscard]] const std::string& text(std::uint32_t code) const { return dictionary[code]; }
};

/// A whole table in encoded form: columns of codes plus their dictionaries. Immutable once
/// loaded; the GUI and the engine share it through std::shared_ptr<const EncodedTable>.
struct EncodedTable {
    /// Path the table was loaded from, as given; for a PostgreSQL source the connection string
    /// without its password.
    std::string sourcePath;
    /// The sheet, table or query the table was read from, when the source holds several; empty
    /// for files holding one table.
    std::string sourcePart;
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
