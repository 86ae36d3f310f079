// SPDX-License-Identifier: GPL-3.0-or-later
// Table text as the GUI shows it (#19): a cell can hold megabytes, which a view lays out slowly.
#pragma once

#include <string_view>

#include <QString>

namespace qiscout::ui {

/// A value or column name from the table, cut like the reports cut it (core::displayText): at
/// most core::displayTextLimit characters, then an ellipsis and the full length.
[[nodiscard]] QString displayString(std::string_view text);

} // namespace qiscout::ui
