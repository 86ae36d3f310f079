// SPDX-License-Identifier: GPL-3.0-or-later
#include "engines/search_setup.h"

#include <algorithm>
#include <limits>
#include <string>
#include <thread>

#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/lattice_layout.h"

namespace qiscout::core {
namespace {

int hardwareThreads()
{
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b)
{
    return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

} // namespace

ResolvedParameters resolveParameters(const EncodedTable& table, const SearchParameters& parameters)
{
    ResolvedParameters resolved;
    if (parameters.k < 1 || parameters.k > maxK)
        throw SearchParameterError("k must be between 1 and 2147483648, not " + std::to_string(parameters.k) + ".");
    resolved.k = parameters.k;

    const int hardware = hardwareThreads();
    resolved.threads = parameters.threads.value_or(hardware);
    if (resolved.threads < 1 || resolved.threads > hardware)
        throw SearchParameterError("threads must be between 1 and " + std::to_string(hardware) +
                                   " on this machine, not " + std::to_string(resolved.threads) + ".");

    resolved.batchSize = parameters.batchSize.value_or(defaultBatchSize);
    if (resolved.batchSize < 1)
        throw SearchParameterError("The batch size must be at least 1 row.");

    if (parameters.columns) {
        resolved.columns = *parameters.columns;
        if (!resolved.columns.empty() && static_cast<std::size_t>(resolved.columns.last()) >= table.columnCount())
            throw SearchParameterError("The column selection names a column the table does not have.");
    } else {
        resolved.columns = ColumnSet::firstN(static_cast<int>(table.columnCount()));
    }

    resolved.missingSemantics = parameters.missingSemantics;
    const int columnCount = resolved.columns.size();
    resolved.maxSetSize = std::min(parameters.maxSetSize.value_or(columnCount), columnCount);
    if (parameters.maxSetSize && *parameters.maxSetSize < 1)
        throw SearchParameterError("The largest set size must be at least 1.");
    return resolved;
}

std::uint64_t latticeSize(int columnCount, int maxSize)
{
    std::uint64_t total = 0;
    for (int size = 1; size <= std::min(maxSize, columnCount); ++size)
        total = saturatingAdd(total, LatticeLayout::binomial(columnCount, size));
    return total;
}

std::uint64_t supersetCount(int setSize, int columnCount, int maxSize)
{
    std::uint64_t total = 0;
    const int freeColumns = columnCount - setSize;
    for (int extra = 1; extra <= std::min(freeColumns, maxSize - setSize); ++extra)
        total = saturatingAdd(total, LatticeLayout::binomial(freeColumns, extra));
    return total;
}

SearchResult resultFor(Algorithm algorithm, const ResolvedParameters& parameters)
{
    SearchResult result;
    result.algorithm = algorithm;
    result.k = parameters.k;
    result.threads = parameters.threads;
    result.batchSize = parameters.batchSize;
    result.searchedColumns = parameters.columns;
    result.missingSemantics = parameters.missingSemantics;
    return result;
}

} // namespace qiscout::core
