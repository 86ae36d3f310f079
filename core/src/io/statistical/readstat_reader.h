// SPDX-License-Identifier: GPL-3.0-or-later
// SPSS, Stata and SAS files through ReadStat.
#pragma once

#include <string>
#include <string_view>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/table/encoded_table.h"

#include "io/reading/read_request.h"

namespace qiscout::core {

/// Reads an SPSS (.sav, .zsav, .por), Stata (.dta) or SAS (.sas7bdat, .xpt) file. Numbers read as
/// numberText, date and time formats as ISO dates and times, system-missing values as empty missing
/// cells, Stata and SAS missing codes as ".a" (or their label) and SPSS user-missing values as
/// their value (or label), both marked missing. Variable labels become column descriptions; value
/// labels replace the values unless options.valueLabels is false. Throws LoadError.
[[nodiscard]] EncodedTable readStatisticalFile(const ReadRequest& request, SourceFormat format);

/// readStatisticalFile over bytes in memory, named request.location in messages (the fuzzer's way in).
[[nodiscard]] EncodedTable readStatisticalBuffer(std::string_view bytes, const ReadRequest& request,
                                                 SourceFormat format);

} // namespace qiscout::core
