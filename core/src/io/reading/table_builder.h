// SPDX-License-Identifier: GPL-3.0-or-later
// Builds an encoded table cell by cell, for the readers that get rows one at a time (statistical
// files, spreadsheets, databases), with the same encoder, names and types as the CSV path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/reading/column_encoder.h"

namespace qiscout::core {

// Thread: used by one reader thread.
class TableBuilder {
public:
    /// `missingTokens` must outlive the builder; cells equal to one of them are missing.
    TableBuilder(std::string sourceName, const std::vector<std::string>& missingTokens);

    /// Adds columns at the right until there are `count`; rows already ended hold empty cells in
    /// them. Names may be left empty (they become "column_N").
    void widen(std::size_t count);
    [[nodiscard]] std::size_t columnCount() const { return m_columns.size(); }
    [[nodiscard]] EncodedColumn& column(std::size_t index) { return *m_columns[index]; }
    void setName(std::size_t column, std::string name) { m_columns[column]->name = std::move(name); }
    void reserveRows(std::size_t rows);

    /// The current row's cell in `column`; false (and ignored) when that cell was already given.
    bool append(std::size_t column, std::string_view text, bool missing = false);
    /// Ends the current row; columns it gave no cell hold an empty cell.
    void endRow();
    [[nodiscard]] std::uint64_t rowCount() const { return m_rows; }

    void addWarning(std::string warning) { m_table.warnings.push_back(std::move(warning)); }
    void setSourcePart(std::string part) { m_table.sourcePart = std::move(part); }

    /// The table: names made unique, the labels of columns with labelsShown put in place of their
    /// values (values that share a label share a code), types inferred. The builder is spent.
    [[nodiscard]] EncodedTable finish();

private:
    EncodedTable m_table;
    const std::vector<std::string>* m_missingTokens;
    std::vector<std::unique_ptr<EncodedColumn>> m_columns;
    std::vector<ColumnEncoder> m_encoders;
    std::uint64_t m_rows = 0;
    std::size_t m_reserved = 0;
};

/// Puts the column's value labels in place of the values they label: a dictionary entry whose
/// text is a labelled value takes the label's text, entries that end up with the same text are
/// merged (their codes, frequencies and missing flags), and codes stay dense in first-appearance
/// order. A merged entry is missing if any of its values was, or if its label is a missing token.
void showValueLabels(EncodedColumn& column, const std::vector<std::string>& missingTokens);

} // namespace qiscout::core
