// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_result.h"

#include "anonymization/search_setup.h"

namespace qiscout::core {

/// The heuristic search for lattices beyond the exact search's reach (#40; docs/anonymization.md,
/// "Beyond 2^22 transformations"): a greedy climb from the original table to a first acceptable
/// transformation, a greedy descent from it, then a best-first search by metric bound until
/// `seconds` have passed. result.optimal is true only when the bound proves the answer optimal.
[[nodiscard]] AnonymizationResult searchHeuristically(const SearchSetup& setup, double seconds, std::stop_token stop,
                                                      AnonymizationObserver& observer);

} // namespace qiscout::core
