// SPDX-License-Identifier: GPL-3.0-or-later
// The "all_columns" member of scan --json and of the JSON report (#33), written once for both.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qiscout/core/engines/search_result.h"

namespace qiscout::core {

/// {"columns": [...], "rows_at_risk": N, "share": x, "smallest_class": m, "classes": c}, or null
/// when the figure was not measured (a search stopped before it).
template <typename Json>
Json allColumnsJson(const std::optional<AllColumnsRisk>& risk, const std::vector<std::string>& columnNames)
{
    if (!risk)
        return Json(nullptr);
    Json object = Json::object();
    object["columns"] = columnLabels(risk->columns, columnNames);
    object["rows_at_risk"] = risk->rowsAtRisk;
    object["share"] = risk->share();
    object["smallest_class"] = risk->smallestClass;
    object["classes"] = risk->classes;
    return object;
}

} // namespace qiscout::core
