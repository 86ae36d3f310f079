// SPDX-License-Identifier: GPL-3.0-or-later
// The loader options shared by the commands that read a table.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::cli {

/// --delimiter, --no-header and --missing, turned into LoadOptions.
class LoadFlags {
public:
    void addTo(CLI::App& command);
    [[nodiscard]] core::LoadOptions options() const;

private:
    std::string m_delimiter;
    bool m_noHeader = false;
    std::vector<std::string> m_missing;
};

} // namespace qiscout::cli
