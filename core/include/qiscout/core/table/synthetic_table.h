// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <ostream>

namespace qiscout::core {

/// Shape of a synthetic census-like table for scale tests and benchmarks. The defaults of the last
/// three fields give the tables the first benchmarks of docs/performance.md were measured on, byte for byte.
struct SyntheticTableShape {
    std::uint64_t rows = 1000;
    /// 1..4096 columns named c0, c1, ...
    int columns = 20;
    std::uint64_t seed = 1;
    /// Average share of cells left empty (missing), 0..1. Each column draws its own share between
    /// none and twice this, as survey items are answered more or less often.
    double missingShare = 0.0;
    /// Caps the cardinality schedule, the way coded survey answers have few values; 0 = no cap.
    int maxCardinality = 0;
    /// Share of columns, 0..1, that copy a value derived from the column before them in 90% of rows:
    /// columns j with floor((j + 1) s) > floor(j s), so 0.25 makes every fourth one.
    double correlatedShare = 0.25;
};

/// Writes a deterministic synthetic table as CSV (header c0,c1,... then one line per row).
/// Column j takes a cardinality from a fixed schedule (2 .. 20,000) with Zipf-skewed values
/// (exponent 1.1), the way survey attributes are skewed; correlated columns give the near
/// functional dependencies real tables have. Missing cells come from a random stream of their own,
/// so a table with them has the same values elsewhere as one without. The same shape gives the
/// same bytes on any machine. Throws std::invalid_argument for a shape out of range.
void writeSyntheticTable(std::ostream& out, const SyntheticTableShape& shape);

} // namespace qiscout::core
