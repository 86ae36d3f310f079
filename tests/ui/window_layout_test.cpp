// SPDX-License-Identifier: GPL-3.0-or-later
// The app as a new user finds it (#35): a window closed on a step opens next time with every
// panel, and sampling weights come from one column.
#include <algorithm>

#include <QCoreApplication>
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "qiscout/core/table/column_role.h"
#include "qiscout/ui/main_window.h"

#include "columns/column_panel.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::ColumnRole;
using qiscout::ui::MainWindow;

class WindowLayoutTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QIScoutLayoutTests"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void closingOnAStepKeepsThePanelsForTheNextStart()
    {
        const QString sample = QStringLiteral(QISCOUT_SOURCE_DIR "/resources/samples/adult.csv");
        {
            MainWindow window;
            window.show();
            QVERIFY(qiscout::test::openAndWait(window, sample));
            window.showProtect();
            for (const auto* dock : window.findChildren<QDockWidget*>())
                QVERIFY(!dock->isVisible());
            window.setWindowModified(false);
            QVERIFY(window.close());
        }
        MainWindow next;
        next.show();
        QVERIFY(qiscout::test::openAndWait(next, sample));
        const auto docks = next.findChildren<QDockWidget*>();
        QVERIFY(!docks.empty());
        for (const auto* dock : docks)
            QVERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
    }

    void onlyOneColumnIsTheWeight()
    {
        MainWindow window;
        QVERIFY(qiscout::test::openAndWait(window, QStringLiteral(QISCOUT_SOURCE_DIR "/resources/samples/adult.csv")));
        qiscout::ui::ColumnPanel* columns = window.columnPanel();
        columns->setRole(2, ColumnRole::Weight);
        columns->setRole(10, ColumnRole::Weight);
        const auto roles = columns->roles();
        QCOMPARE(roles[10], ColumnRole::Weight);
        QCOMPARE(roles[2], ColumnRole::Ignored);
        QCOMPARE(std::count(roles.begin(), roles.end(), ColumnRole::Weight), 1);
    }
};

QTEST_MAIN(WindowLayoutTest)
#include "window_layout_test.moc"
