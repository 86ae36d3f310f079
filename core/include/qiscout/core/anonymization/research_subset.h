// SPDX-License-Identifier: GPL-3.0-or-later
// A research subset given as its own file, matched to the population's rows (δ-presence, #40).
#pragma once

#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The population's rows that a subset table holds, as AnonymizationParameters::researchSubset
/// wants them: each subset row is matched to one population row that shows the same text in every
/// column (columns matched by name, in any order), and no population row to two subset rows, so a
/// row held three times in the subset needs three copies in the population. As ARX's
/// DataSubset.create matches a subset to its data. Throws std::invalid_argument naming the file
/// and the column or the data row (1-based) when the subset lacks a population column, has a
/// column the population lacks, or holds a row the population does not (or not as often).
[[nodiscard]] std::vector<bool> researchSubsetRows(const EncodedTable& population, const EncodedTable& subset);

} // namespace qiscout::core
