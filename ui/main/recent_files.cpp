// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace qiscout::ui {
namespace {

const QString settingsKey = QStringLiteral("recentFiles");

void store(const QStringList& files)
{
    QSettings().setValue(settingsKey, files);
}

} // namespace

QStringList RecentFiles::load()
{
    return QSettings().value(settingsKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = load();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > maxCount)
        files.removeLast();
    store(files);
}

void RecentFiles::remove(const QString& path)
{
    QStringList files = load();
    files.removeAll(path);
    store(files);
}

void RecentFiles::clear()
{
    store({});
}

} // namespace qiscout::ui
