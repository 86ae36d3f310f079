// SPDX-License-Identifier: GPL-3.0-or-later
// Past 500 lines: the builds and the scans (column by column and pack by pack) all walk the
// partition's private runs and starts with the same class-by-class helpers; apart, they would
// expose that layout.
#include "partition/position_list_index.h"

#include <algorithm>
#include <array>
#include <utility>

#include "partition/packed_class_stats.h"

namespace qiscout::core {
namespace {

// Gathers the codes of the rows at positions [begin, end) of `rows` into `classCodes` and counts
// them, polling stop between chunks so that even a class of millions of rows gives up within a
// millisecond. The loop has no data-dependent branch: a mispredicted branch between two cache
// misses would serialise the random loads that dominate the cost.
template <typename Code>
bool gatherAndCount(const std::uint32_t* rows, std::uint32_t begin, std::uint32_t end, const Code* codes,
                    std::uint32_t* counts, std::vector<std::uint32_t>& classCodes, const std::stop_token& stop)
{
    if (classCodes.size() < end - begin)
        classCodes.resize(end - begin);
    std::uint32_t* gathered = classCodes.data() - begin;
    for (std::uint32_t chunk = begin; chunk < end; chunk += std::min(stopPollRows, end - chunk)) {
        if (end - begin > stopPollRows && stop.stop_requested())
            return false;
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, end - chunk);
        for (std::uint32_t position = chunk; position < chunkEnd; ++position) {
            const std::uint32_t code = codes[rows[position]];
            gathered[position] = code;
            ++counts[code];
        }
    }
    return true;
}

void clearCounts(std::uint32_t* counts, const std::uint32_t* classCodes, std::uint32_t size)
{
    for (std::uint32_t i = 0; i < size; ++i)
        counts[classCodes[i]] = 0;
}

// Sizes a partition's row buffer. Fresh memory is zeroed (and, on first touch, mapped) a chunk at a
// time between looks at the stop token: 44 MB for 11M rows take about 50 ms.
bool resizeRows(std::vector<std::uint32_t>& rows, std::size_t size, const std::stop_token& stop)
{
    rows.reserve(size);
    while (rows.size() < size) {
        if (stop.stop_requested())
            return false;
        rows.resize(std::min(size, rows.size() + stopPollRows * std::size_t{16}));
    }
    rows.resize(size);
    return true;
}

} // namespace

PositionListIndex::PositionListIndex(PartitionStorage storage)
    : m_rows(std::move(storage.rows))
    , m_starts(std::move(storage.starts))
{
    m_starts.clear();
}

PartitionStorage PositionListIndex::releaseStorage() &&
{
    return PartitionStorage{std::move(m_rows), std::move(m_starts)};
}

std::optional<PositionListIndex> PositionListIndex::ofColumn(const ColumnIndex& column, const std::stop_token& stop,
                                                             PartitionStorage storage)
{
    PositionListIndex index(std::move(storage));
    const auto rowCount = static_cast<std::uint32_t>(column.codes.size());
    std::vector<std::uint32_t> next(column.cardinality(), 0);
    std::uint32_t position = 0;
    for (std::uint32_t code = 0; code < column.cardinality(); ++code) {
        next[code] = position;
        if (column.frequencies[code] > 0)
            index.m_starts.push_back(position);
        position += column.frequencies[code];
    }
    index.m_starts.push_back(rowCount);
    if (!resizeRows(index.m_rows, rowCount, stop))
        return std::nullopt;
    for (std::uint32_t chunk = 0; chunk < rowCount; chunk += std::min(stopPollRows, rowCount - chunk)) {
        if (stop.stop_requested())
            return std::nullopt;
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, rowCount - chunk);
        for (std::uint32_t row = chunk; row < chunkEnd; ++row)
            index.m_rows[next[column.codes[row]]++] = row;
    }
    return index;
}

std::optional<PositionListIndex> PositionListIndex::refined(const ColumnIndex& column, CountingScratch& scratch,
                                                            const std::stop_token& stop, PartitionStorage storage) const
{
    return column.visitCodes(
        [&](const auto* codes) { return refinedBy(codes, column.cardinality(), scratch, stop, std::move(storage)); });
}

template <typename Code>
std::optional<PositionListIndex> PositionListIndex::refinedBy(const Code* codes, std::uint32_t cardinality,
                                                              CountingScratch& scratch, const std::stop_token& stop,
                                                              PartitionStorage storage) const
{
    PositionListIndex result(std::move(storage));
    if (!resizeRows(result.m_rows, m_rows.size(), stop))
        return std::nullopt;
    result.m_starts.reserve(std::min(m_starts.size() * 2, m_rows.size() + 1));
    std::uint32_t* counts = scratch.m_counts.data();
    auto& touched = scratch.m_touched;
    std::uint32_t rowsSincePoll = 0;
    for (std::uint32_t index = 0; index < classCount(); ++index) {
        const std::uint32_t begin = m_starts[index];
        const std::uint32_t end = m_starts[index + 1];
        const std::uint32_t size = end - begin;
        rowsSincePoll += size;
        if (rowsSincePoll > stopPollRows) {
            rowsSincePoll = 0;
            if (stop.stop_requested())
                return std::nullopt;
        }
        if (!gatherAndCount(m_rows.data(), begin, end, codes, counts, scratch.m_classCodes, stop)) {
            clearCounts(counts, scratch.m_classCodes.data(), size);
            return std::nullopt;
        }
        const std::uint32_t* classCodes = scratch.m_classCodes.data();
        std::uint32_t* target = result.m_rows.data() + begin;
        if (size >= cardinality) {
            // Counts become each sub-class's next write position, sub-classes in code order: a
            // class with as many rows as codes costs a pass over the codes instead of a branch per
            // row, mispredicted at every code's first row. The stable scatter keeps rows ascending
            // inside every class.
            std::uint32_t offset = 0;
            for (std::uint32_t code = 0; code < cardinality; ++code) {
                const std::uint32_t subclassSize = counts[code];
                if (subclassSize > 0)
                    result.m_starts.push_back(begin + offset);
                counts[code] = offset;
                offset += subclassSize;
            }
            for (std::uint32_t i = 0; i < size; ++i)
                target[counts[classCodes[i]]++] = m_rows[begin + i];
            std::fill(counts, counts + cardinality, 0U);
            continue;
        }
        // Counts become each sub-class's next write position, sub-classes in first-seen order so
        // that only the codes present are visited; the stable scatter keeps rows ascending inside
        // every class. A count turned position is marked by the top bit, which no count of at most
        // 2^31 rows reaches.
        constexpr std::uint32_t placed = 1U << 31;
        std::uint32_t offset = 0;
        for (std::uint32_t i = 0; i < size; ++i) {
            const std::uint32_t code = classCodes[i];
            if ((counts[code] & placed) == 0) {
                touched.push_back(code);
                result.m_starts.push_back(begin + offset);
                const std::uint32_t subclassSize = counts[code];
                counts[code] = placed | offset;
                offset += subclassSize;
            }
        }
        for (std::uint32_t i = 0; i < size; ++i)
            target[counts[classCodes[i]]++ & ~placed] = m_rows[begin + i];
        for (const std::uint32_t code : touched)
            counts[code] = 0;
        touched.clear();
    }
    result.m_starts.push_back(static_cast<std::uint32_t>(m_rows.size()));
    return result;
}

ClassScan PositionListIndex::scanRefinement(const ColumnIndex& column, std::uint32_t firstClass, std::uint32_t endClass,
                                            std::uint64_t k, CountingScratch& scratch,
                                            const std::stop_token& stop) const
{
    return column.visitCodes([&](const auto* codes) {
        return scanRefinementBy(codes, column.cardinality(), firstClass, endClass, k, scratch, stop);
    });
}

namespace {

// Classes of at most this many rows are scanned in runs: their codes are gathered for a whole run
// in one loop with no branch per class, which let the loads of a run overlap; class by class, a
// branch mispredicted at every class boundary cost more than the class itself (2 to 4 rows on
// the deep levels of a 1M x 20 table: 7 ns a row against 4.5).
constexpr std::uint32_t smallClassRows = 32;
// Rows gathered at once for a run of small classes: the codes stay in the first-level cache.
constexpr std::uint32_t smallRunRows = 2048;

// Adds one class of the refined set to `scan`: its codes are in classCodes and counted in
// counts, which it leaves zeroed.
void settleCountedClass(const std::uint32_t* classCodes, const std::uint32_t* classRows, std::uint32_t size,
                        std::uint32_t limit, std::uint32_t* counts, ClassScan& scan, std::uint32_t& smallest)
{
    // Every row is charged with the size of its class: the minimum over rows is the smallest
    // class, and counting rows in small classes counts the isolated rows, all without branches.
    std::uint32_t isolated = 0;
    std::uint32_t classSmallest = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t i = 0; i < size; ++i) {
        const std::uint32_t classSize = counts[classCodes[i]];
        classSmallest = std::min(classSmallest, classSize);
        isolated += classSize <= limit ? 1U : 0U;
    }
    smallest = std::min(smallest, classSmallest);
    if (isolated > 0 && !scan.firstIsolatedRow) {
        for (std::uint32_t i = 0; i < size; ++i) {
            if (counts[classCodes[i]] <= limit) {
                scan.firstIsolatedRow = classRows[i];
                break;
            }
        }
    }
    scan.isolatedRows += isolated;
    clearCounts(counts, classCodes, size);
}

// Adds one class of the refined set to `scan` when it has at least as many rows as the column has
// codes: the rows are only counted, and the sizes are read off the column's counters, which
// costs the cardinality instead of two more passes over the rows (1.2 against 2 ns a row for
// the large classes of a 1M-row table). On a column of at most laneCardinality codes, consecutive
// rows count into denseCountLanes separate counter arrays: most rows add to the same few counters,
// and one array made every increment wait for the previous one's store. Returns false, counters
// cleared, when stop was requested.
template <typename Code>
bool settleDenseClass(const std::uint32_t* rows, std::uint32_t begin, std::uint32_t end, const Code* codes,
                      std::uint32_t cardinality, std::uint32_t limit, std::uint32_t* counts, ClassScan& scan,
                      std::uint32_t& smallest, const std::stop_token& stop)
{
    const std::uint32_t lanes = cardinality <= laneCardinality ? denseCountLanes : 1;
    const std::size_t counters = std::size_t{lanes} * cardinality;
    for (std::uint32_t chunk = begin; chunk < end; chunk += std::min(stopPollRows, end - chunk)) {
        if (end - begin > stopPollRows && stop.stop_requested()) {
            std::fill(counts, counts + counters, 0U);
            return false;
        }
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, end - chunk);
        std::uint32_t position = chunk;
        for (; lanes > 1 && position + denseCountLanes <= chunkEnd; position += denseCountLanes) {
            [&]<std::uint32_t... Lane>(std::integer_sequence<std::uint32_t, Lane...>)
            {
                (++counts[Lane * cardinality + codes[rows[position + Lane]]], ...);
            }
            (std::make_integer_sequence<std::uint32_t, denseCountLanes>{});
        }
        for (; position < chunkEnd; ++position)
            ++counts[codes[rows[position]]];
    }
    std::uint32_t isolated = 0;
    std::uint32_t classSmallest = std::numeric_limits<std::uint32_t>::max();
    for (std::uint32_t code = 0; code < cardinality; ++code) {
        std::uint32_t classSize = counts[code];
        for (std::uint32_t lane = 1; lane < lanes; ++lane)
            classSize += counts[lane * cardinality + code];
        counts[code] = classSize;
        // Codes absent from the class count as larger than any class.
        classSmallest = std::min(classSmallest, classSize - 1U);
        isolated += classSize <= limit ? classSize : 0U;
    }
    smallest = std::min(smallest, classSmallest + 1U);
    if (isolated > 0 && !scan.firstIsolatedRow) {
        for (std::uint32_t position = begin; position < end; ++position) {
            if (counts[codes[rows[position]]] <= limit) {
                scan.firstIsolatedRow = rows[position];
                break;
            }
        }
    }
    scan.isolatedRows += isolated;
    std::fill(counts, counts + counters, 0U);
    return true;
}

// Counters of the low and the high half of a pack (the low only for a pack of bytes), in
// countPackedCodes' layout, and how many codes each half counts (0: none of its lanes is scanned).
struct HalfCounts {
    std::array<std::uint32_t*, 2> counts;
    std::array<std::uint32_t, 2> codes;

    void clear() const
    {
        for (std::size_t half = 0; half < 2; ++half)
            std::fill(counts[half], counts[half] + std::size_t{codes[half]} * packLanes, 0U);
    }
};

// Counts the packed codes of the rows at positions [begin, end) of `rows` into `halves`,
// gathering them once: one 8-byte load per row instead of one per member. Returns false,
// counters cleared, when stop was requested.
bool countPackedClass(const std::uint32_t* rows, std::uint32_t begin, std::uint32_t end, const ColumnPack& pack,
                      const HalfCounts& halves, PackedCountPath path, std::vector<std::uint8_t>& packedRows,
                      const std::stop_token& stop)
{
    const std::size_t chunkBytes = (std::size_t{std::min(stopPollRows, end - begin)} + packPaddingRows) * packLanes;
    if (packedRows.size() < 2 * chunkBytes)
        packedRows.resize(2 * chunkBytes);
    for (std::uint32_t chunk = begin; chunk < end; chunk += std::min(stopPollRows, end - chunk)) {
        if (end - begin > stopPollRows && stop.stop_requested()) {
            halves.clear();
            return false;
        }
        const std::uint32_t chunkEnd = chunk + std::min(stopPollRows, end - chunk);
        if (pack.nibbles)
            gatherNibbleCodes(pack.codes.data(), rows + chunk, chunkEnd - chunk, halves.codes, halves.counts,
                              {packedRows.data(), packedRows.data() + chunkBytes}, path);
        else
            gatherPackedCodes(pack.codes.data(), rows + chunk, chunkEnd - chunk, halves.codes[0], halves.counts[0],
                              packedRows.data(), path);
    }
    return true;
}

// Gathers the packed codes of the rows at positions [begin, end) of `rows` into `packedRows`,
// with packPaddingRows rows of slack after them for addSmallPackedClasses' vectors; a nibble
// pack's high half follows its low half. Returns where the high half starts.
std::size_t gatherPackedRows(const std::uint32_t* rows, std::uint32_t begin, std::uint32_t end, const ColumnPack& pack,
                             std::vector<std::uint8_t>& packedRows)
{
    const std::size_t bytes = (std::size_t{end - begin} + packPaddingRows) * packLanes;
    if (packedRows.size() < 2 * bytes)
        packedRows.resize(2 * bytes);
    std::uint8_t* target = packedRows.data();
    if (pack.nibbles) {
        splitNibbleRows(pack.codes.data(), rows + begin, end - begin, target, target + bytes);
        return bytes;
    }
    gatherPackRows(pack.codes.data(), rows + begin, end - begin, target);
    return bytes;
}

} // namespace

template <typename Code>
ClassScan PositionListIndex::scanRefinementBy(const Code* codes, std::uint32_t cardinality, std::uint32_t firstClass,
                                              std::uint32_t endClass, std::uint64_t k, CountingScratch& scratch,
                                              const std::stop_token& stop) const
{
    ClassScan scan;
    std::uint32_t* counts = scratch.m_counts.data();
    const std::uint32_t limit = static_cast<std::uint32_t>(std::min<std::uint64_t>(k, 0xFFFFFFFFU));
    std::uint32_t smallest = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t rowsSincePoll = 0;
    for (std::uint32_t index = firstClass; index < endClass;) {
        const std::uint32_t begin = m_starts[index];
        if (rowsSincePoll > stopPollRows) {
            rowsSincePoll = 0;
            if (stop.stop_requested()) {
                scan.interrupted = true;
                return scan;
            }
        }
        if (m_starts[index + 1] - begin >= cardinality) {
            const std::uint32_t end = m_starts[index + 1];
            rowsSincePoll += end - begin;
            if (!settleDenseClass(m_rows.data(), begin, end, codes, cardinality, limit, counts, scan, smallest, stop)) {
                scan.interrupted = true;
                return scan;
            }
            ++index;
            continue;
        }
        if (m_starts[index + 1] - begin > smallClassRows) {
            const std::uint32_t end = m_starts[index + 1];
            rowsSincePoll += end - begin;
            if (!gatherAndCount(m_rows.data(), begin, end, codes, counts, scratch.m_classCodes, stop)) {
                clearCounts(counts, scratch.m_classCodes.data(), end - begin);
                scan.interrupted = true;
                return scan;
            }
            settleCountedClass(scratch.m_classCodes.data(), m_rows.data() + begin, end - begin, limit, counts, scan,
                               smallest);
            ++index;
            continue;
        }
        std::uint32_t runEnd = index + 1;
        while (runEnd < endClass && m_starts[runEnd + 1] - m_starts[runEnd] <= smallClassRows &&
               m_starts[runEnd + 1] - begin <= smallRunRows)
            ++runEnd;
        const std::uint32_t end = m_starts[runEnd];
        rowsSincePoll += end - begin;
        if (scratch.m_classCodes.size() < end - begin)
            scratch.m_classCodes.resize(end - begin);
        std::uint32_t* gathered = scratch.m_classCodes.data() - begin;
        for (std::uint32_t position = begin; position < end; ++position)
            gathered[position] = codes[m_rows[position]];
        for (; index < runEnd; ++index) {
            const std::uint32_t classBegin = m_starts[index];
            const std::uint32_t size = m_starts[index + 1] - classBegin;
            const std::uint32_t* classCodes = gathered + classBegin;
            if (size == 2) {
                // The commonest class of a safe set for k = 1, settled without the counts.
                const std::uint32_t classSize = classCodes[0] == classCodes[1] ? 2U : 1U;
                smallest = std::min(smallest, classSize);
                if (classSize <= limit) {
                    scan.isolatedRows += 2;
                    if (!scan.firstIsolatedRow)
                        scan.firstIsolatedRow = m_rows[classBegin];
                }
                continue;
            }
            for (std::uint32_t i = 0; i < size; ++i)
                ++counts[classCodes[i]];
            settleCountedClass(classCodes, m_rows.data() + classBegin, size, limit, counts, scan, smallest);
        }
    }
    if (endClass > firstClass)
        scan.smallestClass = smallest;
    scan.rowsVisited = m_starts[endClass] - m_starts[firstClass];
    return scan;
}

void PositionListIndex::scanPackRefinement(const ColumnPack& pack, std::span<const PackMember> members,
                                           std::uint32_t firstClass, std::uint32_t endClass, std::uint64_t k,
                                           CountingScratch& scratch, const std::stop_token& stop,
                                           std::span<ClassScan> scans) const
{
    const auto interrupted = [&scans] {
        for (ClassScan& scan : scans)
            scan.interrupted = true;
    };
    const std::uint32_t limit = static_cast<std::uint32_t>(std::min<std::uint64_t>(k, 0xFFFFFFFFU));
    const PackedCountPath path = fastestPackedCountPath();
    // A nibble pack is scanned as two packs of bytes from one gather; a pack of bytes is its low half.
    HalfCounts halves{{scratch.m_counts.data(), scratch.m_counts.data() + std::size_t{packLanes} * nibbleCardinality},
                      {0, 0}};
    for (const PackMember& member : members) {
        std::uint32_t& codes = halves.codes[member.lane / packLanes];
        codes = std::max(codes, member.column->cardinality());
    }
    const std::uint32_t codes = std::max(halves.codes[0], halves.codes[1]);
    static_assert(packCardinality <= smallPackedClassRows);
    std::array<PackedLaneStats, 2> stats;
    // Member lanes (bit l for lane l of the pack) with no first isolated row yet.
    unsigned unplaced = 0;
    for (const PackMember& member : members)
        unplaced |= 1U << member.lane;
    std::uint32_t rowsSincePoll = 0;
    for (std::uint32_t index = firstClass; index < endClass;) {
        if (rowsSincePoll > stopPollRows) {
            rowsSincePoll = 0;
            if (stop.stop_requested()) {
                interrupted();
                return;
            }
        }
        const std::uint32_t begin = m_starts[index];
        if (m_starts[index + 1] - begin >= codes) {
            // At least as many rows as any member has codes: counted, and the sizes read off the
            // counters (a pass over the codes instead of over the rows, as in settleDenseClass).
            const std::uint32_t end = m_starts[index + 1];
            rowsSincePoll += end - begin;
            if (!countPackedClass(m_rows.data(), begin, end, pack, halves, path, scratch.m_packedRows, stop)) {
                interrupted();
                return;
            }
            // Members still without a first isolated row look for it in the class that has one.
            for (std::size_t half = 0; half < 2; ++half) {
                if (halves.codes[half] == 0)
                    continue;
                const unsigned atRisk =
                    addPackedClass(halves.counts[half], halves.codes[half], end - begin, limit, stats[half], path);
                for (unsigned found = atRisk & (unplaced >> (half * packLanes)) & 0xFFU; found != 0;
                     found &= found - 1) {
                    const auto lane = static_cast<std::uint32_t>(__builtin_ctz(found));
                    const auto packLane = static_cast<std::uint32_t>(half * packLanes) + lane;
                    unplaced &= ~(1U << packLane);
                    for (std::uint32_t position = begin; position < end; ++position) {
                        const std::uint32_t code = pack.codeOf(m_rows[position], packLane);
                        if (halves.counts[half][code * packLanes + lane] <= limit) {
                            stats[half].firstIsolated[lane] = position;
                            break;
                        }
                    }
                }
            }
            halves.clear();
            ++index;
            continue;
        }
        // A run of classes of fewer rows than codes, gathered a piece at a time and sized lane by
        // lane from the packed rows: one load per row for all members, where a scan member by
        // member loaded each member's code.
        std::uint32_t runEnd = index + 1;
        // A run ends within stopPollRows rows, for the look at the stop token between runs.
        while (runEnd < endClass && m_starts[runEnd + 1] - m_starts[runEnd] < codes &&
               m_starts[runEnd + 1] - begin <= stopPollRows)
            ++runEnd;
        rowsSincePoll += m_starts[runEnd] - begin;
        while (index < runEnd) {
            std::uint32_t pieceEnd = index + 1;
            while (pieceEnd < runEnd && m_starts[pieceEnd + 1] - m_starts[index] <= smallRunRows)
                ++pieceEnd;
            const std::size_t highOffset =
                gatherPackedRows(m_rows.data(), m_starts[index], m_starts[pieceEnd], pack, scratch.m_packedRows);
            const std::span<const std::uint32_t> starts(m_starts.data() + index, pieceEnd - index + 1);
            for (std::size_t half = 0; half < 2; ++half) {
                if (halves.codes[half] == 0)
                    continue;
                addSmallPackedClasses(scratch.m_packedRows.data() + half * highOffset, starts, limit, stats[half],
                                      path);
                for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
                    if (stats[half].firstIsolated[lane] != PackedLaneStats::noPosition)
                        unplaced &= ~(1U << (half * packLanes + lane));
                }
            }
            index = pieceEnd;
        }
    }
    const std::uint32_t rows = m_starts[endClass] - m_starts[firstClass];
    for (std::size_t member = 0; member < members.size(); ++member) {
        const PackedLaneStats& laneStats = stats[members[member].lane / packLanes];
        const std::uint32_t lane = members[member].lane % packLanes;
        ClassScan& scan = scans[member];
        scan.isolatedRows += laneStats.isolatedRows[lane];
        if (endClass > firstClass)
            scan.smallestClass = std::min<std::uint64_t>(scan.smallestClass, laneStats.smallestClass[lane]);
        if (!scan.firstIsolatedRow && laneStats.firstIsolated[lane] != PackedLaneStats::noPosition)
            scan.firstIsolatedRow = m_rows[laneStats.firstIsolated[lane]];
        scan.rowsVisited += rows;
    }
}

std::uint32_t PositionListIndex::firstClassFrom(std::uint32_t position) const
{
    const auto found = std::lower_bound(m_starts.begin(), m_starts.end() - 1, position);
    return static_cast<std::uint32_t>(found - m_starts.begin());
}

std::size_t PositionListIndex::bytes() const
{
    return (m_rows.capacity() + m_starts.capacity()) * sizeof(std::uint32_t);
}

} // namespace qiscout::core
