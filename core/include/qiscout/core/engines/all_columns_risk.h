// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <stop_token>

#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The classes of `result`'s searched columns together on `table`, with its k and missing-cell
/// semantics: what result.allColumns holds. One partition of the rows (plus the wildcard sizing
/// when a searched column has missing cells). Nullopt once stop is requested.
[[nodiscard]] std::optional<AllColumnsRisk> allColumnsRisk(const EncodedTable& table, const SearchResult& result,
                                                           const std::stop_token& stop = {});

} // namespace qiscout::core
