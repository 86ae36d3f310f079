// SPDX-License-Identifier: GPL-3.0-or-later
#include "quasi_identifier_recheck.h"

#include <utility>

#include "qiscout/core/engines/search_engine.h"

namespace qiscout::cli {

std::uint64_t verificationK(std::uint64_t k)
{
    return k > 1 ? k - 1 : 1;
}

core::SearchResult quasiIdentifierSearch(const core::EncodedTable& table, std::uint64_t k, std::optional<int> threads,
                                         std::optional<core::ColumnSet> columns, core::Algorithm algorithm,
                                         std::stop_token stop, core::MissingSemantics semantics)
{
    core::SearchParameters parameters;
    parameters.missingSemantics = semantics;
    parameters.k = k;
    parameters.threads = threads;
    parameters.columns = columns;
    core::NullObserver quiet;
    return core::runSearch(table, parameters, algorithm, std::move(stop), quiet);
}

} // namespace qiscout::cli
