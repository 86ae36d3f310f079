// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/dialog_folder.h"

#include <QFileInfo>
#include <QSettings>

namespace qiscout::ui {

namespace {

// The keys are those earlier versions wrote, so an upgrade keeps the user's folders.
QString settingsKey(DialogFolder kind)
{
    return kind == DialogFolder::Hierarchies ? QStringLiteral("protect/hierarchyDirectory")
                                             : QStringLiteral("lastDirectory");
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

} // namespace qiscout::ui
