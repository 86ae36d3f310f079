// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/table/column_role.h"

namespace qiscout::core {

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(ColumnRole role)
{
    return nameIn(columnRoleNames, role).data();
}

std::optional<ColumnRole> parseColumnRole(std::string_view text)
{
    return valueIn(columnRoleNames, text);
}

} // namespace qiscout::core
