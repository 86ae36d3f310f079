// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/engines/all_columns_risk.h"

#include <algorithm>

#include "qiscout/core/engines/row_classes.h"

namespace qiscout::core {

std::optional<AllColumnsRisk> allColumnsRisk(const EncodedTable& table, const SearchResult& result,
                                             const std::stop_token& stop)
{
    AllColumnsRisk risk;
    risk.columns = result.searchedColumns;
    risk.rows = table.rowCount;
    if (table.rowCount == 0)
        return risk;
    if (result.searchedColumns.empty()) {
        // Knowing no column, an intruder sees one class of every row.
        risk.classes = 1;
        risk.smallestClass = table.rowCount;
        risk.rowsAtRisk = table.rowCount <= result.k ? table.rowCount : 0;
        return risk;
    }
    const std::optional<RowClasses> classes = rowClasses(table, result.searchedColumns, result.missingSemantics, stop);
    if (!classes)
        return std::nullopt;
    risk.classes = classes->classSizes.size();
    risk.smallestClass = *std::min_element(classes->classSizes.begin(), classes->classSizes.end());
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        if (classes->classSizeOf(row) <= result.k)
            ++risk.rowsAtRisk;
    return risk;
}

} // namespace qiscout::core
