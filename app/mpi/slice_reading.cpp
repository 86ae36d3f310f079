// SPDX-License-Identifier: GPL-3.0-or-later
#include "slice_reading.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <exception>
#include <numeric>
#include <vector>

#include <mpi.h>

#include "qiscout/core/io/delimited_ranges.h"

#include "command.h"

namespace qiscout::mpi {
namespace {

/// Rank 0's `text`, on every rank.
void broadcastText(std::string& text)
{
    std::uint64_t size = text.size();
    MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    text.resize(size);
    MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

/// Values end with a NUL byte, which no value of a delimited file holds (the reader refuses it).
std::string packedSliceValues(const std::vector<std::string>& values)
{
    std::string packed;
    for (const std::string& value : values) {
        packed += value;
        packed += '\0';
    }
    return packed;
}

std::vector<std::string> unpackedSliceValues(const char* begin, const char* end)
{
    std::vector<std::string> values;
    while (begin < end) {
        const char* stop = std::find(begin, end, '\0');
        values.emplace_back(begin, stop);
        begin = stop + 1;
    }
    return values;
}

/// The layout rank 0 read from the file's start, on every rank; nullopt on every rank when rank 0
/// could not read it (the whole file's read then says why).
std::optional<core::DelimitedLayout> agreedLayout(const std::string& path, const core::LoadOptions& options,
                                                  const JobPlace& place)
{
    core::DelimitedLayout layout;
    int sniffed = 0;
    if (place.isRoot()) {
        try {
            layout = core::sniffDelimitedLayout(path, options);
            sniffed = 1;
        } catch (const std::exception&) {
            sniffed = 0;
        }
    }
    MPI_Bcast(&sniffed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (sniffed == 0)
        return std::nullopt;
    std::array<std::uint64_t, 5> fields{static_cast<std::uint64_t>(static_cast<unsigned char>(layout.delimiter)),
                                        layout.hasHeader ? 1U : 0U, static_cast<std::uint64_t>(layout.encoding),
                                        layout.fileSize, layout.bodyStart};
    MPI_Bcast(fields.data(), static_cast<int>(fields.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD);
    layout.delimiter = static_cast<char>(fields[0]);
    layout.hasHeader = fields[1] != 0;
    layout.encoding = static_cast<core::TextEncoding>(fields[2]);
    layout.fileSize = fields[3];
    layout.bodyStart = fields[4];
    std::string names = packedSliceValues(layout.columnNames);
    broadcastText(names);
    layout.columnNames = unpackedSliceValues(names.data(), names.data() + names.size());
    return layout;
}

std::string whyNotAlone(core::RangeOutcome outcome)
{
    switch (outcome) {
    case core::RangeOutcome::QuotedLineBreak:
        return "a quoted field holds a line break, so a line end need not end a row";
    case core::RangeOutcome::NotUtf8:
        return "the file is not UTF-8 throughout, so it is read as Windows-1252 as a whole (--encoding "
               "windows-1252 reads it in ranges)";
    case core::RangeOutcome::Failed:
    case core::RangeOutcome::Read:
        break;
    }
    return "a range broke the format, which the whole file's read reports with its line";
}

/// Every column's dictionary over the job, as loadTable numbers it: each rank's values in rank
/// order (its range's order of first appearance), so a value's first appearance in the file
/// decides its code. Nullopt, on every rank, when a column's values exceed one MPI message.
std::optional<std::vector<std::vector<std::string>>> agreedDictionaries(const core::EncodedTable& range,
                                                                        const JobPlace& place)
{
    const std::size_t columns = range.columnCount();
    const auto ranks = static_cast<std::size_t>(place.size);
    std::vector<std::string> packed;
    std::vector<std::uint64_t> sizes;
    for (const core::EncodedColumn& column : range.columns) {
        packed.push_back(packedSliceValues(column.dictionary));
        sizes.push_back(packed.back().size());
    }
    std::vector<std::uint64_t> allSizes(columns * ranks);
    MPI_Allgather(sizes.data(), static_cast<int>(columns), MPI_UINT64_T, allSizes.data(), static_cast<int>(columns),
                  MPI_UINT64_T, MPI_COMM_WORLD);
    for (std::size_t c = 0; c < columns; ++c) {
        std::uint64_t total = 0;
        for (std::size_t r = 0; r < ranks; ++r)
            total += allSizes[r * columns + c];
        if (total > INT_MAX)
            return std::nullopt;
    }
    std::vector<std::vector<std::string>> joined;
    std::vector<int> counts(ranks);
    std::vector<int> displacements(ranks);
    for (std::size_t c = 0; c < columns; ++c) {
        for (std::size_t r = 0; r < ranks; ++r)
            counts[r] = static_cast<int>(allSizes[r * columns + c]);
        std::exclusive_scan(counts.begin(), counts.end(), displacements.begin(), 0);
        std::string received(static_cast<std::size_t>(displacements.back() + counts.back()), '\0');
        MPI_Allgatherv(packed[c].data(), static_cast<int>(packed[c].size()), MPI_CHAR, received.data(), counts.data(),
                       displacements.data(), MPI_CHAR, MPI_COMM_WORLD);
        std::string().swap(packed[c]);
        std::vector<std::vector<std::string>> ofRanks;
        for (std::size_t r = 0; r < ranks; ++r) {
            const char* begin = received.data() + displacements[r];
            ofRanks.push_back(unpackedSliceValues(begin, begin + counts[r]));
        }
        joined.push_back(core::joinRangeDictionaries(ofRanks));
    }
    return joined;
}

} // namespace

SliceRead readSliceOfFile(const std::string& path, const core::LoadOptions& options, const JobPlace& place)
{
    SliceRead read;
    const std::optional<core::DelimitedLayout> layout = agreedLayout(path, options, place);
    if (!layout) {
        read.whyWhole = "rank 0 could not read the file's start";
        return read;
    }
    core::RangeRead range;
    try {
        range = core::readDelimitedRange(path, *layout, options,
                                         core::delimitedPart(path, *layout, place.rank, place.size));
    } catch (const std::exception& error) {
        range.outcome = core::RangeOutcome::Failed;
        range.failure = error.what();
    }
    int outcome = static_cast<int>(range.outcome);
    int worst = 0;
    MPI_Allreduce(&outcome, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (worst != static_cast<int>(core::RangeOutcome::Read)) {
        read.whyWhole = whyNotAlone(static_cast<core::RangeOutcome>(worst));
        return read;
    }
    const std::uint64_t sliceRows = range.table.rowCount;
    std::uint64_t rows = 0;
    MPI_Allreduce(&sliceRows, &rows, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (rows == 0 || rows > UINT32_MAX) {
        read.whyWhole = rows == 0 ? "no rank read a row" : "the ranges hold more rows than a table may";
        return read;
    }
    std::optional<std::vector<std::vector<std::string>>> dictionaries = agreedDictionaries(range.table, place);
    if (!dictionaries) {
        read.whyWhole = "a column's values exceed one MPI message (2 GiB)";
        return read;
    }
    core::adoptJoinedDictionaries(range.table, std::move(*dictionaries), options.missingTokens);
    read.rows = static_cast<std::uint32_t>(rows);
    read.slice = std::move(range.table);
    return read;
}

core::EncodedTable gatheredTable(const core::EncodedTable& slice, std::uint32_t rows, const JobPlace& place)
{
    const auto ranks = static_cast<std::size_t>(place.size);
    if (rows > INT_MAX)
        abortJob(place, cli::exitInputError,
                 "the table has more rows than one MPI message holds; use --distribute rows");
    const int sliceRows = static_cast<int>(slice.rowCount);
    std::vector<int> counts(ranks);
    MPI_Allgather(&sliceRows, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> displacements(ranks);
    std::exclusive_scan(counts.begin(), counts.end(), displacements.begin(), 0);
    core::EncodedTable table;
    table.sourcePath = slice.sourcePath;
    table.rowCount = rows;
    for (const core::EncodedColumn& part : slice.columns) {
        core::EncodedColumn& column = table.columns.emplace_back();
        column.name = part.name;
        column.type = part.type;
        column.dictionary = part.dictionary;
        column.missing = part.missing;
        column.codes.resize(rows);
        MPI_Allgatherv(part.codes.data(), sliceRows, MPI_UINT32_T, column.codes.data(), counts.data(),
                       displacements.data(), MPI_UINT32_T, MPI_COMM_WORLD);
        column.frequencies.assign(column.dictionary.size(), 0);
        for (const std::uint32_t code : column.codes)
            ++column.frequencies[code];
    }
    return table;
}

} // namespace qiscout::mpi
