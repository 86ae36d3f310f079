// SPDX-License-Identifier: GPL-3.0-or-later
#include "row_distribution.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <numeric>

#include <mpi.h>

#include "qiscout/core/engines/all_columns_risk.h"
#include "qiscout/core/engines/combination_counts.h"
#include "qiscout/core/engines/level_sweep.h"

namespace qiscout::mpi {
namespace {

// A batch of sets is exchanged once its worst case (every row of the largest slice a distinct
// combination of every set) fills this many 32-bit words of send buffer: 128 MiB per rank, so a
// level of many sets on many rows goes in several exchanges instead of one that does not fit.
constexpr std::size_t rowsExchangeBudgetWords = std::size_t{1} << 25;

/// What every rank of the job agrees on before measuring a level's sets.
struct RowsJob {
    const JobPlace& place;
    std::uint64_t k = 1;
    core::MissingSemantics semantics = core::MissingSemantics::Value;
    /// The columns with a missing cell on some rank: under the wildcard semantics, the sets
    /// touching them are measured whole, by one owner.
    core::ColumnSet missingColumns;
    int threads = 1;
    std::uint32_t largestSlice = 0;
};

/// What measuring one level cost this rank.
struct RowsLevelLoad {
    std::uint64_t bytesSent = 0;
    double busySeconds = 0.0;
};

double secondsSinceRows(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The rank owning combination `codes` of set `set` of the batch: a SplitMix64 mix of both, so
/// the combinations of every set spread evenly over the ranks.
int ownerOfCombination(std::uint32_t set, const std::uint32_t* codes, std::size_t width, int ranks)
{
    std::uint64_t hash = set;
    for (std::size_t i = 0; i < width; ++i) {
        hash = (hash ^ codes[i]) + 0x9E3779B97F4A7C15ULL;
        hash = (hash ^ (hash >> 30U)) * 0xBF58476D1CE4E5B9ULL;
        hash = (hash ^ (hash >> 27U)) * 0x94D049BB133111EBULL;
        hash ^= hash >> 31U;
    }
    return static_cast<int>(hash % static_cast<std::uint64_t>(ranks));
}

/// The columns with a missing cell on any rank's slice.
core::ColumnSet missingColumnsOfJob(const core::EncodedTable& slice)
{
    std::vector<int> local(slice.columnCount(), 0);
    for (std::size_t c = 0; c < slice.columnCount(); ++c) {
        const core::EncodedColumn& column = slice.columns[c];
        for (std::size_t code = 0; code < column.missing.size() && code < column.frequencies.size(); ++code)
            local[c] = local[c] != 0 || (column.missing[code] && column.frequencies[code] > 0) ? 1 : 0;
    }
    std::vector<int> global(local.size(), 0);
    MPI_Allreduce(local.data(), global.data(), static_cast<int>(local.size()), MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    core::ColumnSet columns;
    for (std::size_t c = 0; c < global.size(); ++c)
        if (global[c] != 0)
            columns = columns.with(static_cast<int>(c));
    return columns;
}

/// The combinations of `set` received in `received` at `records` (offsets of records: the set's
/// index, its codes, a count), equal ones added up.
core::CombinationCounts addUpReceived(const std::vector<std::uint32_t>& received, std::vector<std::size_t>& records,
                                      std::size_t width)
{
    const auto codesAt = [&](std::size_t record) { return received.data() + record + 1; };
    std::sort(records.begin(), records.end(), [&](std::size_t a, std::size_t b) {
        return std::lexicographical_compare(codesAt(a), codesAt(a) + width, codesAt(b), codesAt(b) + width);
    });
    core::CombinationCounts counts;
    counts.width = width;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const std::uint32_t* codes = codesAt(records[i]);
        const std::uint64_t rows = codes[width];
        if (i > 0 && std::equal(codes, codes + width, codesAt(records[i - 1]))) {
            counts.rows.back() += rows;
            continue;
        }
        counts.codes.insert(counts.codes.end(), codes, codes + width);
        counts.rows.push_back(rows);
    }
    return counts;
}

/// The classes of sets [first, end) of `sets` measured on the combinations this rank owns, after
/// one MPI_Alltoallv.
void measureBatch(const core::EncodedTable& slice, const std::vector<core::ColumnSet>& sets, std::size_t first,
                  std::size_t end, const RowsJob& job, std::vector<core::CombinationClasses>& owned,
                  RowsLevelLoad& load)
{
    const auto ranks = static_cast<std::size_t>(job.place.size);
    const std::size_t width = static_cast<std::size_t>(sets[first].size());
    const std::size_t recordWords = width + 2;
    auto busyStart = std::chrono::steady_clock::now();
    const std::vector<core::ColumnSet> batch(sets.begin() + static_cast<std::ptrdiff_t>(first),
                                             sets.begin() + static_cast<std::ptrdiff_t>(end));
    const std::vector<core::CombinationCounts> counts = core::countCombinations(slice, batch, job.threads);

    // The owner of each combination, then the records laid out by owner.
    std::vector<int> owners;
    std::vector<int> sendCounts(ranks, 0);
    for (std::size_t set = 0; set < batch.size(); ++set) {
        const bool whole =
            job.semantics == core::MissingSemantics::Wildcard && batch[set].intersects(job.missingColumns);
        const auto setIndex = static_cast<std::uint32_t>(first + set);
        for (std::size_t c = 0; c < counts[set].size(); ++c) {
            const int owner =
                whole ? static_cast<int>((first + set) % ranks)
                      : ownerOfCombination(setIndex, counts[set].codes.data() + c * width, width, job.place.size);
            owners.push_back(owner);
            sendCounts[static_cast<std::size_t>(owner)] += static_cast<int>(recordWords);
        }
    }
    std::vector<int> sendDisplacements(ranks, 0);
    std::exclusive_scan(sendCounts.begin(), sendCounts.end(), sendDisplacements.begin(), 0);
    std::vector<std::uint32_t> sent(static_cast<std::size_t>(sendDisplacements.back() + sendCounts.back()));
    std::vector<int> filled = sendDisplacements;
    std::size_t combination = 0;
    for (std::size_t set = 0; set < batch.size(); ++set) {
        for (std::size_t c = 0; c < counts[set].size(); ++c, ++combination) {
            auto at = static_cast<std::size_t>(filled[static_cast<std::size_t>(owners[combination])]);
            sent[at] = static_cast<std::uint32_t>(set);
            std::copy_n(counts[set].codes.data() + c * width, width,
                        sent.begin() + static_cast<std::ptrdiff_t>(at + 1));
            // A slice's count fits 32 bits: a slice has fewer than 2^32 rows.
            sent[at + 1 + width] = static_cast<std::uint32_t>(counts[set].rows[c]);
            filled[static_cast<std::size_t>(owners[combination])] += static_cast<int>(recordWords);
        }
    }
    load.busySeconds += secondsSinceRows(busyStart);

    std::vector<int> receiveCounts(ranks, 0);
    MPI_Alltoall(sendCounts.data(), 1, MPI_INT, receiveCounts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> receiveDisplacements(ranks, 0);
    std::exclusive_scan(receiveCounts.begin(), receiveCounts.end(), receiveDisplacements.begin(), 0);
    std::vector<std::uint32_t> received(static_cast<std::size_t>(receiveDisplacements.back() + receiveCounts.back()));
    MPI_Alltoallv(sent.data(), sendCounts.data(), sendDisplacements.data(), MPI_UINT32_T, received.data(),
                  receiveCounts.data(), receiveDisplacements.data(), MPI_UINT32_T, MPI_COMM_WORLD);
    const auto self = static_cast<std::size_t>(job.place.rank);
    load.bytesSent += (sent.size() - static_cast<std::size_t>(sendCounts[self])) * sizeof(std::uint32_t);

    busyStart = std::chrono::steady_clock::now();
    std::vector<std::vector<std::size_t>> recordsOfSet(batch.size());
    for (std::size_t record = 0; record < received.size(); record += recordWords)
        recordsOfSet[received[record]].push_back(record);
    for (std::size_t set = 0; set < batch.size(); ++set) {
        const core::CombinationCounts mine = addUpReceived(received, recordsOfSet[set], width);
        owned[first + set] = core::classesOfCombinations(slice, batch[set], mine, job.k, job.semantics);
    }
    load.busySeconds += secondsSinceRows(busyStart);
}

/// Every set's classes over the whole job, known on every rank: sets all of one size.
std::vector<core::CombinationClasses> measureOverRows(const core::EncodedTable& slice,
                                                      const std::vector<core::ColumnSet>& sets, const RowsJob& job,
                                                      RowsLevelLoad& load)
{
    std::vector<core::CombinationClasses> owned(sets.size());
    if (sets.empty())
        return owned;
    const std::size_t worstPerSet =
        std::max<std::size_t>(1, std::size_t{job.largestSlice} * (static_cast<std::size_t>(sets.front().size()) + 2));
    const std::size_t batchSets = std::max<std::size_t>(1, rowsExchangeBudgetWords / worstPerSet);
    for (std::size_t first = 0; first < sets.size(); first += batchSets)
        measureBatch(slice, sets, first, std::min(sets.size(), first + batchSets), job, owned, load);

    // One all-reduce for the level: the sums, then the smallest classes.
    std::vector<std::uint64_t> sums;
    std::vector<std::uint64_t> smallest;
    for (const core::CombinationClasses& classes : owned) {
        sums.insert(sums.end(), {classes.isolatedRows, classes.classes, classes.rowsVisited});
        smallest.push_back(classes.smallestClass);
    }
    std::vector<std::uint64_t> total(sums.size() + smallest.size());
    const int summed = static_cast<int>(3 * owned.size());
    MPI_Allreduce(sums.data(), total.data(), summed, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(smallest.data(), total.data() + summed, static_cast<int>(owned.size()), MPI_UINT64_T, MPI_MIN,
                  MPI_COMM_WORLD);
    if (job.place.size > 1)
        load.bytesSent += total.size() * sizeof(std::uint64_t);
    for (std::size_t set = 0; set < owned.size(); ++set) {
        owned[set].isolatedRows = total[3 * set];
        owned[set].classes = total[3 * set + 1];
        owned[set].rowsVisited = total[3 * set + 2];
        owned[set].smallestClass = total[static_cast<std::size_t>(summed) + set];
    }
    return owned;
}

RowsJob rowsJobOf(const core::EncodedTable& slice, const core::SearchParameters& parameters, int threads,
                  const JobPlace& place)
{
    RowsJob job{place, parameters.k, parameters.missingSemantics, missingColumnsOfJob(slice), threads, 0};
    MPI_Allreduce(&slice.rowCount, &job.largestSlice, 1, MPI_UINT32_T, MPI_MAX, MPI_COMM_WORLD);
    return job;
}

} // namespace

RowShare RowShare::of(std::uint32_t rows, const JobPlace& place)
{
    const auto share = [&](int rank) {
        return static_cast<std::uint32_t>(std::uint64_t{rows} * static_cast<std::uint64_t>(rank) /
                                          static_cast<std::uint64_t>(place.size));
    };
    return {share(place.rank), share(place.rank + 1)};
}

core::SearchResult searchRowsDistributed(const core::EncodedTable& slice, const core::SearchParameters& parameters,
                                         const JobPlace& place, std::vector<LevelCost>& costs)
{
    core::LevelSweep sweep(slice, parameters);
    const RowsJob job = rowsJobOf(slice, parameters, sweep.result().threads, place);
    const auto ranks = static_cast<std::size_t>(place.size);
    std::vector<core::SetEvaluation> evaluations;
    while (!sweep.finished()) {
        const auto levelStart = std::chrono::steady_clock::now();
        const std::vector<core::ColumnSet>& level = sweep.level();
        RowsLevelLoad load;
        const std::vector<core::CombinationClasses> classes = measureOverRows(slice, level, job, load);
        evaluations.clear();
        for (const core::CombinationClasses& set : classes) {
            const std::uint64_t smallest =
                set.smallestClass == std::numeric_limits<std::uint64_t>::max() ? 0 : set.smallestClass;
            evaluations.push_back({set.isolatedRows, smallest, set.rowsVisited});
        }
        LevelCost cost;
        cost.size = sweep.levelSize();
        cost.sets = level.size();
        cost.bytesSent.resize(ranks);
        cost.busySeconds.resize(ranks);
        MPI_Allgather(&load.bytesSent, 1, MPI_UINT64_T, cost.bytesSent.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
        MPI_Allgather(&load.busySeconds, 1, MPI_DOUBLE, cost.busySeconds.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD);
        sweep.settle(evaluations);
        cost.wallSeconds = secondsSinceRows(levelStart);
        costs.push_back(std::move(cost));
    }
    return sweep.result();
}

core::AllColumnsRisk allColumnsRiskOverRows(const core::EncodedTable& slice, const core::SearchResult& result,
                                            const JobPlace& place)
{
    std::uint64_t rows = 0;
    const std::uint64_t sliceRows = slice.rowCount;
    MPI_Allreduce(&sliceRows, &rows, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (result.searchedColumns.empty() || rows == 0) {
        // Nothing to group: core's answer reads the row count alone.
        core::EncodedTable whole;
        whole.rowCount = static_cast<std::uint32_t>(rows);
        return core::allColumnsRisk(whole, result).value();
    }
    core::SearchParameters parameters;
    parameters.k = result.k;
    parameters.missingSemantics = result.missingSemantics;
    const RowsJob job = rowsJobOf(slice, parameters, result.threads, place);
    RowsLevelLoad load;
    const core::CombinationClasses classes = measureOverRows(slice, {result.searchedColumns}, job, load).front();
    core::AllColumnsRisk risk;
    risk.columns = result.searchedColumns;
    risk.rows = rows;
    risk.rowsAtRisk = classes.isolatedRows;
    risk.smallestClass = classes.smallestClass;
    risk.classes = classes.classes;
    return risk;
}

} // namespace qiscout::mpi
