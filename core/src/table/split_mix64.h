// SPDX-License-Identifier: GPL-3.0-or-later
// The random generator of the synthetic tables: tiny, fast, and the same sequence everywhere, which
// the figures in docs/performance.md rely on.
#pragma once

#include <cstdint>

namespace qiscout::core {

/// splitmix64. Thread: one per generating thread.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31U);
    }
    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11U) * (1.0 / 9007199254740992.0); }
    /// Uniform in [0, bound), bound >= 1.
    std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(uniform() * bound); }

private:
    std::uint64_t m_state;
};

} // namespace qiscout::core
