// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/row_slice.h"

namespace qiscout::core {

EncodedTable rowSlice(const EncodedTable& table, std::uint32_t begin, std::uint32_t end)
{
    EncodedTable slice;
    slice.sourcePath = table.sourcePath;
    slice.sourcePart = table.sourcePart;
    slice.rowCount = end - begin;
    slice.warnings = table.warnings;
    slice.skippedRows = table.skippedRows;
    for (const EncodedColumn& column : table.columns) {
        EncodedColumn& part = slice.columns.emplace_back();
        part.name = column.name;
        part.type = column.type;
        part.codes.assign(column.codes.begin() + begin, column.codes.begin() + end);
        part.dictionary = column.dictionary;
        part.frequencies.assign(column.dictionary.size(), 0);
        for (const std::uint32_t code : part.codes)
            ++part.frequencies[code];
        part.missing = column.missing;
        part.description = column.description;
        part.valueLabels = column.valueLabels;
        part.labelsShown = column.labelsShown;
    }
    return slice;
}

} // namespace qiscout::core
