// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/reading/load_error.h"

namespace qiscout::core {

LoadError::LoadError(LoadErrorKind kind, std::string file, std::uint64_t line, std::uint64_t column,
                     const std::string& message)
    : std::runtime_error(message)
    , m_kind(kind)
    , m_file(std::move(file))
    , m_line(line)
    , m_column(column)
{}

} // namespace qiscout::core
