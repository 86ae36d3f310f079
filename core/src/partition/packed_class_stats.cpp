// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/packed_class_stats.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace qiscout::core {
namespace {

unsigned addPackedClassScalar(std::uint32_t* counts, std::uint32_t codes, std::uint32_t size, std::uint32_t limit,
                              PackedLaneStats& stats)
{
    unsigned lanesAtRisk = 0;
    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
        std::uint32_t others = 0;
        for (std::uint32_t code = 1; code < codes; ++code)
            others += counts[code * packLanes + lane];
        counts[lane] = size - others;
        std::uint32_t isolated = 0;
        std::uint32_t smallest = std::numeric_limits<std::uint32_t>::max();
        for (std::uint32_t code = 0; code < codes; ++code) {
            const std::uint32_t classSize = counts[code * packLanes + lane];
            // Codes absent from the class count as larger than any class.
            smallest = std::min(smallest, classSize - 1U);
            isolated += classSize <= limit ? classSize : 0U;
        }
        stats.isolatedRows[lane] += isolated;
        stats.smallestClass[lane] = std::min(stats.smallestClass[lane], smallest + 1U);
        lanesAtRisk |= isolated > 0 ? 1U << lane : 0U;
    }
    return lanesAtRisk;
}

void addSmallClassesScalar(const std::uint8_t* packed, std::span<const std::uint32_t> starts, std::uint32_t limit,
                           PackedLaneStats& stats)
{
    const std::uint32_t origin = starts[0];
    for (std::size_t index = 0; index + 1 < starts.size(); ++index) {
        const std::uint32_t begin = starts[index] - origin;
        const std::uint32_t end = starts[index + 1] - origin;
        for (std::uint32_t row = begin; row < end; ++row) {
            for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
                const std::uint8_t code = packed[std::size_t{row} * packLanes + lane];
                std::uint32_t classSize = 0;
                for (std::uint32_t other = begin; other < end; ++other)
                    classSize += packed[std::size_t{other} * packLanes + lane] == code ? 1U : 0U;
                stats.smallestClass[lane] = std::min(stats.smallestClass[lane], classSize);
                if (classSize <= limit) {
                    ++stats.isolatedRows[lane];
                    if (stats.firstIsolated[lane] == PackedLaneStats::noPosition)
                        stats.firstIsolated[lane] = origin + row;
                }
            }
        }
    }
}

#if defined(__x86_64__)

// Adds one code's class on each lane, of `sizes` rows (0: absent), to the smallest class less one
// (absent codes wrap round to the largest value) and the isolated rows.
__attribute__((target("avx2"))) inline void addClassSizes(__m256i sizes, __m256i limits, __m256i& smallest,
                                                          __m256i& isolated)
{
    smallest = _mm256_min_epu32(smallest, _mm256_sub_epi32(sizes, _mm256_set1_epi32(1)));
    const __m256i atRisk = _mm256_cmpeq_epi32(_mm256_min_epu32(sizes, limits), sizes);
    isolated = _mm256_add_epi32(isolated, _mm256_and_si256(sizes, atRisk));
}

// All eight lanes' statistics one code at a time: a code's counters are one vector.
__attribute__((target("avx2"))) unsigned addPackedClassAvx2(std::uint32_t* counts, std::uint32_t codes,
                                                            std::uint32_t size, std::uint32_t limit,
                                                            PackedLaneStats& stats)
{
    static_assert(packLanes == 8);
    const __m256i limits = _mm256_set1_epi32(static_cast<int>(limit));
    __m256i others = _mm256_setzero_si256();
    __m256i isolated = _mm256_setzero_si256();
    __m256i smallest = _mm256_set1_epi32(-1);
    for (std::uint32_t code = 1; code < codes; ++code) {
        const __m256i sizes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(counts + code * packLanes));
        others = _mm256_add_epi32(others, sizes);
        addClassSizes(sizes, limits, smallest, isolated);
    }
    const __m256i zeros = _mm256_sub_epi32(_mm256_set1_epi32(static_cast<int>(size)), others);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(counts), zeros);
    addClassSizes(zeros, limits, smallest, isolated);
    std::uint32_t laneIsolated[packLanes];
    std::uint32_t laneSmallest[packLanes];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(laneIsolated), isolated);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(laneSmallest), smallest);
    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
        stats.isolatedRows[lane] += laneIsolated[lane];
        stats.smallestClass[lane] = std::min(stats.smallestClass[lane], laneSmallest[lane] + 1U);
    }
    const __m256i none = _mm256_cmpeq_epi32(isolated, _mm256_setzero_si256());
    return ~static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(none))) & 0xFFU;
}

// Each row against every row of its class, four rows to a vector: a row's matches on each lane,
// summed over the vector's four rows, are its class sizes on the eight lanes. A class of s rows
// costs s * ceil(s / 4) compares, against one random load per row and column when each column
// gathers its own codes.
__attribute__((target("avx2"))) void addSmallClassesAvx2(const std::uint8_t* packed,
                                                         std::span<const std::uint32_t> starts, std::uint32_t limit,
                                                         PackedLaneStats& stats)
{
    static_assert(packLanes == 8 && smallPackedClassRows <= 255);
    const __m128i limits = _mm_set1_epi8(static_cast<char>(std::min<std::uint32_t>(limit, 255)));
    __m128i smallest = _mm_set1_epi8(-1);
    __m256i isolated = _mm256_setzero_si256();
    unsigned wanted = 0;
    for (std::uint32_t lane = 0; lane < packLanes; ++lane)
        wanted |= stats.firstIsolated[lane] == PackedLaneStats::noPosition ? 1U << lane : 0U;
    const std::uint32_t origin = starts[0];
    for (std::size_t index = 0; index + 1 < starts.size(); ++index) {
        const std::uint8_t* rows = packed + std::size_t{starts[index] - origin} * packLanes;
        const std::uint32_t size = starts[index + 1] - starts[index];
        const std::uint32_t lastVector = (size - 1) / 4;
        const std::uint32_t tailRows = size - lastVector * 4;
        // The last vector's rows past the class are another class's, or padding.
        const __m256i tail = _mm256_set_epi64x(tailRows > 3 ? -1 : 0, tailRows > 2 ? -1 : 0, tailRows > 1 ? -1 : 0, -1);
        __m128i classIsolated = _mm_setzero_si128();
        for (std::uint32_t row = 0; row < size; ++row) {
            std::int64_t codes = 0;
            std::memcpy(&codes, rows + std::size_t{row} * packLanes, packLanes);
            const __m256i own = _mm256_set1_epi64x(codes);
            __m256i matches = _mm256_setzero_si256();
            for (std::uint32_t vector = 0; vector < lastVector; ++vector) {
                const __m256i others = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + vector * 32));
                matches = _mm256_sub_epi8(matches, _mm256_cmpeq_epi8(others, own));
            }
            const __m256i others = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + lastVector * 32));
            matches = _mm256_sub_epi8(matches, _mm256_and_si256(_mm256_cmpeq_epi8(others, own), tail));
            const __m128i halves = _mm_add_epi8(_mm256_castsi256_si128(matches), _mm256_extracti128_si256(matches, 1));
            // Bytes 0-7: the row's class size on each lane.
            const __m128i sizes = _mm_add_epi8(halves, _mm_srli_si128(halves, 8));
            smallest = _mm_min_epu8(smallest, sizes);
            const __m128i atRisk = _mm_cmpeq_epi8(_mm_min_epu8(sizes, limits), sizes);
            classIsolated = _mm_sub_epi8(classIsolated, atRisk);
            if (unsigned found = static_cast<unsigned>(_mm_movemask_epi8(atRisk)) & wanted; found != 0) {
                wanted &= ~found;
                for (; found != 0; found &= found - 1)
                    stats.firstIsolated[static_cast<std::uint32_t>(__builtin_ctz(found))] = starts[index] + row;
            }
        }
        isolated = _mm256_add_epi32(isolated, _mm256_cvtepu8_epi32(classIsolated));
    }
    if (starts.size() < 2)
        return;
    std::uint32_t laneIsolated[packLanes];
    std::uint32_t laneSmallest[packLanes];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(laneIsolated), isolated);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(laneSmallest), _mm256_cvtepu8_epi32(smallest));
    for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
        stats.isolatedRows[lane] += laneIsolated[lane];
        stats.smallestClass[lane] = std::min(stats.smallestClass[lane], laneSmallest[lane]);
    }
}

#endif

} // namespace

unsigned addPackedClass(std::uint32_t* counts, std::uint32_t codes, std::uint32_t size, std::uint32_t limit,
                        PackedLaneStats& stats, PackedCountPath path)
{
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2)
        return addPackedClassAvx2(counts, codes, size, limit, stats);
#endif
    return addPackedClassScalar(counts, codes, size, limit, stats);
}

void addSmallPackedClasses(const std::uint8_t* packed, std::span<const std::uint32_t> starts, std::uint32_t limit,
                           PackedLaneStats& stats, PackedCountPath path)
{
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2) {
        addSmallClassesAvx2(packed, starts, limit, stats);
        return;
    }
#endif
    addSmallClassesScalar(packed, starts, limit, stats);
}

} // namespace qiscout::core
