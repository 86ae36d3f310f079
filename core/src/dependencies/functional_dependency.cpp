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
    const auto rhs = static_cast<std::size_t>(dependency.rhs);
    return describe(dependency.lhs, columnNames) + " -> " +
           (rhs < columnNames.size() ? columnNames[rhs] : std::to_string(dependency.rhs));
}

} // namespace qiscout::core
