// SPDX-License-Identifier: GPL-3.0-or-later
#include "lattice_distribution.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>

#include <mpi.h>

#include "qiscout/core/engines/level_sweep.h"
#include "qiscout/core/engines/set_evaluator.h"

namespace qiscout::mpi {
namespace {

// A set's evaluation travels as four 64-bit numbers: its index in the level, isolated rows,
// smallest class, rows visited.
constexpr int wordsPerLatticeRecord = 4;
constexpr int chunkRequestTag = 3801;
constexpr int chunkReplyTag = 3802;

double secondsSinceLattice(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Hands out a level's sets a chunk at a time, first come first served: to rank 0's own loop and,
/// through its server thread, to the other ranks. Thread: shared by rank 0's two threads.
class ChunkDealer {
public:
    ChunkDealer(std::size_t sets, std::size_t chunk) : m_sets(sets), m_chunk(chunk) {}

    /// The next chunk [first, end), or first == end once every set is handed out.
    [[nodiscard]] std::array<std::uint64_t, 2> take()
    {
        const std::size_t first = std::min(m_next.fetch_add(m_chunk), m_sets);
        return {first, std::min(first + m_chunk, m_sets)};
    }

private:
    std::size_t m_sets;
    std::size_t m_chunk;
    std::atomic<std::size_t> m_next{0};
};

/// Rank 0's server: answers the other ranks' requests for chunks until each was told the level is
/// handed out. Runs on its own thread (MPI_THREAD_MULTIPLE), beside rank 0's own evaluation.
void serveChunks(ChunkDealer& dealer, int ranks, std::uint64_t& messageBytes)
{
    int done = 0;
    while (done < ranks - 1) {
        std::uint64_t request = 0;
        MPI_Request pending = MPI_REQUEST_NULL;
        MPI_Irecv(&request, 1, MPI_UINT64_T, MPI_ANY_SOURCE, chunkRequestTag, MPI_COMM_WORLD, &pending);
        // A blocking receive would spin on a core rank 0's own threads need; a request waits
        // at most a tenth of a millisecond more this way, against chunks of milliseconds or more.
        int arrived = 0;
        MPI_Status status;
        for (MPI_Test(&pending, &arrived, &status); arrived == 0; MPI_Test(&pending, &arrived, &status))
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        const std::array<std::uint64_t, 2> chunk = dealer.take();
        done += chunk[0] == chunk[1] ? 1 : 0;
        MPI_Send(chunk.data(), 2, MPI_UINT64_T, status.MPI_SOURCE, chunkReplyTag, MPI_COMM_WORLD);
        messageBytes += sizeof(chunk);
    }
}

/// The next chunk for a rank other than 0, asked of rank 0.
std::array<std::uint64_t, 2> askForChunk(std::uint64_t& messageBytes)
{
    const std::uint64_t request = 0;
    MPI_Send(&request, 1, MPI_UINT64_T, 0, chunkRequestTag, MPI_COMM_WORLD);
    messageBytes += sizeof(request);
    std::array<std::uint64_t, 2> chunk{};
    MPI_Recv(chunk.data(), 2, MPI_UINT64_T, 0, chunkReplyTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return chunk;
}

} // namespace

core::SearchResult searchLatticeDistributed(const core::EncodedTable& table, const core::SearchParameters& parameters,
                                            const JobPlace& place, std::vector<LevelCost>& costs)
{
    core::LevelSweep sweep(table, parameters);
    core::SetEvaluator evaluator(table, parameters);
    const auto ranks = static_cast<std::size_t>(place.size);
    const auto threads = static_cast<std::size_t>(sweep.result().threads);
    std::vector<int> counts(ranks);
    std::vector<int> displacements(ranks);
    std::vector<core::ColumnSet> chunkSets;
    std::vector<std::uint64_t> sent;
    std::vector<std::uint64_t> received;
    std::vector<core::SetEvaluation> evaluations;
    while (!sweep.finished()) {
        const auto levelStart = std::chrono::steady_clock::now();
        const std::vector<core::ColumnSet>& level = sweep.level();
        // About four chunks per rank, so that a rank done early takes work from the slow ones,
        // and each chunk big enough to keep the rank's threads busy.
        ChunkDealer dealer(level.size(), std::max(threads, level.size() / (4 * ranks)));
        std::uint64_t messageBytes = 0;
        std::thread server;
        if (place.isRoot() && ranks > 1)
            server = std::thread([&] { serveChunks(dealer, place.size, messageBytes); });
        double busy = 0.0;
        sent.clear();
        for (;;) {
            const std::array<std::uint64_t, 2> chunk = place.isRoot() ? dealer.take() : askForChunk(messageBytes);
            if (chunk[0] == chunk[1])
                break;
            const auto busyStart = std::chrono::steady_clock::now();
            chunkSets.assign(level.begin() + static_cast<std::ptrdiff_t>(chunk[0]),
                             level.begin() + static_cast<std::ptrdiff_t>(chunk[1]));
            const std::vector<core::SetEvaluation> mine = evaluator.evaluate(chunkSets, {}).value();
            busy += secondsSinceLattice(busyStart);
            for (std::size_t i = 0; i < mine.size(); ++i)
                sent.insert(sent.end(),
                            {chunk[0] + i, mine[i].isolatedRows, mine[i].smallestClass, mine[i].rowsVisited});
        }
        if (server.joinable())
            server.join();

        const int mineWords = static_cast<int>(sent.size());
        MPI_Allgather(&mineWords, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
        std::exclusive_scan(counts.begin(), counts.end(), displacements.begin(), 0);
        received.resize(static_cast<std::size_t>(displacements.back() + counts.back()));
        MPI_Allgatherv(sent.data(), mineWords, MPI_UINT64_T, received.data(), counts.data(), displacements.data(),
                       MPI_UINT64_T, MPI_COMM_WORLD);
        evaluations.resize(level.size());
        for (std::size_t at = 0; at < received.size(); at += wordsPerLatticeRecord)
            evaluations[received[at]] = {received[at + 1], received[at + 2], received[at + 3]};

        LevelCost cost;
        cost.size = sweep.levelSize();
        cost.sets = level.size();
        cost.busySeconds.resize(ranks);
        MPI_Allgather(&busy, 1, MPI_DOUBLE, cost.busySeconds.data(), 1, MPI_DOUBLE, MPI_COMM_WORLD);
        // An all-gather sends a rank's records to each of the other ranks (whatever tree or ring
        // the library picks, that is what has to arrive), beside the chunk requests and replies.
        const std::uint64_t mineBytes = sent.size() * sizeof(std::uint64_t) * (ranks - 1) + messageBytes;
        cost.bytesSent.resize(ranks);
        MPI_Allgather(&mineBytes, 1, MPI_UINT64_T, cost.bytesSent.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
        sweep.settle(evaluations);
        cost.wallSeconds = secondsSinceLattice(levelStart);
        costs.push_back(std::move(cost));
    }
    return sweep.result();
}

} // namespace qiscout::mpi
