// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/risk/risk_assessment.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/ui/main_window.h"

#include "charts/attribute_contribution_chart.h"
#include "charts/record_risk_histogram_chart.h"
#include "columns/column_panel.h"
#include "main/user_guide.h"
#include "risk/population_model_text.h"
#include "risk/risk_controller.h"
#include "risk/risk_run_estimate.h"
#include "risk/risk_view.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::ColumnRole;
using qiscout::core::ColumnSet;
using qiscout::core::EncodedTable;
using qiscout::core::RiskAssessment;
using qiscout::core::RiskParameters;
using qiscout::ui::RecordRiskMeasure;
using qiscout::ui::RiskController;
using qiscout::ui::RiskView;

using qiscout::test::loadSharedTable;
using qiscout::test::waitForSignals;
using qiscout::test::workerTimeoutMs;

namespace {

int columnNamed(const EncodedTable& table, const std::string& name)
{
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        if (table.columns[column].name == name)
            return static_cast<int>(column);
    return -1;
}

/// francdat's key columns Key1..Key4 as candidates, w as the weights, the rest ignored.
std::vector<ColumnRole> francdatRoles(const EncodedTable& table)
{
    std::vector<ColumnRole> roles;
    for (const auto& column : table.columns)
        roles.push_back(column.name.starts_with("Key") ? ColumnRole::QuasiIdentifier
                        : column.name == "w"           ? ColumnRole::Weight
                                                       : ColumnRole::Ignored);
    return roles;
}

/// Records whose value lies in each bin, counted here from the bins' bounds.
std::vector<std::uint64_t> countInBins(const std::vector<double>& values, const qiscout::core::RiskHistogram& histogram)
{
    std::vector<std::uint64_t> counts(histogram.bins.size(), 0);
    for (const double value : values)
        for (std::size_t bin = 0; bin < histogram.bins.size(); ++bin) {
            const auto& b = histogram.bins[bin];
            const bool inside = b.upper == 0 ? value == 0 : value > b.lower && value <= b.upper;
            if (inside) {
                ++counts[bin];
                break;
            }
        }
    return counts;
}

std::vector<std::uint64_t> recordsOf(const qiscout::core::RiskHistogram& histogram)
{
    std::vector<std::uint64_t> records;
    for (const auto& bin : histogram.bins)
        records.push_back(bin.records);
    return records;
}

/// A controller on sd2011 with an assessment of every column on one thread ready to start: SUDA's
/// search runs far longer than a cancel, a new start or a new table takes to reach it.
struct LongAssessment {
    std::shared_ptr<const EncodedTable> table = loadSharedTable("sd2011.csv");
    RiskParameters everyColumn = [this] {
        RiskParameters parameters;
        parameters.keyColumns = ColumnSet::firstN(static_cast<int>(table->columnCount()));
        parameters.threads = 1;
        return parameters;
    }();
    RiskController controller;
    QSignalSpy finished{&controller, &RiskController::assessmentFinished};
    QSignalSpy cancelled{&controller, &RiskController::assessmentCancelled};
    QSignalSpy running{&controller, &RiskController::runningChanged};

    LongAssessment() { controller.setTable(table); }
};

} // namespace

class RiskViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void controllerGivesWhatTheCoreComputes();
    void cancelStopsALongAssessment();
    void aNewStartSupersedesTheRunningOne();
    void aNewTableDropsTheRunningAssessment();
    void viewShowsTheAssessment();
    void valuesStayRedactedUntilAsked();
    void keyColumnsFollowTheFindings();
    void missingCellsAreValuesEvenAfterAWildcardSearch();
    void noKeyColumnSaysWhatToDo();
    void warnsBeforeALongRun();
    void manyKeyColumnsProposeALargestMsuSize();
    void mainWindowOpensTheRiskStepAndComesBack();
    void aSavedProjectReopensWithTheRiskSetUp();
    void theGuideExplainsEachPopulationModel();
};

void RiskViewTest::controllerGivesWhatTheCoreComputes()
{
    const auto table = loadSharedTable("francdat.csv");
    RiskParameters parameters;
    parameters.keyColumns = ColumnSet::of({columnNamed(*table, "Key1"), columnNamed(*table, "Key2"),
                                           columnNamed(*table, "Key3"), columnNamed(*table, "Key4")});
    parameters.weightColumn = columnNamed(*table, "w");
    parameters.samplingFraction = 0.1;
    parameters.threads = 2;
    RiskController controller;
    controller.setTable(table);
    QSignalSpy finished(&controller, &RiskController::assessmentFinished);
    QSignalSpy running(&controller, &RiskController::runningChanged);
    controller.start(parameters);
    QVERIFY(controller.isRunning());
    QVERIFY(waitForSignals(finished));
    QVERIFY(!controller.isRunning());
    QCOMPARE(running.size(), 2);
    QCOMPARE(running.at(0).at(0).toBool(), true);
    QCOMPARE(running.at(1).at(0).toBool(), false);
    const auto shown = finished.at(0).at(0).value<std::shared_ptr<const RiskAssessment>>();
    const RiskAssessment direct = qiscout::core::assessRisk(*table, parameters);
    QVERIFY(shown->complete);
    QCOMPARE(shown->sudaScores, direct.sudaScores);
    QCOMPARE(shown->disSudaScores, direct.disSudaScores);
    QCOMPARE(shown->individualRisk, direct.individualRisk);
    QCOMPARE(shown->sample.sampleUniques, direct.sample.sampleUniques);
}

void RiskViewTest::cancelStopsALongAssessment()
{
    LongAssessment run;
    QSignalSpy progress(&run.controller, &RiskController::progressChanged);
    run.controller.start(run.everyColumn);
    // Let it get going, so that the cancel reaches the SUDA search itself.
    QVERIFY(QTest::qWaitFor([&progress] { return !progress.isEmpty(); }, workerTimeoutMs));
    run.controller.cancel();
    QVERIFY(waitForSignals(run.cancelled));
    QCOMPARE(run.finished.size(), 0);
    QVERIFY(!run.controller.isRunning());
    QCOMPARE(run.running.last().at(0).toBool(), false);
}

void RiskViewTest::aNewStartSupersedesTheRunningOne()
{
    LongAssessment run;
    RiskParameters quick;
    quick.keyColumns = ColumnSet::of({0, 1});
    quick.threads = 1;
    run.controller.start(run.everyColumn);
    run.controller.start(quick);
    QVERIFY(waitForSignals(run.finished));
    // Only the latest run speaks, once: the superseded one neither finishes nor cancels aloud.
    QTest::qWait(200);
    QCOMPARE(run.finished.size(), 1);
    QCOMPARE(run.cancelled.size(), 0);
    const auto shown = run.finished.at(0).at(0).value<std::shared_ptr<const RiskAssessment>>();
    QCOMPARE(shown->keyColumns, (std::vector<int>{0, 1}));
    QCOMPARE(run.running.size(), 2);
}

void RiskViewTest::aNewTableDropsTheRunningAssessment()
{
    LongAssessment run;
    run.controller.start(run.everyColumn);
    run.controller.setTable(loadSharedTable("francdat.csv"));
    // Nothing runs as far as the GUI is concerned, at once, and the dropped run never speaks.
    QVERIFY(!run.controller.isRunning());
    QCOMPARE(run.running.size(), 2);
    QCOMPARE(run.running.last().at(0).toBool(), false);
    // A start on the new table waits for the dropped run to return, then answers for itself.
    RiskParameters quick;
    quick.keyColumns = ColumnSet::of({1, 3});
    run.controller.start(quick);
    QVERIFY(run.controller.isRunning());
    QVERIFY(waitForSignals(run.finished));
    QCOMPARE(run.cancelled.size(), 0);
    QCOMPARE(run.finished.at(0).at(0).value<std::shared_ptr<const RiskAssessment>>()->rowCount, std::uint32_t{8});
    QVERIFY(!run.controller.isRunning());
}

void RiskViewTest::viewShowsTheAssessment()
{
    const auto table = loadSharedTable("francdat.csv");
    RiskView view;
    view.resize(1200, 900);
    view.setTable(table);
    view.prepare(francdatRoles(*table), nullptr, 2, 2);
    view.samplingPercentBox()->setValue(10.0);
    QCOMPARE(view.keyColumnList()->count(), 4);
    const RiskParameters parameters = view.parameters();
    QCOMPARE(parameters.keyColumns.size(), 4);
    QCOMPARE(parameters.weightColumn, std::optional<int>(columnNamed(*table, "w")));
    QCOMPARE(parameters.k, std::uint64_t{2});
    QCOMPARE(parameters.samplingFraction, 0.1);
    QCOMPARE(parameters.threads, std::optional<int>(2));

    QSignalSpy shown(&view, &RiskView::assessmentShown);
    view.assess();
    QVERIFY(waitForSignals(shown));
    const RiskAssessment& risk = *view.assessment();
    const RiskAssessment direct = qiscout::core::assessRisk(*table, parameters);
    QCOMPARE(risk.sudaScores, direct.sudaScores);

    // The histogram counts every record once, in the bin its score falls in.
    for (const auto& entry : qiscout::ui::recordRiskMeasureNames) {
        view.measureBox()->setCurrentIndex(view.measureBox()->findData(static_cast<int>(entry.value)));
        QCOMPARE(view.histogramChart()->measure(), entry.value);
        const auto& histogram = view.histogramChart()->histogram();
        const std::vector<double>& values = entry.value == RecordRiskMeasure::DisSuda ? risk.disSudaScores
                                            : entry.value == RecordRiskMeasure::Suda  ? risk.sudaScores
                                                                                      : risk.individualRisk;
        QCOMPARE(recordsOf(histogram), countInBins(values, histogram));
        std::uint64_t total = 0;
        for (const auto& bin : histogram.bins)
            total += bin.records;
        QCOMPARE(total, std::uint64_t{table->rowCount});
    }

    // Contributions: one bar per key column, largest first, the core's percentages.
    const auto ranking = view.contributionChart()->ranking();
    QCOMPARE(ranking.size(), 4);
    for (qsizetype i = 1; i < ranking.size(); ++i)
        QVERIFY(ranking[i - 1].second >= ranking[i].second);
    for (const auto& [name, percent] : ranking) {
        const auto key =
            std::find(risk.keyColumns.begin(), risk.keyColumns.end(), columnNamed(*table, name.toStdString()));
        QVERIFY(key != risk.keyColumns.end());
        QCOMPARE(percent, risk.suda.attributeContributions[static_cast<std::size_t>(key - risk.keyColumns.begin())]);
    }

    // The riskiest records, in the core's order, with the column contributing most to each.
    QTableWidget* riskiest = view.riskiestTable();
    const std::vector<std::uint32_t> order = risk.riskiestRows(25);
    QCOMPARE(riskiest->rowCount(), static_cast<int>(order.size()));
    for (int line = 0; line < riskiest->rowCount(); ++line) {
        const std::uint32_t row = order[static_cast<std::size_t>(line)];
        QCOMPARE(riskiest->item(line, 0)->text(), QString::number(row + 1));
        const auto top = risk.topContributor(row);
        QCOMPARE(riskiest->item(line, 5)->text(),
                 top ? QString::fromStdString(table->columns[static_cast<std::size_t>(risk.keyColumns[*top])].name)
                     : QStringLiteral("–"));
    }

    // The population in plain words: the rule's estimate first, then which model gave it, then each
    // model by name with its estimate; the tooltips explain the rule and each model.
    const QList<QLabel*> lines = view.populationLines();
    QCOMPARE(lines.size(), 5);
    QVERIFY(risk.population.dankarModel.has_value());
    QVERIFY(risk.population.dankar.has_value());
    QVERIFY(lines[0]->text().contains(QLocale().toString(100.0 * *risk.population.dankar, 'f', 1)));
    QVERIFY(lines[0]->toolTip().contains(QStringLiteral("Dankar")));
    const QString chosen = QString::fromUtf8(qiscout::core::toString(*risk.population.dankarModel));
    QVERIFY2(lines[1]->text().contains(chosen, Qt::CaseInsensitive), qPrintable(lines[1]->text()));
    const std::array<std::pair<QString, std::optional<double>>, 3> models{{
        {QStringLiteral("• Pitman's model: "), risk.population.pitman},
        {QStringLiteral("• Zayatz's model: "), risk.population.zayatz},
        {QStringLiteral("• The SNB model: "), risk.population.snb},
    }};
    for (std::size_t m = 0; m < models.size(); ++m) {
        const QLabel* line = lines[static_cast<qsizetype>(m) + 2];
        QVERIFY2(line->text().startsWith(models[m].first), qPrintable(line->text()));
        QCOMPARE(line->toolTip(), qiscout::ui::modelExplanation(qiscout::ui::populationModelTexts[m]));
        if (models[m].second)
            QVERIFY(line->text().contains(QLocale().toString(100.0 * *models[m].second, 'f', 1)));
        else
            QVERIFY(line->text().contains(QStringLiteral("no valid estimate")));
    }
}

void RiskViewTest::valuesStayRedactedUntilAsked()
{
    const auto table = loadSharedTable("francdat.csv");
    RiskView view;
    view.setTable(table);
    view.prepare(francdatRoles(*table), nullptr, 1);
    QSignalSpy shown(&view, &RiskView::assessmentShown);
    view.assess();
    QVERIFY(waitForSignals(shown));
    QTableWidget* riskiest = view.riskiestTable();
    QVERIFY(riskiest->rowCount() > 0);
    QCOMPARE(riskiest->columnCount(), 6 + 4);
    QVERIFY(!view.showValuesBox()->isChecked());
    const auto cells = [riskiest] {
        QStringList texts;
        for (int line = 0; line < riskiest->rowCount(); ++line)
            for (int column = 6; column < riskiest->columnCount(); ++column)
                texts << riskiest->item(line, column)->text();
        return texts;
    };
    for (const QString& text : cells())
        QCOMPARE(text, QStringLiteral("redacted"));
    view.showValuesBox()->setChecked(true);
    const RiskAssessment& risk = *view.assessment();
    for (int line = 0; line < riskiest->rowCount(); ++line) {
        const auto row = static_cast<std::uint32_t>(riskiest->item(line, 0)->text().toUInt() - 1);
        for (std::size_t key = 0; key < risk.keyColumns.size(); ++key)
            QCOMPARE(riskiest->item(line, 6 + static_cast<int>(key))->text(),
                     QString::fromStdString(table->text(row, static_cast<std::size_t>(risk.keyColumns[key]))));
    }
    view.showValuesBox()->setChecked(false);
    for (const QString& text : cells())
        QCOMPARE(text, QStringLiteral("redacted"));
}

void RiskViewTest::keyColumnsFollowTheFindings()
{
    const auto table = loadSharedTable("francdat.csv");
    RiskView view;
    view.setTable(table);
    qiscout::core::SearchResult findings;
    findings.minimalSets.push_back({ColumnSet::of({columnNamed(*table, "Key2"), columnNamed(*table, "Key4")}), 1, 1});
    view.prepare(francdatRoles(*table), &findings, 1);
    std::set<QString> ticked;
    for (int row = 0; row < view.keyColumnList()->count(); ++row)
        if (view.keyColumnList()->item(row)->checkState() == Qt::Checked)
            ticked.insert(view.keyColumnList()->item(row)->text());
    QCOMPARE(ticked, (std::set<QString>{QStringLiteral("Key2"), QStringLiteral("Key4")}));
    QCOMPARE(view.parameters().keyColumns, ColumnSet::of({columnNamed(*table, "Key2"), columnNamed(*table, "Key4")}));
}

void RiskViewTest::missingCellsAreValuesEvenAfterAWildcardSearch()
{
    // #17: the measures group equal rows; after a wildcard search the view says they differ from it.
    const auto table = loadSharedTable("francdat.csv");
    RiskView view;
    view.setTable(table);
    auto* label = view.findChild<QLabel*>(QStringLiteral("riskMissingCells"));
    QVERIFY(label);
    qiscout::core::SearchResult findings;
    findings.missingSemantics = qiscout::core::MissingSemantics::Value;
    view.prepare(francdatRoles(*table), &findings, 1);
    QVERIFY(label->text().startsWith(QStringLiteral("values:")));
    QVERIFY(!label->text().contains(QStringLiteral("unlike the search")));
    findings.missingSemantics = qiscout::core::MissingSemantics::Wildcard;
    view.prepare(francdatRoles(*table), &findings, 1);
    QVERIFY(label->text().startsWith(QStringLiteral("values:")));
    QVERIFY(label->text().contains(QStringLiteral("unlike the search")));
    view.prepare(francdatRoles(*table), nullptr, 1);
    QVERIFY(!label->text().contains(QStringLiteral("unlike the search")));
}

void RiskViewTest::noKeyColumnSaysWhatToDo()
{
    const auto table = loadSharedTable("francdat.csv");
    RiskView view;
    view.setTable(table);
    view.prepare(francdatRoles(*table), nullptr, 1);
    for (int row = 0; row < view.keyColumnList()->count(); ++row)
        view.keyColumnList()->item(row)->setCheckState(Qt::Unchecked);
    QSignalSpy failed(&view, &RiskView::assessmentFailed);
    view.assess();
    QCOMPARE(failed.size(), 1);
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("key column")));
    QVERIFY(!view.controller()->isRunning());
}

void RiskViewTest::warnsBeforeALongRun()
{
    // #35: Record Risk on 17 key columns of 50,000 rows ran more than 3.5 minutes with no warning.
    QVERIFY(qiscout::ui::estimatedRiskSeconds(50'000, 17, 2) > 120.0);
    QVERIFY(qiscout::ui::estimatedRiskSeconds(50'000, 17, 2) > qiscout::ui::estimatedRiskSeconds(50'000, 16, 2));
    QVERIFY(qiscout::ui::estimatedRiskSeconds(50'000, 17, 2) > qiscout::ui::estimatedRiskSeconds(20'000, 17, 2));
    QVERIFY(qiscout::ui::longRiskRunWarning(50'000, 17, 2).contains(QStringLiteral("min")));
    QVERIFY(qiscout::ui::longRiskRunWarning(4'580, 6, 2).isEmpty());

    std::vector<std::string> names;
    for (int column = 0; column < 30; ++column)
        names.push_back("c" + std::to_string(column));
    std::vector<std::vector<std::string>> rows;
    for (int row = 0; row < 5000; ++row) {
        std::vector<std::string> cells;
        for (int column = 0; column < 30; ++column)
            cells.push_back(std::to_string((row * (column + 3)) % (column + 2)));
        rows.push_back(cells);
    }
    const auto table = std::make_shared<const EncodedTable>(qiscout::core::encodeRows(names, rows));
    RiskView view;
    view.setTable(table);
    view.prepare(std::vector<ColumnRole>(30, ColumnRole::QuasiIdentifier), nullptr, 1, 2);
    auto* warning = view.findChild<QLabel*>(QStringLiteral("riskRunWarning"));
    QVERIFY(warning);
    // The proposed largest MSU size makes the run short; searching every size is long.
    QVERIFY2(warning->isHidden(), qPrintable(warning->text()));
    view.maxMsuSizeBox()->setValue(0);
    QVERIFY(!warning->isHidden());
    QVERIFY2(warning->text().contains(QStringLiteral("30 key columns")), qPrintable(warning->text()));
    for (int row = 4; row < view.keyColumnList()->count(); ++row)
        view.keyColumnList()->item(row)->setCheckState(Qt::Unchecked);
    QVERIFY(warning->isHidden());
}

void RiskViewTest::manyKeyColumnsProposeALargestMsuSize()
{
    // #37: SUDA on 17 key columns ran for minutes. Beyond 12 key columns the view proposes a
    // largest MSU size, says why and what it means, and the assessment searches up to it.
    QVERIFY(qiscout::ui::estimatedRiskSeconds(64'600, 17, 1, 4) < 10.0);
    QVERIFY(qiscout::ui::estimatedRiskSeconds(64'600, 17, 1, 4) < qiscout::ui::estimatedRiskSeconds(64'600, 17, 1));
    QVERIFY(qiscout::ui::estimatedRiskSeconds(64'600, 17, 1, 4) > qiscout::ui::estimatedRiskSeconds(64'600, 17, 1, 3));

    constexpr int columns = 14;
    std::vector<std::string> names;
    for (int column = 0; column < columns; ++column)
        names.push_back("c" + std::to_string(column));
    std::vector<std::vector<std::string>> rows;
    for (int row = 0; row < 300; ++row) {
        std::vector<std::string> cells;
        for (int column = 0; column < columns; ++column)
            cells.push_back(std::to_string((row * (column + 5) / 3) % (column + 2)));
        rows.push_back(cells);
    }
    const auto table = std::make_shared<const EncodedTable>(qiscout::core::encodeRows(names, rows));
    RiskView view;
    view.setTable(table);
    view.prepare(std::vector<ColumnRole>(columns, ColumnRole::QuasiIdentifier), nullptr, 1, 1);
    QCOMPARE(view.maxMsuSizeBox()->value(), 4);
    QVERIFY(!view.maxMsuSizeNote()->isHidden());
    const QString note = view.maxMsuSizeNote()->text();
    QVERIFY2(note.contains(QStringLiteral("Proposed for 14 key columns")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("lower bound")), qPrintable(note));
    QCOMPARE(view.parameters().maxMsuSize, std::optional<int>(4));
    QCOMPARE(view.settings().maxMsuSize, std::optional<int>(4));

    QSignalSpy shown(&view, &RiskView::assessmentShown);
    view.assess();
    QVERIFY(waitForSignals(shown));
    QCOMPARE(view.assessment()->suda.maxMsuSize, std::optional<int>(4));
    QVERIFY(view.assessment()->suda.msusBySize.size() <= 4);

    // Few key columns: no proposal, every size.
    for (int row = 8; row < view.keyColumnList()->count(); ++row)
        view.keyColumnList()->item(row)->setCheckState(Qt::Unchecked);
    QCOMPARE(view.maxMsuSizeBox()->value(), 0);
    QVERIFY(view.maxMsuSizeNote()->isHidden());
    QVERIFY(!view.parameters().maxMsuSize);

    // The user's bound stays and reaches core, whatever the key columns; it is said, not proposed.
    QSignalSpy edited(&view, &RiskView::settingsEdited);
    view.maxMsuSizeBox()->setValue(2);
    QCOMPARE(edited.size(), 1);
    for (int row = 0; row < view.keyColumnList()->count(); ++row)
        view.keyColumnList()->item(row)->setCheckState(Qt::Checked);
    QCOMPARE(view.maxMsuSizeBox()->value(), 2);
    QVERIFY(!view.maxMsuSizeNote()->text().contains(QStringLiteral("Proposed")));
    QVERIFY(view.maxMsuSizeNote()->text().contains(QStringLiteral("more than 2 key columns")));
    QCOMPARE(view.parameters().maxMsuSize, std::optional<int>(2));
    view.assess();
    QVERIFY(waitForSignals(shown, 2));
    QCOMPARE(view.assessment()->suda.maxMsuSize, std::optional<int>(2));
}

void RiskViewTest::mainWindowOpensTheRiskStepAndComesBack()
{
    qiscout::ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QSignalSpy tableShown(&window, &qiscout::ui::MainWindow::tableShown);
    window.loadTable(QStringLiteral(QISCOUT_SOURCE_DIR "/tests/data/tables/francdat.csv"), {});
    QVERIFY(waitForSignals(tableShown));
    auto* stack = window.findChild<QStackedWidget*>();
    QWidget* findings = stack->currentWidget();
    const auto docks = window.findChildren<QDockWidget*>();
    const auto visibleDocks = [&docks] {
        return std::count_if(docks.begin(), docks.end(), [](QDockWidget* dock) { return dock->isVisible(); });
    };
    const auto before = visibleDocks();
    QVERIFY(before > 0);
    window.showRisk();
    QVERIFY(stack->currentWidget()->isAncestorOf(window.riskView()));
    QCOMPARE(visibleDocks(), 0);
    // Every column of francdat is a candidate by default.
    QCOMPARE(window.riskView()->keyColumnList()->count(), static_cast<int>(window.table()->columnCount()));
    QSignalSpy shown(window.riskView(), &RiskView::assessmentShown);
    window.riskView()->assess();
    QVERIFY(waitForSignals(shown));
    Q_EMIT window.riskView()->backRequested();
    QCOMPARE(stack->currentWidget(), findings);
    QCOMPARE(visibleDocks(), before);
}

void RiskViewTest::aSavedProjectReopensWithTheRiskSetUp()
{
    // #16: the Risk step's key columns, share of the population and SUDA weights were lost with the
    // window; a project keeps them.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString table = qiscout::test::copyTableInto(folder, "francdat.csv");
    QVERIFY(!table.isEmpty());
    const QString projectPath = folder.filePath(QStringLiteral("francdat.qiscout"));
    const auto tickedKeys = [](const RiskView& view) {
        QStringList ticked;
        for (int row = 0; row < view.keyColumnList()->count(); ++row)
            if (view.keyColumnList()->item(row)->checkState() == Qt::Checked)
                ticked << view.keyColumnList()->item(row)->text();
        return ticked;
    };
    const QStringList chosen{QStringLiteral("Key1"), QStringLiteral("Key3"), QStringLiteral("Key4")};
    const int ihsn = static_cast<int>(qiscout::core::SudaScoring::Ihsn);
    {
        qiscout::ui::MainWindow window;
        QVERIFY(qiscout::test::openAndWait(window, table));
        window.showRisk();
        QVERIFY(!window.isWindowModified());
        RiskView* view = window.riskView();
        for (int row = 0; row < view->keyColumnList()->count(); ++row) {
            QListWidgetItem* item = view->keyColumnList()->item(row);
            item->setCheckState(chosen.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
        }
        // Each setting the project keeps marks the window modified on its own, so Quit asks first.
        QVERIFY(window.isWindowModified());
        QVERIFY(window.saveProject(projectPath));
        view->samplingPercentBox()->setValue(12.5);
        QVERIFY(window.isWindowModified());
        QVERIFY(window.saveProject(projectPath));
        view->scoringBox()->setCurrentIndex(view->scoringBox()->findData(ihsn));
        QVERIFY(window.isWindowModified());
        // Back at the findings and in again: the ticks stay the user's, not the findings'.
        Q_EMIT view->backRequested();
        window.showRisk();
        QCOMPARE(tickedKeys(*view), chosen);
        QVERIFY(window.saveProject(projectPath));
    }
    qiscout::ui::MainWindow reopened;
    QVERIFY(qiscout::test::openAndWait(reopened, projectPath));
    RiskView* view = reopened.riskView();
    QVERIFY(view->hasSetup());
    QVERIFY(!reopened.isWindowModified());
    QCOMPARE(view->samplingPercentBox()->value(), 12.5);
    QCOMPARE(view->scoringBox()->currentData().toInt(), ihsn);
    reopened.showRisk();
    QCOMPARE(tickedKeys(*view), chosen);
    QVERIFY(!reopened.isWindowModified());
    const RiskParameters parameters = view->parameters();
    QCOMPARE(parameters.samplingFraction, 0.125);
    QVERIFY(parameters.scoring == qiscout::core::SudaScoring::Ihsn);
    const EncodedTable& loaded = *reopened.table();
    QCOMPARE(parameters.keyColumns,
             ColumnSet::of({columnNamed(loaded, "Key1"), columnNamed(loaded, "Key3"), columnNamed(loaded, "Key4")}));

    // A plain table opened afterwards starts from the findings again, with no set-up to save.
    QVERIFY(qiscout::test::openAndWait(reopened, table));
    QVERIFY(!view->hasSetup());
    reopened.showRisk();
    QCOMPARE(tickedKeys(*view).size(), view->keyColumnList()->count());
}

void RiskViewTest::theGuideExplainsEachPopulationModel()
{
    // #16: each population estimate by its model's name, in plain words, in the user guide as in the
    // Risk step's tooltips (one text for both).
    const QString guide = qiscout::ui::UserGuide::html();
    for (const auto& model : qiscout::ui::populationModelTexts) {
        const QString entry = QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>")
                                  .arg(qiscout::ui::modelName(model, true), qiscout::ui::modelExplanation(model));
        QVERIFY2(guide.contains(entry), qPrintable(entry));
    }
    QVERIFY(guide.contains(qiscout::ui::dankarRuleText()));
    QCOMPARE(qiscout::ui::modelName(qiscout::ui::populationModelText(qiscout::core::PopulationModel::Snb), true),
             QStringLiteral("The SNB model"));
}

QTEST_MAIN(RiskViewTest)
#include "risk_view_test.moc"
