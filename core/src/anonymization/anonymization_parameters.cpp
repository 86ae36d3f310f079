// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/anonymization_parameters.h"

#include <cmath>

namespace qiscout::core {

std::uint64_t suppressionLimitRows(double suppressionLimit, std::uint64_t rows)
{
    if (!(suppressionLimit > 0.0))
        return 0;
    if (suppressionLimit >= 1.0)
        return rows;
    // A relative allowance far below one row absorbs the binary representation error of decimal
    // fractions (0.29 is stored as 0.28999...) without ever rounding a real fraction of a row up.
    const long double exact = static_cast<long double>(suppressionLimit) * static_cast<long double>(rows);
    return static_cast<std::uint64_t>(std::floor(exact * (1.0L + 1e-12L)));
}

} // namespace qiscout::core
