// SPDX-License-Identifier: GPL-3.0-or-later
// #19: memory running out anywhere in a load or a search ends it with an OutOfMemoryError (or a
// LoadError of kind OutOfMemory) that says what ran out, never with a hang. This executable
// replaces the global operator new so that the n-th allocation from now on, on any thread,
// throws std::bad_alloc; it is kept apart from core_tests so that no other test runs under it.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <new>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/synthetic_table.h"
#include "qiscout/core/util/out_of_memory.h"

#include "support/loader_test_support.h"

namespace {

/// Allocations left before the next one fails; negative means no limit.
std::atomic<std::int64_t> allocationsLeft{-1};
/// Allocations made since the last reset, counted while there is no limit too.
std::atomic<std::int64_t> allocationsMade{0};

void* allocate(std::size_t size)
{
    allocationsMade.fetch_add(1, std::memory_order_relaxed);
    if (allocationsLeft.load(std::memory_order_relaxed) >= 0 &&
        allocationsLeft.fetch_sub(1, std::memory_order_relaxed) <= 0)
        throw std::bad_alloc();
    if (void* memory = std::malloc(size == 0 ? 1 : size))
        return memory;
    throw std::bad_alloc();
}

void* allocateOrNull(std::size_t size) noexcept
{
    try {
        return allocate(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

} // namespace

void* operator new(std::size_t size)
{
    return allocate(size);
}
void* operator new[](std::size_t size)
{
    return allocate(size);
}
// The nothrow forms too (std::stable_sort's temporary buffer uses them): left to the runtime, they
// would hand out memory that the replaced delete below frees with std::free, a mismatch that
// AddressSanitizer reports.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept
{
    return allocateOrNull(size);
}
void operator delete(void* memory, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept
{
    std::free(memory);
}
void operator delete(void* memory) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory) noexcept
{
    std::free(memory);
}
void operator delete(void* memory, std::size_t) noexcept
{
    std::free(memory);
}
void operator delete[](void* memory, std::size_t) noexcept
{
    std::free(memory);
}

namespace {

using namespace qiscout::core;
using qiscout::test::TempFile;

/// Lets the next `count` allocations succeed and fails the one after; ends with the scope.
class AllocationLimit {
public:
    explicit AllocationLimit(std::int64_t count) { allocationsLeft.store(count); }
    ~AllocationLimit() { allocationsLeft.store(-1); }
    AllocationLimit(const AllocationLimit&) = delete;
    AllocationLimit& operator=(const AllocationLimit&) = delete;
};

/// Allocations `work` makes with no limit.
template <typename Work>
std::int64_t countAllocations(const Work& work)
{
    allocationsMade.store(0);
    work();
    return allocationsMade.load();
}

/// About 60 failure points spread over [0, total): every one of the first 20, then geometric.
std::vector<std::int64_t> failurePoints(std::int64_t total)
{
    std::vector<std::int64_t> points;
    for (std::int64_t n = 0; n < total; n = n < 20 ? n + 1 : n + n / 8 + 1)
        points.push_back(n);
    return points;
}

/// How a run under an allocation limit ended. Catch's assertions are for the test's own thread,
/// so a run on another thread only reports back.
struct Outcome {
    bool completed = false;
    std::size_t answerSize = 0;
    std::string message;
    std::uint64_t neededBytes = 0;
    bool loadErrorOfOtherKind = false;
};

/// Runs `work` on another thread; a run that has not ended after a minute is a hang, which ends
/// the test program (a hung thread cannot be joined).
template <typename Work>
Outcome requireEnds(const Work& work, const std::string& what)
{
    auto done = std::async(std::launch::async, work);
    if (done.wait_for(std::chrono::seconds(60)) == std::future_status::timeout) {
        std::fprintf(stderr, "%s did not end within a minute: a hang (#19)\n", what.c_str());
        std::_Exit(1);
    }
    return done.get();
}

std::string syntheticCsv(std::uint64_t rows, int columns)
{
    std::ostringstream out;
    writeSyntheticTable(out, SyntheticTableShape{rows, columns, 3});
    return out.str();
}

} // namespace

TEST_CASE("A search whose memory runs out at any allocation ends with a message, never a hang",
          "[robust][out-of-memory]")
{
    const auto [algorithm, threads] = GENERATE(table<Algorithm, int>({{Algorithm::Fpvi, 2},
                                                                      {Algorithm::Fpvi, 1},
                                                                      {Algorithm::Mtui, 2},
                                                                      {Algorithm::Border, 2},
                                                                      {Algorithm::Suda2, 2}}));
    const TempFile file(syntheticCsv(4000, 8));
    const EncodedTable loaded = loadTable(file.path());
    SearchParameters parameters;
    parameters.k = algorithm == Algorithm::Suda2 ? 1 : 2;
    parameters.threads = std::min(threads, static_cast<int>(std::max(1U, std::thread::hardware_concurrency())));
    NullObserver quiet;
    const SearchResult expected = runSearch(loaded, parameters, algorithm, {}, quiet);
    const std::int64_t total =
        countAllocations([&] { static_cast<void>(runSearch(loaded, parameters, algorithm, {}, quiet)); });
    INFO(toString(algorithm) << " on " << *parameters.threads << " threads, " << total << " allocations");
    int failures = 0;
    for (const std::int64_t point : failurePoints(total)) {
        INFO("allocation " << point << " fails");
        const Outcome outcome = requireEnds(
            [&] {
                Outcome ended;
                try {
                    const AllocationLimit limit(point);
                    ended.answerSize = runSearch(loaded, parameters, algorithm, {}, quiet).minimalSets.size();
                    ended.completed = true;
                } catch (const OutOfMemoryError& error) {
                    ended.message = error.what();
                    ended.neededBytes = error.neededBytes();
                }
                return ended;
            },
            std::string(toString(algorithm)) + " with allocation " + std::to_string(point) + " failing");
        if (outcome.completed) {
            // An engine may meet the failure where it can do without the memory; then the answer
            // must still be the right one.
            CHECK(outcome.answerSize == expected.minimalSets.size());
            continue;
        }
        ++failures;
        CHECK_THAT(outcome.message, Catch::StartsWith("Not enough memory for searching 4000 rows x 8 columns") &&
                                        Catch::Contains("it needs about"));
        CHECK(outcome.neededBytes > std::uint64_t{4000} * 8 * 4);
    }
    CHECK(failures > 0);
}

TEST_CASE("A load whose memory runs out at any allocation fails with a LoadError saying so", "[robust][out-of-memory]")
{
    const TempFile file(syntheticCsv(4000, 8));
    // Built before any limit: the options' default missing tokens are allocations of their own.
    const LoadOptions options;
    const EncodedTable expected = loadTable(file.path(), options);
    const std::int64_t total = countAllocations([&] { static_cast<void>(loadTable(file.path(), options)); });
    int failures = 0;
    for (const std::int64_t point : failurePoints(total)) {
        INFO("allocation " << point << " of " << total << " fails");
        const Outcome outcome = requireEnds(
            [&] {
                Outcome ended;
                try {
                    const AllocationLimit limit(point);
                    ended.answerSize = loadTable(file.path(), options).rowCount;
                    ended.completed = true;
                } catch (const LoadError& error) {
                    ended.loadErrorOfOtherKind = error.kind() != LoadErrorKind::OutOfMemory;
                    ended.message = error.what();
                }
                return ended;
            },
            "loading with allocation " + std::to_string(point) + " failing");
        if (outcome.completed) {
            CHECK(outcome.answerSize == expected.rowCount);
            continue;
        }
        ++failures;
        CHECK_FALSE(outcome.loadErrorOfOtherKind);
        CHECK_THAT(outcome.message, Catch::StartsWith("Not enough memory for loading '" + file.path() + "'"));
    }
    CHECK(failures > 0);
}
