// SPDX-License-Identifier: GPL-3.0-or-later
// One functional dependency as a JSON object, shared by the report (ordered keys) and the
// command-line documents (sorted keys).
#pragma once

#include <string>
#include <vector>

#include "qiscout/core/dependencies/functional_dependency.h"

namespace qiscout::core {

/// Column names of a set, in column order ("#7" for a position without a name).
template <typename Json>
[[nodiscard]] Json columnNamesJson(ColumnSet set, const std::vector<std::string>& columnNames)
{
    Json names = Json::array();
    for (const int column : set.columns()) {
        const auto position = static_cast<std::size_t>(column);
        names.push_back(position < columnNames.size() ? columnNames[position] : "#" + std::to_string(column));
    }
    return names;
}

/// {"lhs": [names], "rhs": name, "safe": Theorem 1 against `quasiIdentifiers`, "support": rows}.
template <typename Json>
[[nodiscard]] Json dependencyJson(const FunctionalDependency& dependency, const std::vector<std::string>& columnNames,
                                  ColumnSet quasiIdentifiers)
{
    const auto rhs = static_cast<std::size_t>(dependency.rhs);
    Json object = Json::object();
    object["lhs"] = columnNamesJson<Json>(dependency.lhs, columnNames);
    object["rhs"] = rhs < columnNames.size() ? columnNames[rhs] : "#" + std::to_string(dependency.rhs);
    object["safe"] = isSafe(dependency, quasiIdentifiers);
    object["support"] = dependency.support;
    return object;
}

} // namespace qiscout::core
