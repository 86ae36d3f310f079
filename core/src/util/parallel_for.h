// SPDX-License-Identifier: GPL-3.0-or-later
// A parallel loop whose results ThreadSanitizer can see arriving.
#pragma once

#include <cstddef>
#include <mutex>

#include <tbb/parallel_for.h>

namespace qiscout::core {

/// tbb::parallel_for over [0, count) that also hands every iteration's writes to the caller
/// through a mutex: Debian's libtbb is not built for ThreadSanitizer, which cannot see TBB's join
/// and would report the caller's reads of the results as races. Meant for loops of a few hundred
/// iterations of real work each, where one lock per iteration costs nothing measurable.
template <typename Body>
void parallelFor(std::size_t count, const Body& body)
{
    std::mutex published;
    tbb::parallel_for(std::size_t{0}, count, [&](std::size_t index) {
        body(index);
        const std::lock_guard done(published);
    });
    const std::lock_guard collected(published);
}

} // namespace qiscout::core
