// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/engines/search_observer.h"
#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The quasi-identifiers for k = 1 (parameters.k must be 1) from SUDA2's value-level minimal sample
/// uniques: a column set is vulnerable exactly when it covers the columns of some MSU.
[[nodiscard]] SearchResult runSuda2(const EncodedTable& table, const SearchParameters& parameters, std::stop_token stop,
                                    SearchObserver& observer);

} // namespace qiscout::core
