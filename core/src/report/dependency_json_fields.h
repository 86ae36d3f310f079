// SPDX-License-Identifier: GPL-3.0-or-later
// One functional dependency as a JSON object, shared by the report (ordered keys) and the
// command-line documents (sorted keys).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "qiscout/core/dependencies/functional_dependency.h"

namespace qiscout::core {

/// The labels of a set's columns (core::columnLabels), in column order, as a JSON array.
template <typename Json>
[[nodiscard]] Json columnNamesJson(ColumnSet set, const std::vector<std::string>& columnNames)
{
    Json names = Json::array();
    for (std::string& label : columnLabels(set, columnNames))
        names.push_back(std::move(label));
    return names;
}

/// {"lhs": [names], "rhs": name, "safe": Theorem 1 against `quasiIdentifiers`, "support": rows}.
template <typename Json>
[[nodiscard]] Json dependencyJson(const FunctionalDependency& dependency, const std::vector<std::string>& columnNames,
                                  ColumnSet quasiIdentifiers)
{
    Json object = Json::object();
    object["lhs"] = columnNamesJson<Json>(dependency.lhs, columnNames);
    object["rhs"] = columnLabel(dependency.rhs, columnNames);
    object["safe"] = isSafe(dependency, quasiIdentifiers);
    object["support"] = dependency.support;
    return object;
}

} // namespace qiscout::core
