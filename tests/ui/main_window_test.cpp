// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <QComboBox>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/ui/main_window.h"

#include "columns/column_panel.h"
#include "import/import_dialog.h"
#include "main/recent_files.h"
#include "main/welcome_page.h"
#include "parameters/parameters_panel.h"
#include "results/results_panel.h"
#include "search/search_controller.h"
#include "table/isolated_rows_proxy_model.h"

using qiscout::core::Algorithm;
using qiscout::core::ColumnRole;
using qiscout::core::ColumnSet;
using qiscout::core::SearchResult;
using qiscout::ui::MainWindow;
using qiscout::ui::SearchController;

namespace {

constexpr int loadTimeoutMs = 120'000;
constexpr int searchTimeoutMs = 240'000;

const QString samplePath = QStringLiteral(QISCOUT_SOURCE_DIR "/resources/samples/adult.csv");

// Columns of the UCI Adult sample.
enum AdultColumn {
    Age = 0,
    Workclass = 1,
    Fnlwgt = 2,
    Education = 3,
    MaritalStatus = 5,
    Race = 8,
    Sex = 9,
    HoursPerWeek = 12,
    NativeCountry = 13,
    Income = 14,
};

bool loadSample(MainWindow& window)
{
    QSignalSpy shown(&window, &MainWindow::tableShown);
    window.loadTable(samplePath, {});
    return shown.wait(loadTimeoutMs);
}

/// Makes exactly `candidates` quasi-identifier candidates; the rest are ignored.
void setCandidates(MainWindow& window, ColumnSet candidates)
{
    const auto columns = static_cast<int>(window.table()->columnCount());
    for (int column = 0; column < columns; ++column)
        window.columnPanel()->setRole(column,
                                      candidates.contains(column) ? ColumnRole::QuasiIdentifier : ColumnRole::Ignored);
}

void selectAlgorithm(MainWindow& window, Algorithm algorithm)
{
    auto* box = window.parametersPanel()->algorithmComboBox();
    box->setCurrentIndex(box->findData(static_cast<int>(algorithm)));
}

/// The engine's answer computed directly, without the GUI.
SearchResult directAnswer(MainWindow& window, std::uint64_t k, ColumnSet columns, std::optional<int> maxSetSize = {})
{
    qiscout::core::SearchParameters parameters;
    parameters.k = k;
    parameters.columns = columns;
    parameters.maxSetSize = maxSetSize;
    qiscout::core::NullObserver observer;
    return qiscout::core::runSearch(*window.table(), parameters, Algorithm::Auto, {}, observer);
}

std::shared_ptr<const SearchResult> lastResultOf(const QSignalSpy& spy)
{
    return spy.last().at(0).value<std::shared_ptr<const SearchResult>>();
}

} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QIScoutTests"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void welcomePageOpensTheSampleAndRemembersIt()
    {
        qiscout::ui::RecentFiles::clear();
        MainWindow window;
        window.show();
        auto* welcome = window.findChild<qiscout::ui::WelcomePage*>();
        QVERIFY(welcome && welcome->isVisible());
        QSignalSpy shown(&window, &MainWindow::tableShown);
        Q_EMIT welcome->sampleRequested();
        QVERIFY(shown.wait(loadTimeoutMs));
        QVERIFY(!welcome->isVisible());
        QCOMPARE(window.table()->columnCount(), std::size_t{15});
        QCOMPARE(qiscout::ui::RecentFiles::load().value(0), QFileInfo(samplePath).absoluteFilePath());
    }

    void droppingAFileOpensTheImportDialogAndLoadsIt()
    {
        MainWindow window;
        window.show();
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(samplePath)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);
        auto* dialog = window.findChild<qiscout::ui::ImportDialog*>();
        QVERIFY(dialog);
        QCOMPARE(dialog->path(), samplePath);
        QVERIFY(dialog->options().missingTokens == qiscout::core::LoadOptions{}.missingTokens);
        QSignalSpy shown(&window, &MainWindow::tableShown);
        dialog->accept();
        QVERIFY(shown.wait(loadTimeoutMs));
        QCOMPARE(window.table()->rowCount, 48'842U);
    }

    void aLoadErrorNamesTheFileLineAndColumn()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("ragged.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("a,b,c\n1,2,3\n4,5\n");
        file.close();
        MainWindow window;
        window.show();
        window.loadTable(path, {});
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QMessageBox*>() != nullptr, loadTimeoutMs);
        const auto* box = window.findChild<QMessageBox*>();
        QVERIFY2(box->informativeText().contains(QStringLiteral("Line: 3")), qPrintable(box->informativeText()));
        QVERIFY(box->informativeText().contains(QDir::toNativeSeparators(path)));
        QVERIFY(!window.table());
    }

    void flagsColumnsUniqueOnTheirOwnAndSearchesOnlyCandidates()
    {
        qiscout::ui::ColumnPanel panel;
        const auto table = std::make_shared<const qiscout::core::EncodedTable>(
            qiscout::core::encodeRows({"id", "sex", "age"}, {{"1", "m", "30"}, {"2", "f", "30"}, {"3", "m", "41"}}));
        QSignalSpy edited(&panel, &qiscout::ui::ColumnPanel::rolesEdited);
        panel.setTable(table);
        QVERIFY(panel.isLikelyDirectIdentifier(0));
        QVERIFY(!panel.isLikelyDirectIdentifier(1));
        QVERIFY(!panel.isLikelyDirectIdentifier(2));
        QCOMPARE(panel.searchedColumns().value_or(ColumnSet()), ColumnSet::of({0, 1, 2}));
        panel.setRole(0, ColumnRole::DirectIdentifier);
        panel.setRole(2, ColumnRole::Sensitive);
        QCOMPARE(edited.count(), 2);
        QCOMPARE(panel.searchedColumns().value_or(ColumnSet()), ColumnSet::of({1}));
        QVERIFY(panel.roles() == (std::vector<ColumnRole>{ColumnRole::DirectIdentifier, ColumnRole::QuasiIdentifier,
                                                          ColumnRole::Sensitive}));
    }

    void runsTheSampleAndListsTheEnginesAnswer()
    {
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        QCOMPARE(window.table()->rowCount, 48'842U);
        QCOMPARE(window.tableView()->model()->rowCount(), 48'842);

        const auto candidates = ColumnSet::of({Age, Workclass, Education, MaritalStatus, Race, Sex, NativeCountry});
        setCandidates(window, candidates);
        window.columnPanel()->setRole(Fnlwgt, ColumnRole::DirectIdentifier);
        window.columnPanel()->setRole(Income, ColumnRole::Sensitive);
        QCOMPARE(window.columnPanel()->searchedColumns().value_or(ColumnSet()), candidates);
        window.parametersPanel()->kSpinBox()->setValue(2);

        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));

        const auto expected = directAnswer(window, 2, candidates);
        QVERIFY(!expected.minimalSets.empty());
        QCOMPARE(lastResultOf(finished)->k, 2ULL);
        QVERIFY(window.resultsPanel()->listedSets() == expected.minimalSets);

        // Selecting a quasi-identifier shows exactly the rows in groups of at most k on it.
        const auto chosen = expected.minimalSets.back();
        QSignalSpy filtered(&window, &MainWindow::rowFilterApplied);
        QVERIFY(window.resultsPanel()->selectSet(chosen.columns));
        QVERIFY(filtered.wait(loadTimeoutMs));
        auto* model = window.tableView()->model();
        QCOMPARE(model, static_cast<QAbstractItemModel*>(window.filterModel()));
        QCOMPARE(static_cast<std::uint64_t>(model->rowCount()), chosen.isolatedRows);

        const auto& table = *window.table();
        const auto key = [&](std::uint32_t row) {
            std::vector<std::string> values;
            for (const int column : chosen.columns.columns())
                values.push_back(table.text(row, static_cast<std::size_t>(column)));
            return values;
        };
        std::map<std::vector<std::string>, std::uint64_t> groupSizes;
        for (std::uint32_t row = 0; row < table.rowCount; ++row)
            ++groupSizes[key(row)];
        for (int shown = 0; shown < model->rowCount(); ++shown) {
            const auto row =
                static_cast<std::uint32_t>(window.filterModel()->mapToSource(model->index(shown, 0)).row());
            QVERIFY(groupSizes[key(row)] <= 2);
        }
    }

    void cancelsMidRunAndRunsAgain()
    {
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        // The exhaustive search over every column takes far longer than the cancel below.
        selectAlgorithm(window, Algorithm::Brute);
        auto* controller = window.searchController();
        QSignalSpy reported(controller, &SearchController::eventsReported);
        QSignalSpy cancelled(controller, &SearchController::searchCancelled);
        QSignalSpy finished(controller, &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(controller->isRunning());
        QVERIFY(reported.wait(searchTimeoutMs));
        window.cancelAnalysis();
        QVERIFY(cancelled.wait(searchTimeoutMs));
        QVERIFY(!controller->isRunning());
        QCOMPARE(finished.count(), 0);
        QVERIFY(!lastResultOf(cancelled)->complete);

        const auto candidates = ColumnSet::of({Age, Sex, Race, HoursPerWeek});
        setCandidates(window, candidates);
        selectAlgorithm(window, Algorithm::Auto);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));
        QVERIFY(lastResultOf(finished)->complete);
        QVERIFY(window.resultsPanel()->listedSets() == directAnswer(window, 1, candidates).minimalSets);
    }

    void changingKDuringARunRestartsWithTheNewK()
    {
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        selectAlgorithm(window, Algorithm::Brute);
        window.parametersPanel()->maxSetSizeSpinBox()->setValue(4);
        auto* controller = window.searchController();
        QSignalSpy started(controller, &SearchController::searchStarted);
        QSignalSpy finished(controller, &SearchController::searchFinished);
        window.runAnalysis();
        QCOMPARE(started.count(), 1);
        window.parametersPanel()->kSpinBox()->setValue(3);
        QVERIFY(finished.wait(searchTimeoutMs));
        QCOMPARE(started.count(), 2);
        QCOMPARE(finished.count(), 1);
        const auto result = lastResultOf(finished);
        QCOMPARE(result->k, 3ULL);
        const auto all = ColumnSet::firstN(static_cast<int>(window.table()->columnCount()));
        QVERIFY(window.resultsPanel()->listedSets() == directAnswer(window, 3, all, 4).minimalSets);
    }

    void savesAndReopensAProject()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString projectPath = folder.filePath(QStringLiteral("adult.qiscout"));
        std::vector<ColumnRole> roles;
        qiscout::ui::SearchRequest saved;
        {
            MainWindow window;
            QVERIFY(loadSample(window));
            window.columnPanel()->setRole(Fnlwgt, ColumnRole::DirectIdentifier);
            window.columnPanel()->setRole(Income, ColumnRole::Sensitive);
            window.columnPanel()->setRole(HoursPerWeek, ColumnRole::Ignored);
            window.parametersPanel()->kSpinBox()->setValue(5);
            selectAlgorithm(window, Algorithm::Mtui);
            roles = window.columnPanel()->roles();
            saved = window.parametersPanel()->request();
            QVERIFY(window.saveProject(projectPath));
        }
        MainWindow reopened;
        QSignalSpy shown(&reopened, &MainWindow::tableShown);
        reopened.openProject(projectPath);
        // The sample lies outside the project's folder: its path is shown and confirmed first (#19).
        auto* confirm = reopened.findChild<QMessageBox*>();
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QDir::toNativeSeparators(QFileInfo(samplePath).canonicalFilePath())),
                 qPrintable(confirm->text()));
        confirm->done(QMessageBox::Yes);
        QVERIFY(shown.wait(loadTimeoutMs));
        QCOMPARE(reopened.table()->rowCount, 48'842U);
        QVERIFY(reopened.columnPanel()->roles() == roles);
        const auto request = reopened.parametersPanel()->request();
        QCOMPARE(request.parameters.k, 5ULL);
        QVERIFY(request.algorithm == Algorithm::Mtui);
        QCOMPARE(request.parameters.threads, saved.parameters.threads);
        QCOMPARE(request.parameters.batchSize, saved.parameters.batchSize);
        QVERIFY(request.parameters.maxSetSize == saved.parameters.maxSetSize);
    }

    // #19: a project may name any file; the resolved path is shown before anything is read.
    void showsWhereAProjectsTableIsBeforeLoadingIt()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        QVERIFY(QDir(folder.path()).mkpath(QStringLiteral("project/data")));
        const QString inside = folder.filePath(QStringLiteral("project/data/table.csv"));
        QVERIFY(QFile::copy(samplePath, inside));
        const auto writeProject = [&](const QString& name, const QString& table) {
            QFile file(folder.filePath(QStringLiteral("project/") + name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QStringLiteral("{\"format\": \"qiscout-project\", \"version\": 1, \"table\": \"%1\"}")
                           .arg(table)
                           .toUtf8());
        };
        writeProject(QStringLiteral("inside.qiscout"), QStringLiteral("data/table.csv"));
        writeProject(QStringLiteral("escapes.qiscout"), QStringLiteral("../../../../../../../../etc/passwd"));

        {
            MainWindow window;
            QSignalSpy shown(&window, &MainWindow::tableShown);
            window.openProject(folder.filePath(QStringLiteral("project/inside.qiscout")));
            QVERIFY(shown.wait(loadTimeoutMs));
            QVERIFY(!window.findChild<QMessageBox*>());
        }
        MainWindow window;
        QSignalSpy shown(&window, &MainWindow::tableShown);
        window.openProject(folder.filePath(QStringLiteral("project/escapes.qiscout")));
        auto* confirm = window.findChild<QMessageBox*>();
        QVERIFY(confirm);
        QVERIFY2(confirm->text().contains(QStringLiteral("/etc/passwd")), qPrintable(confirm->text()));
        QVERIFY(!confirm->text().contains(QStringLiteral("..")));
        confirm->done(QMessageBox::No);
        QTest::qWait(200);
        QCOMPARE(shown.count(), 0);
        QVERIFY(!window.table());

        // A database server is a connection out of the machine: named without its password and
        // confirmed first, wherever the project lies.
        writeProject(QStringLiteral("remote.qiscout"),
                     QStringLiteral("postgresql://analyst:secret@db.example.org/survey?table=people"));
        MainWindow remote;
        QSignalSpy remoteShown(&remote, &MainWindow::tableShown);
        remote.openProject(folder.filePath(QStringLiteral("project/remote.qiscout")));
        auto* connect = remote.findChild<QMessageBox*>();
        QVERIFY(connect);
        QVERIFY2(connect->text().contains(QStringLiteral("db.example.org")), qPrintable(connect->text()));
        QVERIFY2(!connect->text().contains(QStringLiteral("secret")), qPrintable(connect->text()));
        connect->done(QMessageBox::No);
        QTest::qWait(200);
        QCOMPARE(remoteShown.count(), 0);
        QVERIFY(!remote.table());
    }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
