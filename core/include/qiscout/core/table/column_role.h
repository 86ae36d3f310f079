// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string_view>

#include "qiscout/core/util/enum_names.h"

namespace qiscout::core {

/// What a column is for in an analysis.
enum class ColumnRole {
    QuasiIdentifier,  ///< searched: a candidate part of a quasi-identifier (the default)
    Ignored,          ///< left out of the search and the report
    DirectIdentifier, ///< left out of the search, named in the report as to be removed
    Sensitive,        ///< left out of the search, kept for the report
    Weight,           ///< left out of the search; each row's sampling weight for the risk assessment
};

/// The names of the roles in projects and reports.
inline constexpr std::array<EnumName<ColumnRole>, 5> columnRoleNames{{
    {ColumnRole::QuasiIdentifier, "quasi-identifier"},
    {ColumnRole::Ignored, "ignored"},
    {ColumnRole::DirectIdentifier, "direct-identifier"},
    {ColumnRole::Sensitive, "sensitive"},
    {ColumnRole::Weight, "weight"},
}};

[[nodiscard]] const char* toString(ColumnRole role);
[[nodiscard]] std::optional<ColumnRole> parseColumnRole(std::string_view text);

} // namespace qiscout::core
