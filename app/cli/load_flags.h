// SPDX-License-Identifier: GPL-3.0-or-later
// The loader options every command that reads a table takes, in one place.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::cli {

/// --delimiter, --no-header, --missing, --encoding and --skip-ragged, turned into LoadOptions.
class LoadFlags {
public:
    void addTo(CLI::App& command);
    [[nodiscard]] core::LoadOptions options() const;

private:
    std::string m_delimiter;
    bool m_noHeader = false;
    std::string m_missing;
    bool m_missingGiven = false;
    core::TextEncoding m_encoding = core::TextEncoding::Auto;
    bool m_skipRagged = false;
};

} // namespace qiscout::cli
