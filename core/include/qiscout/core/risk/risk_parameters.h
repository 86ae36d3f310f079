// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// How SUDA weighs a minimal sample unique of k of the M key columns (M at least 3), as
/// sdcMicro's suda2() offers it.
enum class SudaScoring {
    Elliot, ///< (M - k)!, the paper by Elliot et al. (sdcMicro's original_scores = TRUE, its default)
    Ihsn,   ///< (2^(M - k) - 1) / C(M, k), the IHSN implementation (original_scores = FALSE)
};

/// The names of the scorings on the command line and in JSON.
inline constexpr std::array<EnumName<SudaScoring>, 2> sudaScoringNames{{
    {SudaScoring::Elliot, "elliot"},
    {SudaScoring::Ihsn, "ihsn"},
}};

[[nodiscard]] const char* toString(SudaScoring scoring);

/// The most key columns SUDA scores: its search for minimal sample uniques keeps an MSU's columns in
/// one 64-bit word.
inline constexpr int maxKeyColumns = 64;

/// What to assess. Unset optionals take documented defaults.
struct RiskParameters {
    /// Key columns: what an intruder may know about a person. Non-empty, at most maxKeyColumns.
    ColumnSet keyColumns;
    /// Column holding each row's sampling weight (the Weight role); unset for an unweighted sample.
    std::optional<int> weightColumn;
    /// Share of the population the table holds, in (0, 1]: sdcMicro's DisFraction and ARX's
    /// sampling fraction.
    double samplingFraction = 0.01;
    /// Rows in classes of at most k rows on the key columns are at risk (prosecutor risk >= 1/k).
    std::uint64_t k = 1;
    SudaScoring scoring = SudaScoring::Elliot;
    /// Largest MSU SUDA counts, in key columns, at least 1; unset = every size (as sdcMicro's
    /// suda2(), which passes the number of key columns as its C++ Suda2's bound). SUDA2's search
    /// grows exponentially with the key columns; a bound keeps many of them tractable, and the
    /// scores then count the MSUs up to that size with the weights of all key columns.
    std::optional<int> maxMsuSize;
    /// Worker threads, 1..hardware concurrency; unset = hardware concurrency.
    std::optional<int> threads;
};

/// A parameter or input the assessment cannot work with, in a sentence a user understands.
class RiskParameterError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace qiscout::core
