// SPDX-License-Identifier: GPL-3.0-or-later
// The thread counts every parallel engine is checked with, so that no test checks fewer.
#pragma once

#include <algorithm>
#include <thread>
#include <vector>

namespace qiscout::core::testing {

/// 1 and 2 always (two threads take the parallel paths even on one core, oversubscribed), and 4
/// where the machine has four cores, so a bigger machine also checks more contention.
inline std::vector<int> threadCounts()
{
    std::vector<int> counts{1, 2};
    if (std::thread::hardware_concurrency() >= 4)
        counts.push_back(4);
    return counts;
}

} // namespace qiscout::core::testing
