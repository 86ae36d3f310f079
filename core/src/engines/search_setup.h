// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter validation and defaults shared by every engine.
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/engines/search_parameters.h"
#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core {

/// SearchParameters with every default applied and every range checked.
struct ResolvedParameters {
    std::uint64_t k = 1;
    int threads = 1;
    std::uint32_t batchSize = defaultBatchSize;
    /// Largest set size to evaluate, already clamped to the number of searched columns.
    int maxSetSize = 0;
    ColumnSet columns;
    MissingSemantics missingSemantics = MissingSemantics::Value;
};

/// Throws SearchParameterError with a sentence a user understands.
[[nodiscard]] ResolvedParameters resolveParameters(const EncodedTable& table, const SearchParameters& parameters);

/// An empty result that records how the run was set up (algorithm, k, threads, batch size,
/// searched columns); the engine adds the sets and the statistics.
[[nodiscard]] SearchResult resultFor(Algorithm algorithm, const ResolvedParameters& parameters);

/// Number of sets of size 1..maxSize among n columns, saturating at UINT64_MAX.
[[nodiscard]] std::uint64_t latticeSize(int columnCount, int maxSize);

/// Number of proper supersets of a set of size setSize within n columns and size limit maxSize.
[[nodiscard]] std::uint64_t supersetCount(int setSize, int columnCount, int maxSize);

} // namespace qiscout::core
