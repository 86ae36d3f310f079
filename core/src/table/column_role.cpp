// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/column_role.h"

#include <array>
#include <utility>

namespace qiscout::core {
namespace {

constexpr std::array<std::pair<ColumnRole, const char*>, 4> roleNames{{
    {ColumnRole::QuasiIdentifier, "quasi-identifier"},
    {ColumnRole::Ignored, "ignored"},
    {ColumnRole::DirectIdentifier, "direct-identifier"},
    {ColumnRole::Sensitive, "sensitive"},
}};

} // namespace

const char* toString(ColumnRole role)
{
    for (const auto& [value, name] : roleNames)
        if (value == role)
            return name;
    return "quasi-identifier";
}

std::optional<ColumnRole> parseColumnRole(std::string_view text)
{
    for (const auto& [value, name] : roleNames)
        if (text == name)
            return value;
    return std::nullopt;
}

} // namespace qiscout::core
