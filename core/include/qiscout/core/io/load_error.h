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
};

/// A load failure. what() is a complete sentence naming file, line and column where they apply.
class LoadError : public std::runtime_error {
public:
    LoadError(LoadErrorKind kind, std::string file, std::uint64_t line, std::uint64_t column,
              const std::string& message);

    [[nodiscard]] LoadErrorKind kind() const { return m_kind; }
    [[nodiscard]] const std::string& file() const { return m_file; }
    /// 1-based physical line in the file; 0 when the error is about the whole file.
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
