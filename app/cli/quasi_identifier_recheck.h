// SPDX-License-Identifier: GPL-3.0-or-later
// The quasi-identifier search that anonymize runs over a table before and after protecting it.
#pragma once

#include <cstdint>
#include <optional>
#include <stop_token>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::cli {

/// The scan k of the re-check: a K-anonymous table has no class of K - 1 rows or fewer.
[[nodiscard]] std::uint64_t verificationK(std::uint64_t k);

/// The quasi-identifier search over `columns` of `table` (every column when unset) at `k`, by
/// `algorithm` (the re-check of a protected table uses the border search: see anonymize), missing
/// cells compared by `semantics`.
[[nodiscard]] core::SearchResult
quasiIdentifierSearch(const core::EncodedTable& table, std::uint64_t k, std::optional<int> threads,
                      std::optional<core::ColumnSet> columns, core::Algorithm algorithm, std::stop_token stop,
                      core::MissingSemantics semantics = core::MissingSemantics::Value);

} // namespace qiscout::cli
