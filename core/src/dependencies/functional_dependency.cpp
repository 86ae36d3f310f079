// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/dependencies/functional_dependency.h"

namespace qiscout::core {

bool dependencyLess(const FunctionalDependency& a, const FunctionalDependency& b)
{
    if (a.lhs != b.lhs)
        return sizeThenLexLess(a.lhs, b.lhs);
    return a.rhs < b.rhs;
}

std::string describe(const FunctionalDependency& dependency, const std::vector<std::string>& columnNames)
{
    return describe(dependency.lhs, columnNames) + " -> " + columnLabel(dependency.rhs, columnNames);
}

std::vector<std::optional<FunctionalDependency>> mapByColumnName(std::span<const FunctionalDependency> dependencies,
                                                                 const EncodedTable& from, const EncodedTable& to)
{
    const auto positionIn = [&](int column) -> std::optional<int> {
        const std::string& name = from.columns[static_cast<std::size_t>(column)].name;
        for (std::size_t c = 0; c < to.columnCount(); ++c)
            if (to.columns[c].name == name)
                return static_cast<int>(c);
        return std::nullopt;
    };
    std::vector<std::optional<FunctionalDependency>> mapped;
    for (const FunctionalDependency& dependency : dependencies) {
        FunctionalDependency moved{ColumnSet(), 0, dependency.support};
        bool present = true;
        for (const int column : dependency.lhs.columns()) {
            const std::optional<int> position = positionIn(column);
            present = present && position.has_value();
            if (position)
                moved.lhs = moved.lhs.with(*position);
        }
        const std::optional<int> rhs = positionIn(dependency.rhs);
        if (present && rhs) {
            moved.rhs = *rhs;
            mapped.emplace_back(moved);
        } else {
            mapped.emplace_back(std::nullopt);
        }
    }
    return mapped;
}

} // namespace qiscout::core
