// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/packed_code_counts.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "util/cpu_features.h"

namespace qiscout::core {
namespace {

void countRowsScalar(const std::uint8_t* packed, std::uint32_t begin, std::uint32_t end, std::uint32_t codes,
                     std::uint32_t* counts)
{
    for (std::uint32_t row = begin; row < end; ++row) {
        for (std::uint32_t lane = 0; lane < packLanes; ++lane) {
            const std::uint32_t code = packed[std::size_t{row} * packLanes + lane];
            if (code != 0 && code < codes)
                ++counts[code * packLanes + lane];
        }
    }
}

// Calls pass(first, group) over codes [1, codes) in groups of at most 8 codes: a group's
// counters stay in registers over the whole buffer.
template <typename Pass>
void forCodeGroups(std::uint32_t codes, Pass pass)
{
    std::uint32_t first = 1;
    for (; first + 8 <= codes; first += 8)
        pass(first, std::integral_constant<std::uint32_t, 8>{});
    if (((codes - first) & 4U) != 0) {
        pass(first, std::integral_constant<std::uint32_t, 4>{});
        first += 4;
    }
    if (((codes - first) & 2U) != 0) {
        pass(first, std::integral_constant<std::uint32_t, 2>{});
        first += 2;
    }
    if (((codes - first) & 1U) != 0)
        pass(first, std::integral_constant<std::uint32_t, 1>{});
}

#if defined(__x86_64__)

// Byte counters overflow after 255 vectors; then they are added into the 32-bit counts.
constexpr std::uint32_t byteCounterVectors = 255;

// Adds the byte counters of `found` (a vector of whole rows) into counts[0, packLanes), lane by
// lane: the rows' bytes are widened to 16 bits (at most 255 x 4 per lane) and folded in halves.
// AVX2 only, no AVX-512 path: on this project's AMD EPYC a 64-byte version (compares into mask
// registers) was no faster on wide300 (search medians of 3 alternated pairs 15.7 s against
// AVX2's 15.1 s), so a second kernel of the same shape did not pay for itself.
__attribute__((target("avx2"))) void addLaneSums256(__m256i found, std::uint32_t* counts)
{
    const __m256i words = _mm256_add_epi16(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(found)),
                                           _mm256_cvtepu8_epi16(_mm256_extracti128_si256(found, 1)));
    const __m128i lanes = _mm_add_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
    auto* target = reinterpret_cast<__m256i*>(counts);
    _mm256_storeu_si256(target, _mm256_add_epi32(_mm256_loadu_si256(target), _mm256_cvtepu16_epi32(lanes)));
}

// The rows of one vector of a buffer of packed rows.
struct BufferedRows {
    const std::uint8_t* packed;

    __attribute__((target("avx2"))) __m256i operator()(std::uint32_t vector) const
    {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(packed + std::size_t{vector} * 32));
    }
};

// The rows of one vector gathered from `pack` at `rows`, stored into `buffer` on the way for the
// code groups after the first. The gather's loads and the count's compares are independent, so
// the processor overlaps them: gathering first and counting after left the compares waiting for
// the loads (about 0.2 ns a row on 8-byte packs of at most 9 codes, measured apart from the
// engine).
struct GatheredRows {
    const std::uint8_t* pack;
    const std::uint32_t* rows;
    std::uint8_t* buffer;

    __attribute__((target("avx2"))) __m256i operator()(std::uint32_t vector) const
    {
        static_assert(packLanes == 8);
        const std::uint32_t* row = rows + std::size_t{vector} * 4;
        std::int64_t lanes[4];
        for (std::uint32_t i = 0; i < 4; ++i)
            std::memcpy(&lanes[i], pack + std::size_t{row[i]} * packLanes, packLanes);
        const __m256i gathered = _mm256_set_epi64x(lanes[3], lanes[2], lanes[1], lanes[0]);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(buffer + std::size_t{vector} * 32), gathered);
        return gathered;
    }
};

// Counts codes [first, first + Group) over `vectors` vectors of rows, each read by rowsOf.
template <std::uint32_t Group, typename Rows>
__attribute__((target("avx2"))) void countGroupAvx2(Rows rowsOf, std::uint32_t vectors, std::uint32_t first,
                                                    std::uint32_t* counts)
{
    __m256i codes[Group];
#pragma GCC unroll 8
    for (std::uint32_t group = 0; group < Group; ++group)
        codes[group] = _mm256_set1_epi8(static_cast<char>(first + group));
    for (std::uint32_t begin = 0; begin < vectors; begin += byteCounterVectors) {
        const std::uint32_t end = std::min(vectors, begin + byteCounterVectors);
        __m256i found[Group];
#pragma GCC unroll 8
        for (std::uint32_t group = 0; group < Group; ++group)
            found[group] = _mm256_setzero_si256();
        for (std::uint32_t vector = begin; vector < end; ++vector) {
            const __m256i rows = rowsOf(vector);
            // A match is -1 in every bit, so subtracting it counts one.
#pragma GCC unroll 8
            for (std::uint32_t group = 0; group < Group; ++group)
                found[group] = _mm256_sub_epi8(found[group], _mm256_cmpeq_epi8(rows, codes[group]));
        }
        for (std::uint32_t group = 0; group < Group; ++group)
            addLaneSums256(found[group], counts + (first + group) * packLanes);
    }
}

#endif

} // namespace

bool packedCountPathRuns(PackedCountPath path)
{
    switch (path) {
    case PackedCountPath::Scalar:
        return true;
    case PackedCountPath::Avx2:
        return cpuRunsAvx2();
    }
    return false;
}

PackedCountPath fastestPackedCountPath()
{
    return packedCountPathRuns(PackedCountPath::Avx2) ? PackedCountPath::Avx2 : PackedCountPath::Scalar;
}

void countPackedCodes(const std::uint8_t* packed, std::uint32_t rowCount, std::uint32_t codes, std::uint32_t* counts,
                      PackedCountPath path)
{
    std::uint32_t scalarFrom = 0;
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2) {
        const std::uint32_t vectors = rowCount / (32 / packLanes);
        forCodeGroups(codes, [&](std::uint32_t first, auto group) {
            countGroupAvx2<decltype(group)::value>(BufferedRows{packed}, vectors, first, counts);
        });
        scalarFrom = vectors * (32 / packLanes);
    }
#endif
    countRowsScalar(packed, scalarFrom, rowCount, codes, counts);
}

void gatherPackedCodes(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint32_t codes,
                       std::uint32_t* counts, std::uint8_t* buffer, PackedCountPath path)
{
    constexpr std::uint32_t vectorRows = packPaddingRows + 1;
    const std::uint32_t whole = rowCount / vectorRows * vectorRows;
    const std::uint32_t padded = whole == rowCount ? whole : whole + vectorRows;
    for (std::uint32_t row = whole; row < rowCount; ++row)
        std::memcpy(buffer + std::size_t{row} * packLanes, pack + std::size_t{rows[row]} * packLanes, packLanes);
    // Rows of code 0 on every lane add nothing (countPackedCodes).
    std::memset(buffer + std::size_t{rowCount} * packLanes, 0, std::size_t{padded - rowCount} * packLanes);
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2 && codes > 1) {
        bool gathered = false;
        forCodeGroups(codes, [&](std::uint32_t first, auto group) {
            constexpr std::uint32_t Group = decltype(group)::value;
            if (gathered) {
                countGroupAvx2<Group>(BufferedRows{buffer}, padded / vectorRows, first, counts);
                return;
            }
            countGroupAvx2<Group>(GatheredRows{pack, rows, buffer}, whole / vectorRows, first, counts);
            countGroupAvx2<Group>(BufferedRows{buffer + std::size_t{whole} * packLanes}, (padded - whole) / vectorRows,
                                  first, counts);
            gathered = true;
        });
        return;
    }
#endif
    for (std::uint32_t row = 0; row < whole; ++row)
        std::memcpy(buffer + std::size_t{row} * packLanes, pack + std::size_t{rows[row]} * packLanes, packLanes);
    countRowsScalar(buffer, 0, padded, codes, counts);
}

} // namespace qiscout::core
