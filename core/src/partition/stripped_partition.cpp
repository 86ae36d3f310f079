// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/stripped_partition.h"

#include <algorithm>
#include <numeric>

#include "partition/class_scan.h"

namespace qiscout::core {

StrippedPartition StrippedPartition::wholeTable(std::uint32_t rowCount)
{
    StrippedPartition partition;
    if (rowCount < 2)
        return partition;
    partition.m_rows.resize(rowCount);
    std::iota(partition.m_rows.begin(), partition.m_rows.end(), std::uint32_t{0});
    partition.m_starts.push_back(rowCount);
    return partition;
}

std::optional<StrippedPartition> StrippedPartition::refined(const EncodedColumn& column, StrippedScratch& scratch,
                                                            const std::stop_token& stop) const
{
    StrippedPartition result;
    result.m_rows.resize(m_rows.size());
    const std::uint32_t* codes = column.codes.data();
    std::uint32_t* counts = scratch.m_counts.data();
    std::vector<std::uint32_t>& touched = scratch.m_touched;
    std::uint32_t written = 0;
    std::uint32_t rowsSincePoll = 0;
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        const std::uint32_t begin = m_starts[index];
        const std::uint32_t end = m_starts[index + 1];
        rowsSincePoll += end - begin;
        if (rowsSincePoll > stopPollRows) {
            rowsSincePoll = 0;
            if (stop.stop_requested())
                return std::nullopt;
        }
        for (std::uint32_t position = begin; position < end; ++position) {
            const std::uint32_t code = codes[m_rows[position]];
            if (counts[code]++ == 0)
                touched.push_back(code);
        }
        // Counts become write positions for the sub-classes of two or more rows, in first-seen
        // order; a singleton's count becomes a marker that its row is dropped. Positions carry the
        // top bit, which no count of at most 2^31 rows reaches.
        constexpr std::uint32_t placed = 1U << 31;
        constexpr std::uint32_t dropped = ~std::uint32_t{0};
        for (const std::uint32_t code : touched) {
            const std::uint32_t size = counts[code];
            if (size < 2) {
                counts[code] = dropped;
                continue;
            }
            counts[code] = placed | written;
            written += size;
            result.m_starts.push_back(written);
        }
        for (std::uint32_t position = begin; position < end; ++position) {
            const std::uint32_t row = m_rows[position];
            std::uint32_t& slot = counts[codes[row]];
            if (slot != dropped)
                result.m_rows[slot++ & ~placed] = row;
        }
        for (const std::uint32_t code : touched)
            counts[code] = 0;
        touched.clear();
    }
    result.m_rows.resize(written);
    result.m_rows.shrink_to_fit();
    return result;
}

bool StrippedPartition::determines(const EncodedColumn& column) const
{
    const std::uint32_t* codes = column.codes.data();
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        const std::uint32_t begin = m_starts[index];
        const std::uint32_t end = m_starts[index + 1];
        const std::uint32_t first = codes[m_rows[begin]];
        for (std::uint32_t position = begin + 1; position < end; ++position)
            if (codes[m_rows[position]] != first)
                return false;
    }
    return true;
}

bool StrippedPartition::becomesKeyWith(const EncodedColumn& column, StrippedScratch& scratch) const
{
    const std::uint32_t* codes = column.codes.data();
    std::uint32_t* marks = scratch.m_marks.data();
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        // A fresh mark per class instead of clearing: the marks wrap after 2^32 classes.
        if (++scratch.m_markClock == 0) {
            std::fill(scratch.m_marks.begin(), scratch.m_marks.end(), 0U);
            scratch.m_markClock = 1;
        }
        const std::uint32_t mark = scratch.m_markClock;
        for (std::uint32_t position = m_starts[index]; position < m_starts[index + 1]; ++position) {
            std::uint32_t& seen = marks[codes[m_rows[position]]];
            if (seen == mark)
                return false;
            seen = mark;
        }
    }
    return true;
}

} // namespace qiscout::core
