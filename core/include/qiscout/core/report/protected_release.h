// SPDX-License-Identifier: GPL-3.0-or-later
// The published table of an anonymisation as the report's "Functional dependencies" section checks
// it against the FFD attack (#18): kept rows only, with the generalised columns and the sensitive
// column named.
#pragma once

#include <optional>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/report/dependency_analysis.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The release of a lattice anonymisation: the applied table without its suppressed rows (their
/// "*" cells hide nothing and attack nothing), checked with the first l-diversity model's column
/// and the number of distinct values every variant of it implies (ceil(l)). nullopt without an
/// l-diversity model: the attack needs a sensitive column.
[[nodiscard]] std::optional<ProtectedRelease> latticeRelease(const ProtectedTable& applied,
                                                             const AnonymizationParameters& parameters);

/// The release of a (d, l)-inference anonymisation: `published` (publishDlAnonymization's table),
/// checked with its sensitive column, d and l.
[[nodiscard]] ProtectedRelease dlInferenceRelease(EncodedTable published, const DlAnonymizationParameters& parameters);

} // namespace qiscout::core
