// SPDX-License-Identifier: GPL-3.0-or-later
// The globally-optimal anonymisation search (#13): full-domain generalisation over the lattice of
// hierarchy levels, record suppression within a limit, exact optimum of a utility metric.
#pragma once

#include <stop_token>

#include "qiscout/core/anonymization/anonymization_observer.h"
#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/anonymization/transformation_lattice.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// Finds the acceptable transformation of least metric value and every minimal acceptable one;
/// beyond the exact search's reach, with parameters.strategy allowing it, the best a heuristic
/// search finds within its time limit (result.optimal says whether it is proven).
/// Synchronous: uses TBB workers inside and returns when done or, promptly, when stop is
/// requested (result.complete is then false). Throws AnonymizationParameterError for invalid
/// parameters and HierarchyError for a hierarchy that does not fit its column.
[[nodiscard]] AnonymizationResult runAnonymization(const EncodedTable& table, const AnonymizationParameters& parameters,
                                                   std::stop_token stop, AnonymizationObserver& observer);

/// The lattice runAnonymization searches: the hierarchies' levels, each cut at the cap on its
/// column's loss when there is one (AnonymizationParameters::maxColumnLoss). Throws like
/// runAnonymization.
[[nodiscard]] TransformationLattice searchedLattice(const EncodedTable& table,
                                                    const AnonymizationParameters& parameters);

/// Throws AnonymizationParameterError when the lattice is too large for the exact search (more
/// than TransformationLattice::maxExactSize transformations).
void requireExactSearch(const TransformationLattice& lattice);

/// Evaluates one transformation (acceptability, metric, suppressed rows, classes), e.g. one the
/// user picked from the lattice. Throws like runAnonymization, and std::invalid_argument when the
/// levels do not fit the hierarchies.
[[nodiscard]] TransformationAssessment assessTransformation(const EncodedTable& table,
                                                            const AnonymizationParameters& parameters,
                                                            const Transformation& transformation);

} // namespace qiscout::core
