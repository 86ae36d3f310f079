// SPDX-License-Identifier: GPL-3.0-or-later
// The research subset of δ-presence (#40) as AnonymizationParameters::researchSubset wants it: from
// a 0/1 column of the population, or from a table of its own matched to the population's rows.
#pragma once

#include <vector>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// The rows a 0/1 column marks: 1 for a row in the research subset, 0 for the rest of the
/// population. Throws std::invalid_argument naming the first data row (1-based, as a spreadsheet
/// numbers them) that holds anything else.
[[nodiscard]] std::vector<bool> researchSubsetMarkedBy(const EncodedTable& population, int column);

/// The population's rows that a subset table holds, as AnonymizationParameters::researchSubset
/// wants them: each subset row is matched to one population row that shows the same text in every
/// column (columns matched by name, in any order), and no population row to two subset rows, so a
/// row held three times in the subset needs three copies in the population. As ARX's
/// DataSubset.create matches a subset to its data. Throws std::invalid_argument naming the file
/// and the column or the data row (1-based) when the subset lacks a population column, has a
/// column the population lacks, or holds a row the population does not (or not as often).
[[nodiscard]] std::vector<bool> researchSubsetRows(const EncodedTable& population, const EncodedTable& subset);

} // namespace qiscout::core
