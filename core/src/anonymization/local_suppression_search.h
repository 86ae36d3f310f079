// SPDX-License-Identifier: GPL-3.0-or-later
// The anonymisation search with local suppression (#34): any transformation can be made
// k-anonymous by suppressing cells, so each is priced at its metric with its suppressed cells
// counted, and the cheapest is the optimum.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/local_suppression.h"

#include "anonymization/search_setup.h"
#include "anonymization/utility_calculator.h"

namespace qiscout::core {

/// One transformation with the cells local suppression chose at it.
struct LocallySuppressed {
    TransformationAssessment assessment;
    LocalSuppression cells;
};

/// Suppresses cells at `node` (setup.localSuppression set, at least k rows) and assesses the
/// result: every row's wildcard class holds k rows, and the metric counts each suppressed cell as
/// a cell of a suppressed row. Nullopt when stopped. Deterministic, so the apply step repeats the
/// search's choice.
/// Also nullopt past `deadline` (the search's time limit).
[[nodiscard]] std::optional<LocallySuppressed>
suppressLocally(const SearchSetup& setup, const UtilityCalculator& calculator, std::uint64_t node,
                const std::stop_token& stop,
                std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

/// A lower bound of the value suppressLocally gives at `node` (and of the least value any choice
/// of cells gives there): the metric with nothing suppressed plus, for each row that must suppress
/// a cell of its own, the cheapest of its cells.
[[nodiscard]] double localSuppressionBound(const SearchSetup& setup, const UtilityCalculator& calculator,
                                           std::uint64_t node);

/// The transformation of least metric value with its cells suppressed locally, over the lattice
/// or, without generalisation, the original levels alone. No optimum when the table has fewer
/// than k rows. With a time limit (seconds) the search stops pricing when it is spent and returns
/// the best it priced, optimal = false unless the bound proved it (result.lowerBound); without
/// one, or when it finishes in time, the answer is the optimum.
[[nodiscard]] AnonymizationResult searchWithLocalSuppression(const SearchSetup& setup,
                                                             std::optional<double> timeLimitSeconds,
                                                             std::stop_token stop, AnonymizationObserver& observer);

} // namespace qiscout::core
