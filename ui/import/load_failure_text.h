// SPDX-License-Identifier: GPL-3.0-or-later
// What went wrong reading a table, said once: core's messages start with the file's path and the
// line, which a dialog already shows around them.
#pragma once

#include <QString>

namespace qiscout::ui {

/// `message` (a core::LoadError's text) without its leading "Cannot load '<file>'" and, when
/// `withoutPosition`, without the "line N, column M" that follows it; capitalised. A message of
/// another shape comes back unchanged.
[[nodiscard]] QString loadFailureDetail(const QString& message, const QString& file, bool withoutPosition);

} // namespace qiscout::ui
