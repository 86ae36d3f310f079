// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/sample_locator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace qiscout::ui {

QString sampleTablePath()
{
    const QString fileName = QStringLiteral("adult.csv");
    const QStringList folders{
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/qiscout/samples"),
        QStringLiteral(QISCOUT_SAMPLE_DIR),
    };
    for (const auto& folder : folders) {
        const QFileInfo file(QDir(folder), fileName);
        if (file.isFile())
            return QDir::cleanPath(file.absoluteFilePath());
    }
    return {};
}

} // namespace qiscout::ui
