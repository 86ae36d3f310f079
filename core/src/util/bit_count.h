// SPDX-License-Identifier: GPL-3.0-or-later
// The number of set bits of a word, inline. Not std::popcount: on the x86-64 baseline (no POPCNT)
// GCC makes it a call into libgcc, which was 3 % of the SUDA search's instructions on sd2011.
#pragma once

#include <cstdint>

namespace qiscout::core {

/// The set bits of `word` (the SWAR count of Hacker's Delight, 5-2).
[[nodiscard]] constexpr int countBits(std::uint64_t word)
{
    word -= (word >> 1) & 0x5555555555555555ULL;
    word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((word * 0x0101010101010101ULL) >> 56);
}

} // namespace qiscout::core
