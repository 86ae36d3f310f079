// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/dialog_folder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace qiscout::ui {

namespace {

// The keys of Data and Hierarchies are those earlier versions wrote, so an upgrade keeps the
// user's folders.
QString settingsKey(DialogFolder kind)
{
    switch (kind) {
    case DialogFolder::Hierarchies:
        return QStringLiteral("protect/hierarchyDirectory");
    case DialogFolder::Outputs:
        return QStringLiteral("outputDirectory");
    case DialogFolder::Data:
        break;
    }
    return QStringLiteral("lastDirectory");
}

} // namespace

QString dialogFolder(DialogFolder kind)
{
    return QSettings().value(settingsKey(kind)).toString();
}

void rememberDialogFolder(DialogFolder kind, const QString& chosenFile)
{
    QSettings().setValue(settingsKey(kind), QFileInfo(chosenFile).absolutePath());
}

QString outputSuggestion(const QString& fileName, const QString& firstFolder)
{
    QString folder = dialogFolder(DialogFolder::Outputs);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = firstFolder;
    return folder.isEmpty() ? fileName : QDir(folder).filePath(fileName);
}

} // namespace qiscout::ui
