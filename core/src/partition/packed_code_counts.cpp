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

// Loads the packed rows of one vector from `pack` at `rows`.
__attribute__((target("avx2"))) inline __m256i gatherVector(const std::uint8_t* pack, const std::uint32_t* rows,
                                                            std::uint32_t vector)
{
    static_assert(packLanes == 8);
    const std::uint32_t* row = rows + std::size_t{vector} * 4;
    std::int64_t lanes[4];
    for (std::uint32_t i = 0; i < 4; ++i)
        std::memcpy(&lanes[i], pack + std::size_t{row[i]} * packLanes, packLanes);
    return _mm256_set_epi64x(lanes[3], lanes[2], lanes[1], lanes[0]);
}

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
        const __m256i gathered = gatherVector(pack, rows, vector);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(buffer + std::size_t{vector} * 32), gathered);
        return gathered;
    }
};

// GatheredRows for a nibble pack: both halves are stored, half `Counted` is counted.
template <std::size_t Counted>
struct GatheredNibbleRows {
    const std::uint8_t* pack;
    const std::uint32_t* rows;
    std::array<std::uint8_t*, 2> buffers;

    __attribute__((target("avx2"))) __m256i operator()(std::uint32_t vector) const
    {
        const __m256i gathered = gatherVector(pack, rows, vector);
        const __m256i nibble = _mm256_set1_epi8(0x0F);
        const __m256i halves[2] = {_mm256_and_si256(gathered, nibble),
                                   _mm256_and_si256(_mm256_srli_epi16(gathered, 4), nibble)};
        for (std::size_t half = 0; half < 2; ++half)
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(buffers[half] + std::size_t{vector} * 32), halves[half]);
        return halves[Counted];
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

// Counts codes [1, codes) (at least one) of `padded` rows: the first code group reads the
// `whole` first rows from `gathered`, which stores them into `buffer`, and the rest from
// `buffer`; the code groups after it read all of them from `buffer`.
template <typename Gathered>
__attribute__((target("avx2"))) void countWhileGathering(Gathered gathered, const std::uint8_t* buffer,
                                                         std::uint32_t whole, std::uint32_t padded, std::uint32_t codes,
                                                         std::uint32_t* counts)
{
    constexpr std::uint32_t vectorRows = packPaddingRows + 1;
    bool done = false;
    forCodeGroups(codes, [&](std::uint32_t first, auto group) {
        constexpr std::uint32_t Group = decltype(group)::value;
        if (done) {
            countGroupAvx2<Group>(BufferedRows{buffer}, padded / vectorRows, first, counts);
            return;
        }
        countGroupAvx2<Group>(gathered, whole / vectorRows, first, counts);
        countGroupAvx2<Group>(BufferedRows{buffer + std::size_t{whole} * packLanes}, (padded - whole) / vectorRows,
                              first, counts);
        done = true;
    });
}

#endif

// Rows in whole vectors of rows, rounded down.
std::uint32_t wholeVectorRows(std::uint32_t rowCount)
{
    constexpr std::uint32_t vectorRows = packPaddingRows + 1;
    return rowCount / vectorRows * vectorRows;
}

// Rows up to the next whole vector of rows.
std::uint32_t paddedRows(std::uint32_t rowCount)
{
    return wholeVectorRows(rowCount + packPaddingRows);
}

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
    const std::uint32_t whole = wholeVectorRows(rowCount);
    const std::uint32_t padded = paddedRows(rowCount);
    gatherPackRows(pack, rows + whole, rowCount - whole, buffer + std::size_t{whole} * packLanes);
    // Rows of code 0 on every lane add nothing (countPackedCodes).
    std::memset(buffer + std::size_t{rowCount} * packLanes, 0, std::size_t{padded - rowCount} * packLanes);
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2 && codes > 1) {
        countWhileGathering(GatheredRows{pack, rows, buffer}, buffer, whole, padded, codes, counts);
        return;
    }
#endif
    gatherPackRows(pack, rows, whole, buffer);
    countRowsScalar(buffer, 0, padded, codes, counts);
}

void gatherPackRows(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint8_t* target)
{
    for (std::uint32_t row = 0; row < rowCount; ++row)
        std::memcpy(target + std::size_t{row} * packLanes, pack + std::size_t{rows[row]} * packLanes, packLanes);
}

void splitNibbleRows(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount, std::uint8_t* low,
                     std::uint8_t* high)
{
    constexpr std::uint64_t nibbles = 0x0F0F0F0F0F0F0F0FU;
    for (std::uint32_t row = 0; row < rowCount; ++row) {
        std::uint64_t codes = 0;
        std::memcpy(&codes, pack + std::size_t{rows[row]} * packLanes, packLanes);
        const std::uint64_t lows = codes & nibbles;
        const std::uint64_t highs = (codes >> 4U) & nibbles;
        std::memcpy(low + std::size_t{row} * packLanes, &lows, packLanes);
        std::memcpy(high + std::size_t{row} * packLanes, &highs, packLanes);
    }
}

void gatherNibbleCodes(const std::uint8_t* pack, const std::uint32_t* rows, std::uint32_t rowCount,
                       const std::array<std::uint32_t, 2>& codes, const std::array<std::uint32_t*, 2>& counts,
                       const std::array<std::uint8_t*, 2>& buffers, PackedCountPath path)
{
    const std::uint32_t whole = wholeVectorRows(rowCount);
    const std::uint32_t padded = paddedRows(rowCount);
    splitNibbleRows(pack, rows + whole, rowCount - whole, buffers[0] + std::size_t{whole} * packLanes,
                    buffers[1] + std::size_t{whole} * packLanes);
    for (std::uint8_t* buffer : buffers)
        std::memset(buffer + std::size_t{rowCount} * packLanes, 0, std::size_t{padded - rowCount} * packLanes);
#if defined(__x86_64__)
    if (path == PackedCountPath::Avx2 && std::max(codes[0], codes[1]) > 1) {
        // The half of more codes is counted while gathering, so that most compares overlap the
        // loads; the other half is counted from its buffer.
        const std::size_t gathered = codes[1] >= codes[0] ? 1 : 0;
        if (gathered == 1)
            countWhileGathering(GatheredNibbleRows<1>{pack, rows, buffers}, buffers[1], whole, padded, codes[1],
                                counts[1]);
        else
            countWhileGathering(GatheredNibbleRows<0>{pack, rows, buffers}, buffers[0], whole, padded, codes[0],
                                counts[0]);
        const std::size_t other = 1 - gathered;
        if (codes[other] > 1)
            countPackedCodes(buffers[other], padded, codes[other], counts[other], path);
        return;
    }
#endif
    splitNibbleRows(pack, rows, whole, buffers[0], buffers[1]);
    for (std::size_t half = 0; half < 2; ++half) {
        if (codes[half] > 1)
            countRowsScalar(buffers[half], 0, padded, codes[half], counts[half]);
    }
}

} // namespace qiscout::core
