// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/report/glossary.h"
#include "qiscout/core/report/report.h"
#include "qiscout/core/table/synthetic_table.h"
#include "qiscout/ui/main_window.h"

#include "charts/class_size_histogram_chart.h"
#include "columns/column_panel.h"
#include "import/import_dialog.h"
#include "lattice/lattice_view.h"
#include "main/recent_files.h"
#include "main/user_guide.h"
#include "main/welcome_page.h"
#include "parameters/parameters_panel.h"
#include "results/results_panel.h"
#include "search/search_controller.h"
#include "table/row_order_proxy_model.h"
#include "table/rows_panel.h"

using qiscout::core::Algorithm;
using qiscout::core::ColumnRole;
using qiscout::core::ColumnSet;
using qiscout::core::SearchResult;
using qiscout::ui::LatticeCounts;
using qiscout::ui::MainWindow;
using qiscout::ui::SearchController;
using qiscout::ui::SetState;

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

bool loadTable(MainWindow& window, const QString& path)
{
    QSignalSpy shown(&window, &MainWindow::tableShown);
    window.loadTable(path, {});
    return shown.wait(loadTimeoutMs);
}

bool loadSample(MainWindow& window)
{
    return loadTable(window, samplePath);
}

/// Writes a generated table of this shape into `folder` and opens it.
bool loadSynthetic(MainWindow& window, const QTemporaryDir& folder, const qiscout::core::SyntheticTableShape& shape)
{
    const QString path = folder.filePath(QStringLiteral("synthetic.csv"));
    {
        std::ofstream out(path.toStdString());
        qiscout::core::writeSyntheticTable(out, shape);
    }
    return loadTable(window, path);
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

/// Claims one key combination for the widget it filters, the way a line edit on X11 claims Ctrl+E
/// ("end of line"); the offscreen platform's key bindings do not include it.
class KeyClaimer : public QObject {
public:
    explicit KeyClaimer(QKeySequence key) : m_key(std::move(key)) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::ShortcutOverride &&
            QKeySequence(static_cast<QKeyEvent*>(event)->keyCombination()) == m_key) {
            event->accept();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QKeySequence m_key;
};

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
        // Named as an id and unique: proposed as a direct identifier, and no longer warned about (#35).
        QCOMPARE(panel.role(0), ColumnRole::DirectIdentifier);
        QVERIFY(!panel.hasOpenIdentifierWarning(0));
        QCOMPARE(panel.searchedColumns(), ColumnSet::of({1, 2}));
        panel.setRole(0, ColumnRole::QuasiIdentifier);
        QVERIFY(panel.hasOpenIdentifierWarning(0));
        panel.setRole(0, ColumnRole::DirectIdentifier);
        QVERIFY(!panel.hasOpenIdentifierWarning(0));
        panel.setRole(2, ColumnRole::Sensitive);
        QCOMPARE(edited.count(), 3);
        QCOMPARE(panel.searchedColumns(), ColumnSet::of({1}));
        QVERIFY(panel.roles() == (std::vector<ColumnRole>{ColumnRole::DirectIdentifier, ColumnRole::QuasiIdentifier,
                                                          ColumnRole::Sensitive}));
    }

    void tellsIdentifiersFromUniqueAmounts()
    {
        // #35: `uid` (unique) was not proposed as a direct identifier, a household id `ori_hid`
        // (a few rows to each value) was not flagged, and unique money amounts were.
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("household.csv"));
        {
            std::ofstream csv(path.toStdString());
            csv << "uid,ori_hid,income,sex,rowNumber\n";
            for (int row = 0; row < 40; ++row)
                csv << 1000 + row << ",H" << row / 3 << ',' << row * 37 % 1000 << '.' << row % 10 << "5,"
                    << (row % 2 == 0 ? "m" : "f") << ',' << row << '\n';
        }
        // Loaded as the app loads it: the types are inferred.
        const auto table =
            std::make_shared<const qiscout::core::EncodedTable>(qiscout::core::loadTable(path.toStdString()));
        qiscout::ui::ColumnPanel panel;
        panel.setTable(table);
        QCOMPARE(panel.role(0), ColumnRole::DirectIdentifier);
        QVERIFY(panel.hasOpenIdentifierWarning(1));
        QCOMPARE(panel.role(1), ColumnRole::QuasiIdentifier);
        QVERIFY(!panel.isLikelyDirectIdentifier(2));
        QVERIFY(!panel.isLikelyDirectIdentifier(3));
        // Unique whole numbers with no identifier name: warned about, not proposed.
        QVERIFY(panel.hasOpenIdentifierWarning(4));
        QCOMPARE(panel.role(4), ColumnRole::QuasiIdentifier);
        const auto* summary = panel.findChild<QLabel*>(QStringLiteral("columnSummary"));
        QVERIFY(summary->text().contains(QStringLiteral("2 columns look like direct identifiers")));
        QVERIFY2(summary->text().contains(QStringLiteral("1 column is marked as a direct identifier")),
                 qPrintable(summary->text()));
    }

    void runsTheSampleAndListsTheEnginesAnswer()
    {
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        QCOMPARE(window.table()->rowCount, 48'842U);
        QCOMPARE(window.rowsPanel()->view()->model()->rowCount(), 48'842);

        const auto candidates = ColumnSet::of({Age, Workclass, Education, MaritalStatus, Race, Sex, NativeCountry});
        setCandidates(window, candidates);
        window.columnPanel()->setRole(Fnlwgt, ColumnRole::DirectIdentifier);
        window.columnPanel()->setRole(Income, ColumnRole::Sensitive);
        QCOMPARE(window.columnPanel()->searchedColumns(), candidates);
        window.parametersPanel()->kSpinBox()->setValue(2);

        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        QSignalSpy findingsShown(&window, &MainWindow::findingsShown);
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
        auto* rows = window.rowsPanel()->rowModel();
        const QAbstractItemModel* model = rows;
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
            const auto row = static_cast<std::uint32_t>(rows->mapToSource(model->index(shown, 0)).row());
            QVERIFY(groupSizes[key(row)] <= 2);
        }

        // #14 point 10: what the findings mean and what to do next, in the window, as the report says it.
        auto* findings = window.resultsPanel()->findChild<QLabel*>(QStringLiteral("findingsSummary"));
        QVERIFY(findings);
        QTRY_VERIFY_WITH_TIMEOUT(findings->isVisible(), searchTimeoutMs);
        // Command-line screenshots wait for this signal.
        QCOMPARE(findingsShown.count(), 1);
        qiscout::core::ReportInput input;
        input.table = window.table();
        input.roles = window.columnPanel()->roles();
        input.parameters.k = 2;
        input.parameters.columns = candidates;
        input.result = *lastResultOf(finished);
        input.fileSha256 = std::string();
        const auto report = qiscout::core::buildReport(input);
        QVERIFY(report.summary.size() >= 3);
        for (const std::string& sentence : report.summary)
            QVERIFY2(findings->text().contains(QString::fromStdString(sentence).toHtmlEscaped()), sentence.c_str());
        QCOMPARE(window.resultsPanel()->view()->model()->headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("Isolated rows"));
    }

    void theLatticeFollowsTheRolesBeforeARun()
    {
        // #14 point 7: with 2 of 15 columns ignored the lattice still showed 15 columns.
        MainWindow window;
        QVERIFY(loadSample(window));
        QCOMPARE(window.latticeView()->stateCounts().total(), (1ULL << 15) - 1);
        window.columnPanel()->setRole(Fnlwgt, ColumnRole::Ignored);
        window.columnPanel()->setRole(Income, ColumnRole::Sensitive);
        QCOMPARE(window.latticeView()->stateCounts().total(), (1ULL << 13) - 1);
        QCOMPARE(window.latticeView()->stateCounts().of(qiscout::ui::SetState::Unreached), (1ULL << 13) - 1);
        // Combinations of at most two of the 13 columns: 13 + 78.
        window.parametersPanel()->maxSetSizeSpinBox()->setValue(2);
        QCOMPARE(window.latticeView()->stateCounts().total(), 91ULL);
    }

    void selectedColumnsTakeOneRoleTogether()
    {
        // #14 point 11: one combo box per row, unreachable with Tab, no multi-select; #12: usable
        // with thousands of columns.
        qiscout::ui::ColumnPanel panel;
        std::vector<std::string> names;
        std::vector<std::string> row;
        for (int column = 0; column < 4096; ++column) {
            names.push_back("c" + std::to_string(column));
            row.push_back(std::to_string(column % 3));
        }
        panel.setTable(
            std::make_shared<const qiscout::core::EncodedTable>(qiscout::core::encodeRows(names, {row, row})));
        // #17: every candidate is searched, however many; the summary says the lattice view draws
        // the combinations of up to 6 of 4,096 columns (levels 1-6 hold 6.5e18 sets, level 7 3.8e21).
        QCOMPARE(panel.searchedColumns(), ColumnSet::firstN(4096));
        QVERIFY(panel.searchProblem().isEmpty());
        const auto* summary = panel.findChild<QLabel*>(QStringLiteral("columnSummary"));
        QVERIFY(summary->text().contains(QStringLiteral("4096 columns will be searched")));
        QVERIFY(summary->text().contains(QStringLiteral("combinations of up to 6 columns")));
        QSignalSpy edited(&panel, &qiscout::ui::ColumnPanel::rolesEdited);
        std::vector<int> beyond;
        for (int column = 64; column < 4096; ++column)
            beyond.push_back(column);
        panel.selectColumns(beyond);
        auto* box = panel.roleComboBox();
        QVERIFY(box->isEnabled());
        QCOMPARE(box->currentText(), QStringLiteral("Candidate"));
        box->activated(box->findText(QStringLiteral("Ignore")));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.searchedColumns(), ColumnSet::firstN(64));
        QVERIFY(!summary->text().contains(QStringLiteral("combinations of up to")));
        QCOMPARE(panel.role(4095), ColumnRole::Ignored);
        QCOMPARE(panel.role(63), ColumnRole::QuasiIdentifier);
        // Mixed roles show no common role.
        panel.selectColumns({63, 64});
        QCOMPARE(box->currentIndex(), -1);
        // Every control takes the keyboard focus with Tab.
        QVERIFY(box->focusPolicy() & Qt::TabFocus);
        QVERIFY(panel.findChild<QTreeWidget*>()->focusPolicy() & Qt::TabFocus);
    }

    void searchesEveryColumnOfATableWiderThanTheLatticeView()
    {
        // #17: a table of 100 columns is searched over all of them and drawn in the levels searched,
        // sets beyond the 64th column included; the results list holds the engine's whole answer.
        QTemporaryDir folder;
        qiscout::core::SyntheticTableShape shape;
        shape.rows = 300;
        shape.columns = 100;
        shape.seed = 7;
        MainWindow window;
        window.show();
        QVERIFY(loadSynthetic(window, folder, shape));
        const ColumnSet all = ColumnSet::firstN(100);
        QCOMPARE(window.columnPanel()->searchedColumns(), all);
        window.parametersPanel()->kSpinBox()->setValue(1);
        window.parametersPanel()->maxSetSizeSpinBox()->setValue(2);

        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));
        QCOMPARE(lastResultOf(finished)->searchedColumns, all);
        const auto expected = directAnswer(window, 1, all, 2);
        QVERIFY(window.resultsPanel()->listedSets() == expected.minimalSets);
        QVERIFY(std::any_of(expected.minimalSets.begin(), expected.minimalSets.end(),
                            [](const auto& set) { return set.columns.last() >= 64; }));
        QVERIFY(window.latticeView()->drawsEveryLevel());
        const LatticeCounts counts = window.latticeView()->stateCounts();
        QCOMPARE(counts.total(), 100ULL + 4950ULL);
        for (const auto& set : expected.minimalSets)
            QVERIFY(window.latticeView()->stateOf(set.columns) == SetState::Vulnerable);
        if (qEnvironmentVariableIsSet("QISCOUT_SCREENSHOT_DIR"))
            window.grab().save(qEnvironmentVariable("QISCOUT_SCREENSHOT_DIR") + QStringLiteral("/wide_table.png"));
    }

    void aWildcardSearchsDetailsCountEveryMatchingRow()
    {
        // #17: after a wildcard search, selecting a quasi-identifier singles out the rows whose
        // wildcard class has at most k rows (pair by pair below), and the rows panel and the
        // class-size chart say how missing cells matched.
        QTemporaryDir folder;
        qiscout::core::SyntheticTableShape shape;
        shape.rows = 400;
        shape.columns = 5;
        shape.seed = 4;
        shape.missingShare = 0.2;
        MainWindow window;
        window.show();
        QVERIFY(loadSynthetic(window, folder, shape));
        const std::uint64_t k = 2;
        window.parametersPanel()->kSpinBox()->setValue(static_cast<int>(k));
        QComboBox* semantics = window.parametersPanel()->missingSemanticsComboBox();
        semantics->setCurrentIndex(semantics->findData(static_cast<int>(qiscout::core::MissingSemantics::Wildcard)));
        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));
        const auto result = lastResultOf(finished);
        QCOMPARE(result->missingSemantics, qiscout::core::MissingSemantics::Wildcard);
        QVERIFY(!result->minimalSets.empty());
        const auto chosen = result->minimalSets.back();

        const auto& table = *window.table();
        const std::vector<int> columns = chosen.columns.columns();
        std::vector<std::uint32_t> expected;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            std::uint64_t matching = 0;
            for (std::uint32_t other = 0; other < table.rowCount; ++other)
                matching += std::all_of(columns.begin(), columns.end(),
                                        [&](int column) {
                                            const auto& encoded = table.columns[static_cast<std::size_t>(column)];
                                            const std::uint32_t a = encoded.codes[row];
                                            const std::uint32_t b = encoded.codes[other];
                                            return encoded.missing[a] || encoded.missing[b] || a == b;
                                        })
                                ? 1U
                                : 0U;
            if (matching <= k)
                expected.push_back(row);
        }
        QCOMPARE(static_cast<std::uint64_t>(expected.size()), chosen.isolatedRows);

        QSignalSpy filtered(&window, &MainWindow::rowFilterApplied);
        QVERIFY(window.resultsPanel()->selectSet(chosen.columns));
        QVERIFY(filtered.wait(loadTimeoutMs));
        auto* rows = window.rowsPanel()->rowModel();
        const QAbstractItemModel* model = rows;
        std::vector<std::uint32_t> shownRows;
        for (int index = 0; index < model->rowCount(); ++index)
            shownRows.push_back(static_cast<std::uint32_t>(rows->mapToSource(model->index(index, 0)).row()));
        std::sort(shownRows.begin(), shownRows.end());
        QVERIFY(shownRows == expected);
        QVERIFY(window.rowsPanel()->isolatedText().contains(QStringLiteral("a missing cell matches any value")));
        auto* histogram = window.findChild<qiscout::ui::ClassSizeHistogramChart*>(QStringLiteral("classSizeHistogram"));
        QVERIFY(histogram);
        QVERIFY(histogram->caption().contains(QStringLiteral("a missing cell matches any value")));
        std::uint64_t atRisk = 0;
        for (const auto& bin : histogram->bins())
            atRisk += bin.atMostK ? bin.classes : 0;
        QVERIFY(atRisk > 0);
        if (qEnvironmentVariableIsSet("QISCOUT_SCREENSHOT_DIR"))
            window.grab().save(qEnvironmentVariable("QISCOUT_SCREENSHOT_DIR") +
                               QStringLiteral("/wildcard_details.png"));
    }

    void f1OpensTheUserGuideFromAnywhere()
    {
        // #14 point 12: Help had only About and F1 did nothing.
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(loadSample(window));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* k = window.parametersPanel()->kSpinBox();
        k->setFocus();
        QTRY_VERIFY(k->hasFocus());
        QTest::keyClick(k, Qt::Key_F1);
        auto* guide = window.findChild<qiscout::ui::UserGuide*>();
        QVERIFY(guide && guide->isVisible());
        const QString text = qiscout::ui::UserGuide::html();
        for (const auto& entry : qiscout::core::glossary)
            QVERIFY(text.contains(QString::fromUtf8(entry.term.data(), static_cast<qsizetype>(entry.term.size()))));
        QVERIFY(text.contains(QStringLiteral("What k means")));
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

    void shortcutsWorkFromAFocusedSpinBox()
    {
        // #14: Ctrl+E did nothing while the cursor was in the k box (a line edit takes it as "end
        // of line"); Ctrl+R worked.
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));
        QAction* exportAction = nullptr;
        for (auto* action : window.findChildren<QAction*>())
            if (action->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl+E"))))
                exportAction = action;
        QVERIFY(exportAction && exportAction->isEnabled());
        // The export itself opens a file dialog; only whether the shortcut reaches the action counts here.
        QObject::disconnect(exportAction, &QAction::triggered, nullptr, nullptr);
        QSignalSpy exported(exportAction, &QAction::triggered);
        auto* k = window.parametersPanel()->kSpinBox();
        // The load's progress dialog may have taken the activation.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        k->setFocus();
        QTRY_VERIFY(k->hasFocus());
        KeyClaimer claimer(QKeySequence(QStringLiteral("Ctrl+E")));
        QApplication::focusWidget()->installEventFilter(&claimer);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(exported.count(), 1);
        QSignalSpy started(window.searchController(), &SearchController::searchStarted);
        QTest::keyClick(k, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(started.count(), 1);
        QVERIFY(finished.wait(searchTimeoutMs));
        // Editing keys the window does not use still edit the field.
        QTest::keyClick(k, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(k, QStringLiteral("7"));
        QCOMPARE(k->value(), 7);
    }

    void openingAnotherTableStopsTheRunAndItsBusyBar()
    {
        // #14: the run stopped silently but the busy bar kept animating.
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        selectAlgorithm(window, Algorithm::Brute);
        auto* busy = window.findChild<QProgressBar*>(QStringLiteral("searchBusyBar"));
        QVERIFY(busy);
        QSignalSpy reported(window.searchController(), &SearchController::eventsReported);
        window.runAnalysis();
        QVERIFY(reported.wait(searchTimeoutMs));
        QVERIFY(busy->isVisible());
        QVERIFY(loadSample(window));
        QVERIFY(!window.searchController()->isRunning());
        QVERIFY(!busy->isVisible());
    }

    void theListFillsDuringARunAndTheBarFills()
    {
        // #35: during a run the list said "these are the previous results" while new
        // quasi-identifiers appeared only as counts in the legend, beside a busy bar although
        // "Settled 22,560 of 32,767" was known.
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        selectAlgorithm(window, Algorithm::Brute);
        auto* bar = window.findChild<QProgressBar*>(QStringLiteral("searchBusyBar"));
        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        const auto* list = window.resultsPanel()->view()->model();
        QTRY_VERIFY_WITH_TIMEOUT(list->rowCount() > 0 || finished.count() > 0, searchTimeoutMs);
        QVERIFY2(finished.count() == 0, "the run ended before the list was seen filling");
        QVERIFY(window.searchController()->isRunning());
        QVERIFY(bar->maximum() > 0);
        QVERIFY(window.resultsPanel()->statusText().contains(QStringLiteral("so far")));
        window.cancelAnalysis();
        QTRY_VERIFY_WITH_TIMEOUT(!window.searchController()->isRunning(), searchTimeoutMs);
        // What the cancelled run found stays listed, now with its rows counted.
        QVERIFY(list->rowCount() > 0);
        QVERIFY(list->index(0, 1).data().toString() != QStringLiteral("…"));
    }

    void aSelectedQuasiIdentifiersColumnsComeFirstAndTheLayoutStaysStill()
    {
        // #14: selecting "marital-status, relationship" left age, workclass, fnlwgt in view, and the
        // panels jumped to new widths on every selection.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(loadSample(window));
        QSignalSpy finished(window.searchController(), &SearchController::searchFinished);
        window.runAnalysis();
        QVERIFY(finished.wait(searchTimeoutMs));
        const auto docks = window.findChildren<QDockWidget*>();
        const auto widths = [&docks] {
            QList<int> list;
            for (const auto* dock : docks)
                list << dock->width();
            return list;
        };
        QTest::qWait(50);
        const auto before = widths();
        auto* header = window.rowsPanel()->view()->horizontalHeader();
        const auto sets = window.resultsPanel()->listedSets();
        QVERIFY(sets.size() > 5);
        for (const auto& set : {sets.back(), sets[sets.size() / 2], sets.front()}) {
            QSignalSpy filtered(&window, &MainWindow::rowFilterApplied);
            QVERIFY(window.resultsPanel()->selectSet(set.columns));
            QVERIFY(filtered.wait(loadTimeoutMs));
            QTest::qWait(50);
            int position = 0;
            for (const int column : set.columns.columns()) {
                QCOMPARE(header->logicalIndex(position++), column);
                QVERIFY(header->sectionViewportPosition(column) >= 0);
                QVERIFY(header->sectionViewportPosition(column) < header->viewport()->width());
            }
            QCOMPARE(widths(), before);
        }
        window.rowsPanel()->clearIsolatedRows();
        for (int column = 0; column < header->count(); ++column)
            QCOMPARE(header->logicalIndex(column), column);
    }

    void theTitleNamesTheProjectAndQuitAsksBeforeLosingChanges()
    {
        // #14 point 13: the title bar did not show the project; Quit discarded unsaved role changes.
        QTemporaryDir folder;
        const QString projectPath = folder.filePath(QStringLiteral("census.qiscout"));
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("adult.csv")));
        QVERIFY(window.close());
        window.show();
        window.columnPanel()->setRole(Fnlwgt, ColumnRole::Ignored);
        QVERIFY(window.isWindowModified());
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("confirmDiscard"));
        QVERIFY(box);
        box->button(QMessageBox::Cancel)->click();
        QVERIFY(window.isVisible());
        QTRY_VERIFY(window.findChild<QMessageBox*>(QStringLiteral("confirmDiscard")) == nullptr);
        QVERIFY(window.saveProject(projectPath));
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("census (adult.csv)")));
        window.parametersPanel()->kSpinBox()->setValue(3);
        QVERIFY(!window.close());
        box = window.findChild<QMessageBox*>(QStringLiteral("confirmDiscard"));
        QVERIFY(box);
        box->button(QMessageBox::Discard)->click();
        QTRY_VERIFY(!window.isVisible());
    }

    void openAndNewAskBeforeLosingChangesOrARun()
    {
        // #14 point 13: Open discarded unsaved role changes and a running analysis without asking.
        MainWindow window;
        window.show();
        QVERIFY(loadSample(window));
        window.columnPanel()->setRole(Fnlwgt, ColumnRole::Ignored);
        QVERIFY(window.isWindowModified());
        const auto askingBox = [&window] { return window.findChild<QMessageBox*>(QStringLiteral("confirmDiscard")); };

        // File > New, then Cancel: nothing changes. Cancel is the default (#35), and with no
        // project the box does not speak of one.
        window.startOver();
        QVERIFY(askingBox());
        QVERIFY(askingBox()->button(QMessageBox::Save));
        QVERIFY(askingBox()->defaultButton() == askingBox()->button(QMessageBox::Cancel));
        QVERIFY2(!askingBox()->text().contains(QStringLiteral("last saved")), qPrintable(askingBox()->text()));
        askingBox()->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(askingBox() == nullptr);
        QVERIFY(window.table());
        QVERIFY(window.isWindowModified());

        // Opening a dropped file asks first; Discard goes on to the import dialog.
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(samplePath)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);
        QVERIFY(!window.findChild<qiscout::ui::ImportDialog*>());
        QVERIFY(askingBox());
        askingBox()->button(QMessageBox::Discard)->click();
        auto* dialog = window.findChild<qiscout::ui::ImportDialog*>();
        QVERIFY(dialog);
        QSignalSpy shown(&window, &MainWindow::tableShown);
        dialog->accept();
        QVERIFY(shown.wait(loadTimeoutMs));
        QVERIFY(!window.isWindowModified());
        QTRY_VERIFY(askingBox() == nullptr);

        // A running analysis alone is reason enough to ask (no Save then: nothing to save); Discard
        // on New stops it, forgets the table and shows the start page.
        selectAlgorithm(window, Algorithm::Brute);
        QTemporaryDir folder;
        QVERIFY(window.saveProject(folder.filePath(QStringLiteral("brute.qiscout"))));
        QVERIFY(!window.isWindowModified());
        QSignalSpy reported(window.searchController(), &SearchController::eventsReported);
        window.runAnalysis();
        QVERIFY(reported.wait(searchTimeoutMs));
        QVERIFY(window.searchController()->isRunning());
        window.startOver();
        QVERIFY(askingBox());
        QVERIFY2(askingBox()->text().contains(QStringLiteral("running")), qPrintable(askingBox()->text()));
        QVERIFY(!askingBox()->button(QMessageBox::Save));
        askingBox()->button(QMessageBox::Discard)->click();
        QVERIFY(!window.searchController()->isRunning());
        QVERIFY(!window.table());
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.windowTitle(), QStringLiteral("QIScout"));
        QVERIFY(window.findChild<qiscout::ui::WelcomePage*>()->isVisible());
        for (const auto* dock : window.findChildren<QDockWidget*>())
            QVERIFY(!dock->isVisible());

        // The next table brings the docks back as they were.
        QVERIFY(loadSample(window));
        for (const auto* dock : window.findChildren<QDockWidget*>())
            QVERIFY(dock->isVisible());
        QTRY_VERIFY(askingBox() == nullptr);
    }

    void anAnalysedProjectIsAnalysedAgainWhenOpened()
    {
        // #14 point 13: results were not saved with the project, and nothing said so.
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString table = folder.filePath(QStringLiteral("adult.csv"));
        QVERIFY(QFile::copy(samplePath, table));
        const QString analysedPath = folder.filePath(QStringLiteral("analysed.qiscout"));
        const QString setUpPath = folder.filePath(QStringLiteral("set-up.qiscout"));
        std::shared_ptr<const SearchResult> first;
        {
            MainWindow window;
            QSignalSpy shown(&window, &MainWindow::tableShown);
            window.loadTable(table, {});
            QVERIFY(shown.wait(loadTimeoutMs));
            window.parametersPanel()->kSpinBox()->setValue(3);
            window.parametersPanel()->maxSetSizeSpinBox()->setValue(2);
            QVERIFY(window.saveProject(setUpPath));
            QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("results")));
            QSignalSpy ended(&window, &MainWindow::analysisEnded);
            window.runAnalysis();
            QVERIFY(ended.wait(searchTimeoutMs));
            first = window.lastResult();
            QVERIFY(first && first->complete && !first->minimalSets.empty());
            QVERIFY(window.saveProject(analysedPath));
            QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("not its results")),
                     qPrintable(window.statusBar()->currentMessage()));
        }
        {
            // Saved before any run: opening it only restores the set-up.
            MainWindow window;
            QSignalSpy shown(&window, &MainWindow::tableShown);
            window.openProject(setUpPath);
            QVERIFY(shown.wait(loadTimeoutMs));
            QVERIFY(!window.searchController()->isRunning());
            QVERIFY(!window.lastResult());
        }
        MainWindow window;
        QSignalSpy shown(&window, &MainWindow::tableShown);
        QSignalSpy ended(&window, &MainWindow::analysisEnded);
        window.openProject(analysedPath);
        QVERIFY(shown.wait(loadTimeoutMs));
        QVERIFY(window.searchController()->isRunning());
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("again")),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(ended.count() == 1 || ended.wait(searchTimeoutMs));
        QVERIFY(window.lastResult()->minimalSets == first->minimalSets);
        QCOMPARE(window.lastResult()->k, 3ULL);
        QVERIFY(!window.isWindowModified());
        // #35: "analysing again" stayed after the run, and after another table was opened.
        QVERIFY2(!window.statusBar()->currentMessage().contains(QStringLiteral("again")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    void anotherFileStartsItsViewsAtTheTopLeft()
    {
        // #14 point 14: horizontal scroll positions stayed from the previous file.
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(loadSample(window));
        auto* rows = window.rowsPanel()->view();
        auto* columns = window.columnPanel()->findChild<QTreeWidget*>();
        QVERIFY(columns);
        QList<QScrollBar*> bars{rows->horizontalScrollBar(), rows->verticalScrollBar(), columns->horizontalScrollBar()};
        for (auto* bar : bars) {
            QVERIFY(bar->maximum() > 0);
            bar->setValue(bar->maximum());
        }
        QSignalSpy shown(&window, &MainWindow::tableShown);
        window.loadTable(QStringLiteral(QISCOUT_SOURCE_DIR "/tests/data/tables/adult.csv"), {});
        QVERIFY(shown.wait(loadTimeoutMs));
        for (auto* bar : bars)
            QCOMPARE(bar->value(), 0);
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
        // The sample lies outside the project's folder, but this user saved the project with it
        // here: reopening one's own project asks nothing (#35; one from elsewhere still asks, #19).
        QVERIFY(!reopened.findChild<QMessageBox*>());
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

        // A database server is a connection out of the machine: the import dialog names it without
        // its password and connects only when asked, with a password typed each time (#17).
        writeProject(QStringLiteral("remote.qiscout"),
                     QStringLiteral("postgresql://analyst:secret@db.example.org/survey?table=people"));
        MainWindow remote;
        QSignalSpy remoteShown(&remote, &MainWindow::tableShown);
        remote.openProject(folder.filePath(QStringLiteral("project/remote.qiscout")));
        auto* connect = remote.findChild<qiscout::ui::ImportDialog*>();
        QVERIFY(connect);
        QVERIFY2(connect->windowTitle().contains(QStringLiteral("db.example.org")), qPrintable(connect->windowTitle()));
        QVERIFY2(!connect->windowTitle().contains(QStringLiteral("secret")), qPrintable(connect->windowTitle()));
        QCOMPARE(connect->findChild<QLineEdit*>()->echoMode(), QLineEdit::Password);
        connect->reject();
        QTest::qWait(200);
        QCOMPARE(remoteShown.count(), 0);
        QVERIFY(!remote.table());
    }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
