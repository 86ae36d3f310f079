// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing stale (#33): a role, k, hierarchy or privacy change marks every view showing the old
// result out of date, saying what changed; an out-of-date result is neither exported nor reported;
// and a report has the same sections whichever view it is exported from.
#include <algorithm>
#include <optional>

#include <QFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/report/report.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/ui/main_window.h"

#include "columns/column_panel.h"
#include "parameters/parameters_panel.h"
#include "protect/hierarchy_editor.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protect_view.h"
#include "results/results_panel.h"
#include "risk/risk_view.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::ColumnRole;
using qiscout::test::waitForSignals;
using qiscout::test::workerTimeoutMs;
using qiscout::ui::MainWindow;

namespace {

/// fertility.csv analysed at k = 2, its findings shown.
bool analyse(MainWindow& window)
{
    QSignalSpy tableShown(&window, &MainWindow::tableShown);
    window.loadTable(QStringLiteral(QISCOUT_SOURCE_DIR "/tests/data/tables/fertility.csv"), {});
    if (!tableShown.wait(workerTimeoutMs))
        return false;
    window.setGroupSize(2);
    QSignalSpy findings(&window, &MainWindow::findingsShown);
    window.runAnalysis();
    return waitForSignals(findings);
}

/// The sections a report built now would have.
struct Sections {
    bool protection = false;
    bool recordRisk = false;
    friend bool operator==(const Sections&, const Sections&) = default;
};

Sections sectionsOf(const MainWindow& window)
{
    const qiscout::core::QiReport report = qiscout::core::buildReport(window.reportToExport());
    return {report.protection.has_value(), report.recordRisk.has_value()};
}

} // namespace

class StaleResultsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aRoleChangeMarksTheFindingsOutOfDate()
    {
        MainWindow window;
        QVERIFY(analyse(window));
        QVERIFY(window.findingsStaleReason().isEmpty());
        QVERIFY(window.exportRefusal().isEmpty());
        QVERIFY(!window.resultsPanel()->isStale());

        const auto roles = window.columnPanel()->roles();
        int candidate = 0;
        while (roles[static_cast<std::size_t>(candidate)] != ColumnRole::QuasiIdentifier)
            ++candidate;
        const QString name = QString::fromStdString(window.table()->columns[static_cast<std::size_t>(candidate)].name);
        window.columnPanel()->setRole(candidate, ColumnRole::Ignored);
        QVERIFY(window.resultsPanel()->isStale());
        QVERIFY2(window.findingsStaleReason().contains(name), qPrintable(window.findingsStaleReason()));
        QVERIFY(window.resultsPanel()->statusText().contains(QStringLiteral("Out of date")));
        QVERIFY(window.resultsPanel()->statusText().contains(QStringLiteral("Run again")));
        QVERIFY(window.exportRefusal().contains(QStringLiteral("The findings")));

        // Putting the role back makes the results current again.
        window.columnPanel()->setRole(candidate, ColumnRole::QuasiIdentifier);
        QVERIFY(!window.resultsPanel()->isStale());
        QVERIFY(window.exportRefusal().isEmpty());
    }

    void aKChangeMarksTheFindingsOutOfDateUntilTheyRunAgain()
    {
        MainWindow window;
        QVERIFY(analyse(window));
        window.parametersPanel()->kSpinBox()->setValue(3);
        QVERIFY(window.resultsPanel()->isStale());
        QVERIFY2(window.findingsStaleReason().contains(QStringLiteral("k is now 3"), Qt::CaseInsensitive),
                 qPrintable(window.findingsStaleReason()));
        QVERIFY(!window.exportRefusal().isEmpty());

        QSignalSpy findings(&window, &MainWindow::findingsShown);
        window.runAnalysis();
        QVERIFY(waitForSignals(findings));
        QCOMPARE(window.lastResult()->k, std::uint64_t{3});
        QVERIFY(!window.resultsPanel()->isStale());
        QVERIFY(window.exportRefusal().isEmpty());
    }

    void aHierarchyOrPrivacyChangeMarksTheProtectionOutOfDate()
    {
        MainWindow window;
        QVERIFY(analyse(window));
        QSignalSpy protectionShown(&window, &MainWindow::protectionShown);
        window.protect({}, std::nullopt);
        QVERIFY(waitForSignals(protectionShown));
        qiscout::ui::ProtectView* view = window.protectView();
        QVERIFY(view->staleReason().isEmpty());
        QTemporaryDir folder;
        QVERIFY(view->exportTable(folder.filePath(QStringLiteral("current.csv"))));

        // A hierarchy edit: a ticked column coarsened anew by its automatic hierarchy (an undo step).
        const std::string first = view->settings().quasiIdentifiers.front().column;
        int column = 0;
        while (window.table()->columns[static_cast<std::size_t>(column)].name != first)
            ++column;
        view->hierarchyEditor()->coarsenAutomatically(column);
        QVERIFY2(view->staleReason().contains(QStringLiteral("hierarch")), qPrintable(view->staleReason()));
        QString error;
        QVERIFY(!view->exportTable(folder.filePath(QStringLiteral("stale.csv")), &error));
        QVERIFY2(error.contains(QStringLiteral("out of date")), qPrintable(error));
        QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("stale.csv"))));
        QVERIFY(window.exportRefusal().contains(QStringLiteral("The protection")));
        qiscout::core::ReportInput input = window.reportToExport();
        QVERIFY(!input.protection.has_value());

        // Protecting again makes it current; a privacy change makes it stale again.
        view->protect();
        QVERIFY(waitForSignals(protectionShown, 2));
        QVERIFY(view->staleReason().isEmpty());
        QVERIFY(window.exportRefusal().isEmpty());
        view->privacyPanel()->kSpinBox()->setValue(view->privacyPanel()->kSpinBox()->value() + 1);
        QVERIFY2(view->staleReason().contains(QStringLiteral("privacy")), qPrintable(view->staleReason()));
        QVERIFY(!view->exportTable(folder.filePath(QStringLiteral("stale.csv"))));
    }

    void aReportHasTheSameSectionsFromEveryView()
    {
        MainWindow window;
        QVERIFY(analyse(window));
        QSignalSpy protectionShown(&window, &MainWindow::protectionShown);
        window.protect({}, std::nullopt);
        QVERIFY(waitForSignals(protectionShown));
        QSignalSpy riskShown(&window, &MainWindow::riskShown);
        window.assessRisk();
        QVERIFY(waitForSignals(riskShown));

        const Sections everything{true, true};
        QCOMPARE(sectionsOf(window), everything);
        window.showFindings();
        QCOMPARE(sectionsOf(window), everything);
        window.showProtect();
        QCOMPARE(sectionsOf(window), everything);

        // Scores edited after they were computed leave the report (and the export is refused).
        window.showRisk();
        auto* share = window.riskView()->samplingPercentBox();
        share->setValue(share->value() / 2);
        QVERIFY(!window.riskView()->staleReason().isEmpty());
        QVERIFY(window.exportRefusal().contains(QStringLiteral("The record risk")));
        QTemporaryDir folder;
        QVERIFY(!window.riskView()->exportScores(folder.filePath(QStringLiteral("scores.csv"))).isEmpty());
        QCOMPARE(sectionsOf(window), (Sections{true, false}));
    }
};

QTEST_MAIN(StaleResultsTest)
#include "stale_results_test.moc"
