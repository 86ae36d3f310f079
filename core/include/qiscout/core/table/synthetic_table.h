// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <ostream>

namespace qiscout::core {

/// Shape of a synthetic census-like table for scale tests and benchmarks.
struct SyntheticTableShape {
    std::uint64_t rows = 1000;
    /// 1..4096 columns named c0, c1, ...
    int columns = 20;
    std::uint64_t seed = 1;
};

/// Writes a deterministic synthetic table as CSV (header c0,c1,... then one line per row).
/// Column j takes a cardinality from a fixed schedule (2 .. 20,000) with Zipf-skewed values
/// (exponent 1.1), the way survey attributes are skewed; every fourth column copies a value derived
/// from the column before it in 90% of rows, which gives the near functional dependencies real
/// tables have. The same shape gives the same bytes on any machine.
void writeSyntheticTable(std::ostream& out, const SyntheticTableShape& shape);

} // namespace qiscout::core
