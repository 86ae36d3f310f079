// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/search_engine.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <string>

#include "qiscout/core/util/out_of_memory.h"

#include "engines/border_engine.h"
#include "engines/brute_force_engine.h"
#include "engines/fpvi_engine.h"
#include "engines/mtui_engine.h"
#include "engines/search_setup.h"
#include "engines/suda2_engine.h"

namespace qiscout::core {

Algorithm chooseAlgorithm(const EncodedTable& table, const SearchParameters& parameters)
{
    // FPVI's batched level-wise sweep wins while the lattice within the size limit stays within a
    // million sets (20 columns without a limit): it shares prefix partitions across a level and is
    // 50x faster than the border search on the 1M x 20 benchmark table. Beyond that the border
    // search's work follows the answer instead of the lattice (mushroom: 57 evaluations against
    // FPVI's 5 million). Measured in issues #3 and #4.
    // A small size limit also goes to FPVI, however wide the table: every set the border search
    // grows is then a safe set of at most that size, so it has to list about as many sets as FPVI
    // evaluates (at most 2^limit times fewer), each from scratch and with a dualisation step. On
    // 20,000 x 300 with a limit of 3, FPVI took 16 s and the border search had not finished in 200 s.
    constexpr std::uint64_t fpviLatticeLimit = std::uint64_t{1} << 20;
    constexpr int fpviSizeLimit = 3;
    const int columnCount = parameters.columns ? parameters.columns->size() : static_cast<int>(table.columnCount());
    const int maxSetSize = std::clamp(parameters.maxSetSize.value_or(columnCount), 0, columnCount);
    if (maxSetSize <= fpviSizeLimit || latticeSize(columnCount, maxSetSize) <= fpviLatticeLimit)
        return Algorithm::Fpvi;
    return Algorithm::Border;
}

namespace {

SearchResult runChosen(const EncodedTable& table, const SearchParameters& parameters, Algorithm algorithm,
                       std::stop_token stop, SearchObserver& observer)
{
    switch (algorithm) {
    case Algorithm::Mtui:
        return runMtui(table, parameters, stop, observer);
    case Algorithm::Suda2:
        return runSuda2(table, parameters, stop, observer);
    case Algorithm::Brute:
        return runBruteForce(table, parameters, stop, observer);
    case Algorithm::Border:
        return runBorderSearch(table, parameters, stop, observer);
    case Algorithm::Auto:
    case Algorithm::Fpvi:
        break;
    }
    return runFpvi(table, parameters, stop, observer);
}

/// What a search of this table may need at most: the table itself (4-byte codes), FPVI's narrow
/// copies of the columns, its prefix cache, and about two partitions (8 bytes a row) per worker
/// plus the sets open beside them; the other engines need less.
std::uint64_t estimatedSearchBytes(const EncodedTable& table, const ResolvedParameters& parameters)
{
    const std::uint64_t rows = table.rowCount;
    const auto columns = static_cast<std::uint64_t>(parameters.columns.size());
    const auto threads = static_cast<std::uint64_t>(parameters.threads);
    const std::uint64_t partition = rows * 8;
    return rows * table.columnCount() * 4 + rows * columns * 2 +
           std::min<std::uint64_t>(fpviPrefixCacheBytes, partition * columns) + (2 * threads + 2) * partition;
}

} // namespace

SearchResult runSearch(const EncodedTable& table, const SearchParameters& parameters, Algorithm algorithm,
                       std::stop_token stop, SearchObserver& observer)
{
    if (algorithm == Algorithm::Auto)
        algorithm = chooseAlgorithm(table, parameters);
    try {
        return runChosen(table, parameters, algorithm, std::move(stop), observer);
    } catch (...) {
        if (!isOutOfMemory(std::current_exception()))
            throw;
        const ResolvedParameters resolved = resolveParameters(table, parameters);
        throw OutOfMemoryError("searching " + std::to_string(table.rowCount) + " rows x " +
                                   std::to_string(resolved.columns.size()) + " columns with " + toString(algorithm) +
                                   " on " + std::to_string(resolved.threads) +
                                   (resolved.threads == 1 ? " thread" : " threads") + " (the table included)",
                               estimatedSearchBytes(table, resolved));
    }
}

} // namespace qiscout::core
