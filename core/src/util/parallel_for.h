// SPDX-License-Identifier: GPL-3.0-or-later
// A parallel loop over the indexes [0, count).
#pragma once

#include <cstddef>

#include <tbb/parallel_for.h>

namespace qiscout::core {

/// tbb::parallel_for over [0, count); every iteration's writes are visible to the caller once it
/// returns (TBB's join orders them, which the tsan preset's instrumented oneTBB shows TSan).
template <typename Body>
void parallelFor(std::size_t count, const Body& body)
{
    tbb::parallel_for(std::size_t{0}, count, body);
}

} // namespace qiscout::core
