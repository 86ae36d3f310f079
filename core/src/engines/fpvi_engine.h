// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// FPVI: the paper's breadth-first lattice search with batched row tasks; t workers interleave the
/// batches of t sets, each keeping to one set at a time.
[[nodiscard]] SearchResult runFpvi(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                                   SearchObserver& observer);

} // namespace qiscout::core
