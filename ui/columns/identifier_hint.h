// SPDX-License-Identifier: GPL-3.0-or-later
// Which columns look like direct identifiers, from their name and their values (#35).
#pragma once

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::ui {

/// How sure the column panel is that a column names a person or a household outright.
enum class IdentifierHint {
    /// Nothing suggests it.
    None,
    /// Warned about: every value differs (an integer, a date or a text: measured amounts with
    /// decimals differ as often without naming anyone), or the name says identifier (id, uid, hid,
    /// ...) and few rows share a value (a household's members share its id).
    Likely,
    /// Both: named as an identifier and unique on every row. Proposed as a direct identifier.
    Proposed,
};

/// The hint for one column of `table`.
[[nodiscard]] IdentifierHint identifierHint(const core::EncodedTable& table, const core::EncodedColumn& column);

} // namespace qiscout::ui
