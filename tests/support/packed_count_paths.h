// SPDX-License-Identifier: GPL-3.0-or-later
// The pack-counting paths every packed kernel is checked on, so that no test checks fewer.
#pragma once

#include "partition/packed_code_counts.h"

namespace qiscout::core::testing {

/// Calls visit(path) for every counting path this processor runs (the scalar one always);
/// returns how many ran.
template <typename Visit>
int forEachPackedCountPath(Visit&& visit)
{
    int pathsRun = 0;
    for (const PackedCountPath path : {PackedCountPath::Scalar, PackedCountPath::Avx2}) {
        if (!packedCountPathRuns(path))
            continue;
        ++pathsRun;
        visit(path);
    }
    return pathsRun;
}

} // namespace qiscout::core::testing
