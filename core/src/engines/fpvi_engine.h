// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <stop_token>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Memory FPVI keeps partitions of prefixes in: a few partitions of 11M rows (about 60 MB each),
/// enough to serve a level, whose sets come grouped by prefix, while an 11M x 20 search stays
/// within 2 GB.
inline constexpr std::size_t fpviPrefixCacheBytes = std::size_t{256} << 20;

/// FPVI: the paper's breadth-first lattice search with batched row tasks; t workers interleave the
/// batches of t sets, each keeping to one set at a time.
[[nodiscard]] SearchResult runFpvi(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                                   SearchObserver& observer);

} // namespace qiscout::core
