// SPDX-License-Identifier: GPL-3.0-or-later
// Excel workbooks (.xlsx): a zip of XML parts, read with libzip and expat.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/table/encoded_table.h"

#include "io/reading/read_request.h"

namespace qiscout::core {

/// Reads one worksheet (options.sheet, or the first) of an .xlsx workbook. The first non-empty
/// row names the columns unless options.hasHeader is false; empty rows are skipped with a
/// warning. Cells read as Excel shows them: shared and inline strings as they are, numbers and
/// dates through their number format, booleans as TRUE/FALSE, formulas as their cached values.
/// Throws LoadError; positions are sheet cells ("sheet 'Data', cell B7": line 7, column 2).
[[nodiscard]] EncodedTable readExcelFile(const ReadRequest& request);

/// readExcelFile over bytes in memory, named request.location in messages (the fuzzer's way in).
[[nodiscard]] EncodedTable readExcelBuffer(std::string_view bytes, const ReadRequest& request);

/// The workbook's sheet names in workbook order. Throws LoadError.
[[nodiscard]] std::vector<std::string> listExcelSheets(const std::string& path);

} // namespace qiscout::core
