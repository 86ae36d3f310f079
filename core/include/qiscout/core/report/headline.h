// SPDX-License-Identifier: GPL-3.0-or-later
// The headline of every view and report (#33), in one wording: how many rows an intruder who
// knows every searched column finds in a group of at most k rows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "qiscout/core/engines/search_result.h"

namespace qiscout::core {

/// "On the 10 columns searched together (A, B, ...), 39,561 of the 50,000 rows (79.1%) are in a
/// group of 5 or fewer rows. ..." Names are shortened as everywhere people read them; a long
/// list names its first columns and counts the rest.
[[nodiscard]] std::string allColumnsHeadline(const AllColumnsRisk& risk, std::uint64_t k,
                                             const std::vector<std::string>& columnNames);

/// "in a group of 5 or fewer rows", "unique" for k = 1: what being at risk means at k, said the
/// same way in every sentence that counts rows at risk.
[[nodiscard]] std::string atRiskPhrase(std::uint64_t k);

} // namespace qiscout::core
