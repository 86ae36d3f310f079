// SPDX-License-Identifier: GPL-3.0-or-later
// The "Protection applied" section (#13) in each report format; the writers call these when the
// report carries a ProtectionReport.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "qiscout/core/report/protection_report.h"

namespace qiscout::core {

/// The "protection" object of the JSON report (docs/report.schema.json).
[[nodiscard]] nlohmann::ordered_json protectionJson(const ProtectionReport& protection);

/// The section as HTML: a heading with id "protection", the summary, facts and two tables. In the
/// rich-text flavour (for Qt's QTextDocument and so the PDF) it uses attributes instead of CSS.
[[nodiscard]] std::string protectionHtml(const ProtectionReport& protection, bool richText);

/// The CSV block appended after the minimal sets, after a blank line:
/// protected_column,hierarchy,height,level,distinct_before,distinct_after,metric_value,
/// suppressed_cells, then the loss profile's cells_changed, cells_suppressed and the numbers' mean,
/// standard deviation and median before and after (#34); one row per generalised column.
[[nodiscard]] std::string protectionCsv(const ProtectionReport& protection);

} // namespace qiscout::core
