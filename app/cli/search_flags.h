// SPDX-License-Identifier: GPL-3.0-or-later
// The search settings of `scan`, beside LoadFlags: what to search and how.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::cli {

/// --k, --threads, --batch-size, --max-size, --columns, --exclude, --algorithm and --missing-semantics.
class SearchFlags {
public:
    void addTo(CLI::App& command);
    /// The parameters for table; throws UnknownColumnError for a name that is not a column.
    [[nodiscard]] core::SearchParameters parameters(const core::EncodedTable& table) const;
    [[nodiscard]] core::Algorithm algorithm() const { return m_algorithm; }

private:
    std::uint64_t m_k = 1;
    std::optional<int> m_threads;
    std::optional<std::uint32_t> m_batchSize;
    std::optional<int> m_maxSize;
    std::vector<std::string> m_columns;
    std::vector<std::string> m_exclude;
    core::Algorithm m_algorithm = core::Algorithm::Auto;
    core::MissingSemantics m_missingSemantics = core::MissingSemantics::Value;
};

} // namespace qiscout::cli
