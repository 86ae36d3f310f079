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

std::optional<StrippedPartition> StrippedPartition::refined(const ColumnIndex& column, StrippedScratch& scratch,
                                                            const std::stop_token& stop) const
{
    return column.visitCodes([&](const auto* codes) { return refinedBy(codes, scratch, stop); });
}

template <typename Code>
std::optional<StrippedPartition> StrippedPartition::refinedBy(const Code* codes, StrippedScratch& scratch,
                                                              const std::stop_token& stop) const
{
    StrippedPartition result;
    result.m_rows.resize(m_rows.size());
    std::uint32_t* counts = scratch.m_counts.data();
    std::vector<std::uint32_t>& touched = scratch.m_touched;
    std::vector<std::uint32_t>& classCodes = scratch.m_classCodes;
    std::uint32_t written = 0;
    std::uint32_t rowsSincePoll = 0;
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        const std::uint32_t begin = m_starts[index];
        const std::uint32_t size = m_starts[index + 1] - begin;
        rowsSincePoll += size;
        if (rowsSincePoll > stopPollRows) {
            rowsSincePoll = 0;
            if (stop.stop_requested())
                return std::nullopt;
        }
        // One gather of the codes in row order (rows ascend within a class, so the loads stream);
        // the scatter below then reads them sequentially.
        if (classCodes.size() < size)
            classCodes.resize(size);
        const std::uint32_t* rows = m_rows.data() + begin;
        for (std::uint32_t i = 0; i < size; ++i) {
            const std::uint32_t code = codes[rows[i]];
            classCodes[i] = code;
            if (counts[code]++ == 0)
                touched.push_back(code);
        }
        // Counts become write positions for the sub-classes of two or more rows, in first-seen
        // order; a singleton's count becomes a marker that its row is dropped. Positions carry the
        // top bit, which no count of at most 2^31 rows reaches.
        constexpr std::uint32_t placed = 1U << 31;
        constexpr std::uint32_t dropped = ~std::uint32_t{0};
        for (const std::uint32_t code : touched) {
            const std::uint32_t subclassSize = counts[code];
            if (subclassSize < 2) {
                counts[code] = dropped;
                continue;
            }
            counts[code] = placed | written;
            written += subclassSize;
            result.m_starts.push_back(written);
        }
        for (std::uint32_t i = 0; i < size; ++i) {
            std::uint32_t& slot = counts[classCodes[i]];
            if (slot != dropped)
                result.m_rows[slot++ & ~placed] = rows[i];
        }
        for (const std::uint32_t code : touched)
            counts[code] = 0;
        touched.clear();
    }
    result.m_rows.resize(written);
    return result;
}

bool StrippedPartition::determines(const ColumnIndex& column) const
{
    return column.visitCodes([&](const auto* codes) { return determinedBy(codes); });
}

template <typename Code>
bool StrippedPartition::determinedBy(const Code* codes) const
{
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        const std::uint32_t begin = m_starts[index];
        const std::uint32_t end = m_starts[index + 1];
        const Code first = codes[m_rows[begin]];
        for (std::uint32_t position = begin + 1; position < end; ++position)
            if (codes[m_rows[position]] != first)
                return false;
    }
    return true;
}

std::vector<char> StrippedPartition::determinesWith(const ColumnIndex& column,
                                                    const std::vector<const ColumnIndex*>& targets,
                                                    StrippedScratch& scratch, std::uint64_t& support) const
{
    return column.visitCodes([&](const auto* codes) { return determinesWithBy(codes, targets, scratch, support); });
}

template <typename Code>
std::vector<char> StrippedPartition::determinesWithBy(const Code* codes, const std::vector<const ColumnIndex*>& targets,
                                                      StrippedScratch& scratch, std::uint64_t& support) const
{
    std::vector<char> holds(targets.size(), 1);
    // Targets still holding, as plain codes: comparing two rows' codes needs no narrow copy.
    std::vector<std::pair<std::size_t, const std::uint32_t*>> alive;
    for (std::size_t t = 0; t < targets.size(); ++t)
        alive.emplace_back(t, targets[t]->codes.data());
    // Code of `codes` -> 1 + the first row of the current class holding it, or 0.
    std::uint32_t* first = scratch.m_counts.data();
    std::vector<std::uint32_t>& touched = scratch.m_touched;
    support = 0;
    for (std::uint32_t index = 0; index < classCount() && !alive.empty(); ++index) {
        for (std::uint32_t position = m_starts[index]; position < m_starts[index + 1]; ++position) {
            const std::uint32_t row = m_rows[position];
            std::uint32_t& seen = first[codes[row]];
            if (seen == 0) {
                seen = row + 1;
                touched.push_back(codes[row]);
                continue;
            }
            // Rows with equal values on the whole set: every target must agree on them. Comparing
            // with the first such row is enough, equality being transitive.
            const std::uint32_t other = seen & ~(1U << 31);
            support += (seen >> 31) == 0 ? 2U : 1U;
            seen = other | (1U << 31);
            for (std::size_t a = 0; a < alive.size();) {
                if (alive[a].second[row] != alive[a].second[other - 1]) {
                    holds[alive[a].first] = 0;
                    alive[a] = alive.back();
                    alive.pop_back();
                } else {
                    ++a;
                }
            }
            if (alive.empty())
                break;
        }
        for (const std::uint32_t code : touched)
            first[code] = 0;
        touched.clear();
    }
    for (const std::uint32_t code : touched)
        first[code] = 0;
    touched.clear();
    return holds;
}

bool StrippedPartition::becomesKeyWith(const ColumnIndex& column, StrippedScratch& scratch) const
{
    return column.visitCodes([&](const auto* codes) { return keyWith(codes, scratch); });
}

template <typename Code>
bool StrippedPartition::keyWith(const Code* codes, StrippedScratch& scratch) const
{
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
