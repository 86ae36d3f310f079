// SPDX-License-Identifier: GPL-3.0-or-later
// What a scan answers, as text and as JSON: the same for qiscout-cli scan and qiscout-mpi scan.
#pragma once

#include <ostream>
#include <string>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::cli {

/// The human-readable summary: the table, the all-columns headline, the sets by size, the statistics.
void printScanSummary(std::ostream& out, const core::SearchResult& result, const core::EncodedTable& table,
                      double loadSeconds);

/// The --json document of a scan of `table` with `parameters`.
[[nodiscard]] std::string scanJson(const core::SearchResult& result, const core::EncodedTable& table,
                                   const core::SearchParameters& parameters, double loadSeconds);

} // namespace qiscout::cli
