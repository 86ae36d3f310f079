// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Runs one search with the chosen strategy. Synchronous: uses TBB workers inside and returns
/// when done or, promptly, when stop is requested (result.complete is then false).
/// Throws SearchParameterError for invalid parameters and OutOfMemoryError (naming the search and
/// about how much memory it needs) when memory runs out.
[[nodiscard]] SearchResult runSearch(const EncodedTable& table, const SearchParameters& parameters, Algorithm algorithm,
                                     std::stop_token stop, SearchObserver& observer);

/// The strategy Algorithm::Auto resolves to for this table and parameters.
[[nodiscard]] Algorithm chooseAlgorithm(const EncodedTable& table, const SearchParameters& parameters);

} // namespace qiscout::core
