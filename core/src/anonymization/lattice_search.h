// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stop_token>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_result.h"

#include "anonymization/search_setup.h"

namespace qiscout::core {

/// The exact search over the setup's lattice (docs/anonymization.md, "How the search works").
[[nodiscard]] AnonymizationResult searchLattice(const SearchSetup& setup, std::stop_token stop,
                                                AnonymizationObserver& observer);

} // namespace qiscout::core
