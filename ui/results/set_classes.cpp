// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/set_classes.h"

#include "qiscout/core/engines/row_classes.h"

namespace qiscout::ui {

SetClasses computeSetClasses(const core::EncodedTable& table, core::ColumnSet set, std::uint64_t k,
                             std::stop_token stop, core::MissingSemantics semantics)
{
    SetClasses result;
    result.set = set;
    result.k = k;
    result.semantics = semantics;
    if (!set.empty() && static_cast<std::size_t>(set.columns().back()) >= table.columnCount())
        return result;
    if (set.empty() || table.rowCount == 0) {
        // No column tells the rows apart: they form one class.
        if (table.rowCount > 0)
            result.classSizes.assign(1, table.rowCount);
        if (table.rowCount <= k)
            for (std::uint32_t row = 0; row < table.rowCount; ++row)
                result.isolatedRows.push_back(row);
        result.complete = true;
        return result;
    }
    std::optional<core::RowClasses> classes = core::rowClasses(table, set, semantics, stop);
    if (!classes)
        return result;
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        if (classes->classSizeOf(row) <= k)
            result.isolatedRows.push_back(row);
    result.classSizes = std::move(classes->classSizes);
    result.complete = true;
    return result;
}

} // namespace qiscout::ui
