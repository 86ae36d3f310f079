// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Exact search that works from the border between safe and vulnerable sets (issue 4).
[[nodiscard]] SearchResult runBorderSearch(const EncodedTable& table, const SearchParameters& parameters,
                                           std::stop_token stop, SearchObserver& observer);

} // namespace qiscout::core
