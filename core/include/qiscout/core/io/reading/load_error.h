// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace qiscout::core {

/// Why a load failed.
enum class LoadErrorKind {
    Unreadable,
    EmptyFile,
    HeaderOnly,
    RaggedRow,
    UnterminatedQuote,
    InvalidEncoding,
    NulByte,
    TooManyColumns,
    TooManyRows,
    Cancelled,
    /// A binary file (statistical file, spreadsheet, database) whose structure cannot be read.
    Malformed,
    /// The sheet or table asked for does not exist, or the source holds several and none was chosen.
    NoSuchTable,
    /// A database refused the connection or the query.
    DatabaseError,
    /// The file was truncated or rewritten while it was read.
    FileChanged,
    /// Memory ran out; the message says about how much the load needs.
    OutOfMemory,
};

/// A load failure. what() is a complete sentence naming the file and the position (line, row,
/// column or byte) where they apply.
class LoadError : public std::runtime_error {
public:
    LoadError(LoadErrorKind kind, std::string file, std::uint64_t line, std::uint64_t column,
              const std::string& message);

    [[nodiscard]] LoadErrorKind kind() const { return m_kind; }
    [[nodiscard]] const std::string& file() const { return m_file; }
    /// 1-based physical line of a text file, row of a sheet, record of a statistical file or row of
    /// a query result; 0 when the error is about the whole source.
    [[nodiscard]] std::uint64_t line() const { return m_line; }
    /// 1-based field number; 0 when it does not apply.
    [[nodiscard]] std::uint64_t column() const { return m_column; }

private:
    LoadErrorKind m_kind;
    std::string m_file;
    std::uint64_t m_line;
    std::uint64_t m_column;
};

} // namespace qiscout::core
