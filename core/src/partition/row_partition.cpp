// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/row_partition.h"

#include <algorithm>
#include <utility>

namespace qiscout::core {

void orderClassesBySize(RowPartition& partition, RowPartition& spare)
{
    const std::size_t classCount = partition.classCount();
    std::uint32_t largest = 0;
    for (std::size_t index = 0; index < classCount; ++index)
        largest = std::max(largest, partition.classSize(index));
    // Counting sort: size -> where its first row goes, then each class's rows in turn.
    std::vector<std::uint32_t> next(std::size_t{largest} + 1, 0);
    for (std::size_t index = 0; index < classCount; ++index)
        next[partition.classSize(index)] += partition.classSize(index);
    std::uint32_t position = 0;
    for (std::uint32_t& start : next)
        position += std::exchange(start, position);
    spare.rows.resize(partition.rows.size());
    spare.starts.assign(classCount + 1, 0);
    std::vector<std::uint32_t> classesOfSize(std::size_t{largest} + 1, 0);
    for (std::size_t index = 0; index < classCount; ++index)
        ++classesOfSize[partition.classSize(index)];
    std::uint32_t classPosition = 0;
    for (std::uint32_t& first : classesOfSize)
        classPosition += std::exchange(first, classPosition);
    for (std::size_t index = 0; index < classCount; ++index) {
        const std::uint32_t size = partition.classSize(index);
        const std::uint32_t begin = next[size];
        std::copy_n(partition.rows.begin() + partition.starts[index], size, spare.rows.begin() + begin);
        next[size] += size;
        spare.starts[classesOfSize[size]++ + 1] = begin + size;
    }
    std::swap(partition, spare);
}

bool PartitionRefiner::refine(const RowPartition& input, const EncodedColumn& column, std::uint64_t abortAtSize,
                              RowPartition& output)
{
    if (m_counts.size() < column.dictionary.size())
        m_counts.resize(column.dictionary.size(), 0);
    output.rows.resize(input.rows.size());
    output.starts.clear();
    output.starts.push_back(0);

    const std::uint32_t* codes = column.codes.data();
    const std::size_t classCount = input.classCount();
    for (std::size_t index = 0; index < classCount; ++index) {
        const std::uint32_t begin = input.starts[index];
        const std::uint32_t end = input.starts[index + 1];
        m_rowsScanned += end - begin;
        if (end - begin == 1) {
            output.rows[begin] = input.rows[begin];
            output.starts.push_back(end);
            continue;
        }
        m_touched.clear();
        for (std::uint32_t i = begin; i < end; ++i) {
            const std::uint32_t code = codes[input.rows[i]];
            if (m_counts[code]++ == 0)
                m_touched.push_back(code);
        }
        bool tooSmall = false;
        std::uint32_t position = begin;
        for (const std::uint32_t code : m_touched) {
            const std::uint32_t size = m_counts[code];
            tooSmall = tooSmall || size <= abortAtSize;
            m_counts[code] = position;
            position += size;
            output.starts.push_back(position);
        }
        if (tooSmall) {
            for (const std::uint32_t code : m_touched)
                m_counts[code] = 0;
            return false;
        }
        for (std::uint32_t i = begin; i < end; ++i) {
            const std::uint32_t row = input.rows[i];
            output.rows[m_counts[codes[row]]++] = row;
        }
        for (const std::uint32_t code : m_touched)
            m_counts[code] = 0;
    }
    return true;
}

} // namespace qiscout::core
