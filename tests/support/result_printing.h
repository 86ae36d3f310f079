// SPDX-License-Identifier: GPL-3.0-or-later
// Stream output for result types, so that Catch2 prints them when a comparison fails.
#pragma once

#include <ostream>
#include <vector>

#include "qiscout/core/engines/search_result.h"
#include "qiscout/core/lattice/column_set.h"

namespace qiscout::core {

inline std::ostream& operator<<(std::ostream& out, ColumnSet set)
{
    out << '{';
    const char* separator = "";
    for (const int column : set.columns()) {
        out << separator << column;
        separator = ",";
    }
    return out << '}';
}

inline std::ostream& operator<<(std::ostream& out, const MinimalSet& set)
{
    return out << set.columns << " isolated " << set.isolatedRows << " smallest " << set.smallestClass;
}

inline std::ostream& operator<<(std::ostream& out, const SafeSet& set)
{
    return out << set.columns << " smallest " << set.smallestClass;
}

} // namespace qiscout::core
