// SPDX-License-Identifier: GPL-3.0-or-later
// What the GUI tests of the step views share: a bundled table held the way the views hold it or
// copied beside a project, opening it in a window, and waiting for a worker's signals on a
// machine that may be busy.
#pragma once

#include <memory>
#include <string>

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"
#include "qiscout/ui/main_window.h"

namespace qiscout::test {

/// A search or assessment may take minutes on a machine shared by several builds; waiting is not
/// what the tests measure.
inline constexpr int workerTimeoutMs = 240'000;

/// A table of tests/data/tables, shared as the views and controllers take it.
inline std::shared_ptr<const core::EncodedTable> loadSharedTable(const char* name)
{
    return std::make_shared<const core::EncodedTable>(
        core::loadTable(std::string(QISCOUT_SOURCE_DIR "/tests/data/tables/") + name));
}

/// A table of tests/data/tables copied into `folder`, where a project saved there reads it without
/// asking (it lies inside the project's folder); its path, empty when the copy failed.
inline QString copyTableInto(const QTemporaryDir& folder, const char* name)
{
    const QString copy = folder.filePath(QString::fromUtf8(name));
    const bool copied =
        QFile::copy(QStringLiteral(QISCOUT_SOURCE_DIR "/tests/data/tables/") + QString::fromUtf8(name), copy);
    return copied ? copy : QString();
}

/// Waits until `spy` has caught `count` signals, for at most workerTimeoutMs; whether it has.
inline bool waitForSignals(QSignalSpy& spy, int count = 1)
{
    QElapsedTimer timer;
    timer.start();
    while (spy.size() < count && timer.elapsed() < workerTimeoutMs)
        spy.wait(200);
    return spy.size() >= count;
}

/// Opens a table or a project in `window` without asking and waits until its table is shown;
/// whether it was.
inline bool openAndWait(ui::MainWindow& window, const QString& path)
{
    QSignalSpy shown(&window, &ui::MainWindow::tableShown);
    window.openWithoutAsking(path);
    return waitForSignals(shown);
}

} // namespace qiscout::test
