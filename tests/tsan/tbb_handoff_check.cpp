// SPDX-License-Identifier: GPL-3.0-or-later
// #19: the tsan preset's premise. Results handed from TBB's workers to the caller through nothing
// but TBB's own join (tbb::parallel_for's return, task_group::wait) must raise no report.
// ThreadSanitizer only sees those joins when libtbb is built with it: linked to Debian's libtbb,
// this program got 42 to 56 "data race" reports a run (5 runs), in TBB's partitioner, in the loop
// bodies and in afterJoin() against a worker whose stack ends in libtbb, the kind reported in
// SettledLattice::fill. Linked to the oneTBB of installer/build-tsan-tbb.sh: none (5 runs).
#include <cstdio>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace {

// Enough arithmetic per item that TBB's workers steal some of the items.
long work(std::size_t item)
{
    long sum = 0;
    for (long step = 0; step < 2000; ++step)
        sum += step % static_cast<long>(item + 1);
    return sum;
}

// As SettledLattice::fill after the engines' parallel part: a fresh call that reads the results and
// writes new vectors and a stack frame where TBB's tasks and wait nodes were.
[[gnu::noinline]] long afterJoin(const std::vector<long>& results)
{
    std::vector<long> copy;
    copy.reserve(results.size());
    volatile char frame[4096];
    for (std::size_t i = 0; i < sizeof frame; ++i)
        frame[i] = static_cast<char>(i);
    long total = frame[7];
    for (const long value : results) {
        copy.push_back(value);
        total += value;
    }
    return total - frame[7];
}

// MTUI's shape: a parallel_for over a blocked_range within an arena, results read after it.
[[gnu::noinline]] std::vector<long> parallelForResults(tbb::task_arena& arena, std::size_t count)
{
    std::vector<long> results(count);
    tbb::task_group_context context;
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t item = range.begin(); item != range.end(); ++item)
                    results[item] = work(item);
            },
            context);
    });
    return results;
}

// FPVI's shape: the caller and tasks of a task_group each fill their own part, read after wait().
[[gnu::noinline]] std::vector<long> taskGroupResults(tbb::task_arena& arena, int tasks, std::size_t count)
{
    std::vector<long> results(count);
    tbb::task_group_context context;
    arena.execute([&] {
        tbb::task_group group(context);
        const auto fillPart = [&results, tasks, count](int part) {
            for (std::size_t item = static_cast<std::size_t>(part); item < count;
                 item += static_cast<std::size_t>(tasks))
                results[item] = work(item);
        };
        for (int part = 1; part < tasks; ++part)
            group.run([&fillPart, part] { fillPart(part); });
        fillPart(0);
        group.wait();
    });
    return results;
}

} // namespace

int main()
{
    constexpr int threads = 4;
    constexpr std::size_t count = 256;
    long expected = 0;
    for (std::size_t item = 0; item < count; ++item)
        expected += work(item);

    tbb::task_arena arena(threads);
    for (int round = 0; round < 10; ++round) {
        const long viaParallelFor = afterJoin(parallelForResults(arena, count));
        const long viaTaskGroup = afterJoin(taskGroupResults(arena, threads, count));
        if (viaParallelFor != expected || viaTaskGroup != expected) {
            std::fprintf(stderr, "round %d: sums %ld and %ld, expected %ld\n", round, viaParallelFor, viaTaskGroup,
                         expected);
            return 1;
        }
    }
    return 0;
}
