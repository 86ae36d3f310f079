// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace qiscout::ui {

/// The most recently opened files, newest first, kept in QSettings.
class RecentFiles {
public:
    static constexpr int maxCount = 10;

    [[nodiscard]] static QStringList load();
    /// Moves (or adds) a file to the front.
    static void add(const QString& path);
    static void remove(const QString& path);
    static void clear();
};

} // namespace qiscout::ui
