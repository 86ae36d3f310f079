// SPDX-License-Identifier: GPL-3.0-or-later
// Paths and messages as labels and dialogs show them (#39): a project may name a path of a
// million characters, and laying out such a text on the GUI thread took seconds to minutes.
#pragma once

#include <QFontMetrics>
#include <QString>

namespace qiscout::ui {

/// Characters of a path a label or dialog shows at most.
inline constexpr qsizetype shownPathLimit = 300;
/// Characters of a message (which may quote such a path) a dialog shows at most.
inline constexpr qsizetype shownMessageLimit = 2000;

/// The text itself when it has at most maxCharacters characters; otherwise its start and its end
/// with an ellipsis between them, maxCharacters characters in all (a path keeps its folder's start
/// and its file name; a message its opening and its reason).
[[nodiscard]] QString boundedText(const QString& text, qsizetype maxCharacters = shownPathLimit);

/// The path elided in its middle to `width` pixels of `metrics`' font; only boundedText of it is
/// ever laid out.
[[nodiscard]] QString elidedPath(const QString& path, const QFontMetrics& metrics, int width);

} // namespace qiscout::ui
