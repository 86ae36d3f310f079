// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/search_engine.h"

#include <algorithm>
#include <cstdint>

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
    constexpr std::uint64_t fpviLatticeLimit = std::uint64_t{1} << 20;
    const int columnCount =
        parameters.columns ? parameters.columns->size()
                           : static_cast<int>(std::min<std::size_t>(table.columnCount(),
                                                                    static_cast<std::size_t>(ColumnSet::capacity)));
    const int maxSetSize = std::clamp(parameters.maxSetSize.value_or(columnCount), 0, columnCount);
    if (latticeSize(columnCount, maxSetSize) <= fpviLatticeLimit)
        return Algorithm::Fpvi;
    return Algorithm::Border;
}

SearchResult runSearch(const EncodedTable& table, const SearchParameters& parameters, Algorithm algorithm,
                       std::stop_token stop, SearchObserver& observer)
{
    if (algorithm == Algorithm::Auto)
        algorithm = chooseAlgorithm(table, parameters);
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

} // namespace qiscout::core
