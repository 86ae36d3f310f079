// SPDX-License-Identifier: GPL-3.0-or-later
// How every view says its result is out of date (#33): one wording, one look, one link to run again.
#pragma once

#include <QString>

namespace qiscout::ui {

/// Rich text for a status line: "Out of date: <reason> <a href="run">runAgain</a>".
[[nodiscard]] QString staleNotice(const QString& reason, const QString& runAgain);

} // namespace qiscout::ui
