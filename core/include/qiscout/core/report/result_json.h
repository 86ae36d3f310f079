// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/engines/search_result.h"

namespace qiscout::core {

/// What a JSON result document says besides the SearchResult itself.
struct ResultJsonContext {
    /// Rows of the table searched.
    std::uint64_t rows = 0;
    /// Every column name of the table, in file order; sets are written with these names.
    std::vector<std::string> columnNames;
    /// Seconds spent loading the table.
    double loadSeconds = 0.0;
    /// The input file, as given.
    std::string sourcePath;
    /// The largest set size searched, if one was given.
    std::optional<int> maxSetSize;
};

/// The result as the JSON document of `qiscout-cli scan --json` (a stable contract): rows,
/// columns, k, algorithm, threads, batch_size, minimal_sets, maximal_safe_sets and stats, plus
/// complete, searched_columns, max_set_size and source. Pretty-printed, ending with a newline.
[[nodiscard]] std::string resultToJson(const SearchResult& result, const ResultJsonContext& context);

} // namespace qiscout::core
