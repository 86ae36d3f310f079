// SPDX-License-Identifier: GPL-3.0-or-later
#include "anonymization/built_hierarchy.h"

#include <array>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "qiscout/core/anonymization/hierarchy_builders.h"

namespace qiscout::core {

Hierarchy finishBuiltHierarchy(Hierarchy hierarchy, const char* builder)
{
    for (std::vector<std::string>& row : hierarchy.rows)
        row.emplace_back(suppressedValueText);
    try {
        validateHierarchy(hierarchy, builder);
    } catch (const HierarchyError& error) {
        throw std::invalid_argument(error.what());
    }
    return hierarchy;
}

std::string boundLabelText(double value)
{
    std::array<char, 32> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.12g", value);
    return buffer.data();
}

} // namespace qiscout::core
