// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/search_engine.h"

#include "qiscout/core/border_engine.h"
#include "qiscout/core/brute_force_engine.h"
#include "qiscout/core/fpvi_engine.h"
#include "qiscout/core/mtui_engine.h"
#include "qiscout/core/suda2_engine.h"

namespace qiscout::core {

Algorithm chooseAlgorithm(const EncodedTable& /*table*/, const SearchParameters& /*parameters*/)
{
    return Algorithm::Fpvi;
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
