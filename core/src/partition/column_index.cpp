// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/column_index.h"

#include <algorithm>
#include <numeric>

#include <tbb/parallel_for_each.h>

namespace qiscout::core {
namespace {

// Copies the codes into a narrower type a million at a time, so that a stop request is seen
// within a few milliseconds even on an 11M-row column; a stopped copy is left short.
template <typename Narrow>
void copyNarrowed(std::span<const std::uint32_t> codes, std::vector<Narrow>& narrow, const std::stop_token& stop)
{
    constexpr std::size_t chunkRows = std::size_t{1} << 20;
    narrow.reserve(codes.size());
    for (std::size_t begin = 0; begin < codes.size() && !stop.stop_requested(); begin += chunkRows) {
        const auto chunk = codes.subspan(begin, std::min(chunkRows, codes.size() - begin));
        narrow.insert(narrow.end(), chunk.begin(), chunk.end());
    }
}

} // namespace

std::vector<ColumnIndex> buildColumnIndexes(const EncodedTable& table, ColumnSet columns, const std::stop_token& stop)
{
    std::vector<ColumnIndex> indexes(table.columnCount());
    const std::vector<int> positions = columns.columns();
    tbb::parallel_for_each(positions.begin(), positions.end(), [&](int position) {
        if (stop.stop_requested())
            return;
        const auto column = static_cast<std::size_t>(position);
        const EncodedColumn& source = table.columns[column];
        ColumnIndex& index = indexes[column];
        index.codes = std::span<const std::uint32_t>(source.codes.data(), table.rowCount);
        // The loader's frequencies are used when they account for every row; otherwise they are
        // counted here, so that the engine relies on nothing but the codes.
        const bool consistent =
            source.frequencies.size() == source.dictionary.size() &&
            std::accumulate(source.frequencies.begin(), source.frequencies.end(), std::uint64_t{0}) == table.rowCount;
        if (consistent) {
            index.frequencies = source.frequencies;
        } else {
            index.frequencies.assign(source.dictionary.size(), 0);
            for (const std::uint32_t code : index.codes) {
                if (code >= index.frequencies.size())
                    index.frequencies.resize(std::size_t{code} + 1, 0);
                ++index.frequencies[code];
            }
        }
        if (index.cardinality() <= 0x100U)
            copyNarrowed(index.codes, index.bytes, stop);
        else if (index.cardinality() <= 0x10000U)
            copyNarrowed(index.codes, index.shorts, stop);
    });
    return indexes;
}

std::uint32_t largestCardinality(const std::vector<ColumnIndex>& indexes)
{
    std::uint32_t largest = 0;
    for (const ColumnIndex& index : indexes)
        largest = std::max(largest, index.cardinality());
    return largest;
}

} // namespace qiscout::core
