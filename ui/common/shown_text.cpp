// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/shown_text.h"

namespace qiscout::ui {

QString boundedText(const QString& text, qsizetype maxCharacters)
{
    if (text.size() <= maxCharacters)
        return text;
    const qsizetype tail = (maxCharacters - 1) / 2;
    qsizetype head = maxCharacters - 1 - tail;
    qsizetype tailStart = text.size() - tail;
    // Never half a surrogate pair on either side of the cut.
    if (head > 0 && text.at(head - 1).isHighSurrogate())
        --head;
    if (tailStart < text.size() && text.at(tailStart).isLowSurrogate())
        ++tailStart;
    return text.left(head) + QChar(0x2026) + text.mid(tailStart);
}

QString elidedPath(const QString& path, const QFontMetrics& metrics, int width)
{
    return metrics.elidedText(boundedText(path), Qt::ElideMiddle, width);
}

} // namespace qiscout::ui
