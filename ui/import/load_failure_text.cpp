// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/load_failure_text.h"

#include <QRegularExpression>

namespace qiscout::ui {

QString loadFailureDetail(const QString& message, const QString& file, bool withoutPosition)
{
    // The shape core's failLoad writes: "Cannot load 'FILE': line N, column M: detail."
    const QString prefix = QStringLiteral("Cannot load '%1': ").arg(file);
    if (file.isEmpty() || !message.startsWith(prefix))
        return message;
    QString detail = message.mid(prefix.size());
    if (withoutPosition) {
        static const QRegularExpression position(QStringLiteral("^line \\d+(, column \\d+)?: "));
        detail.remove(position);
    }
    if (!detail.isEmpty())
        detail[0] = detail[0].toUpper();
    return detail;
}

} // namespace qiscout::ui
