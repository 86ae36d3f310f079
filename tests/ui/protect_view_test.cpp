// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/column_role.h"

#include "protect/hierarchy_editor.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protect_view.h"
#include "protect/protected_table_model.h"
#include "protect/protection_controller.h"
#include "protect/protection_summary_view.h"
#include "protect/transformation_choices_view.h"
#include "protect/transformation_lattice_view.h"

using qiscout::core::ColumnRole;
using qiscout::core::EncodedTable;
using qiscout::core::Transformation;
using qiscout::ui::ProtectView;
using qiscout::ui::TransformationState;

namespace {

/// A search may take a while on a loaded machine; waiting is not what is measured.
constexpr int searchTimeoutMs = 240'000;

std::shared_ptr<const EncodedTable> loadShared(const char* name)
{
    return std::make_shared<const EncodedTable>(
        qiscout::core::loadTable(std::string(QISCOUT_SOURCE_DIR "/tests/data/tables/") + name));
}

/// Roles with exactly these columns as candidates.
std::vector<ColumnRole> candidates(const EncodedTable& table, const std::set<std::string>& names)
{
    std::vector<ColumnRole> roles;
    for (const auto& column : table.columns)
        roles.push_back(names.contains(column.name) ? ColumnRole::QuasiIdentifier : ColumnRole::Ignored);
    return roles;
}

/// Group sizes of the rows not withheld, over the given columns, counted independently of the
/// engine from the cells' text.
std::map<std::vector<std::string>, std::uint64_t>
groupsOf(const EncodedTable& table, const std::vector<std::size_t>& columns, const std::set<std::uint32_t>& withheld)
{
    std::map<std::vector<std::string>, std::uint64_t> groups;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        if (withheld.contains(row))
            continue;
        std::vector<std::string> key;
        for (const std::size_t column : columns)
            key.push_back(table.text(row, column));
        ++groups[key];
    }
    return groups;
}

bool waitFor(QSignalSpy& spy, int count = 1)
{
    QElapsedTimer timer;
    timer.start();
    while (spy.size() < count && timer.elapsed() < searchTimeoutMs)
        spy.wait(500);
    return spy.size() >= count;
}

const std::set<std::string> adultColumns{"age",        "workclass", "education", "marital-status",
                                         "occupation", "race",      "sex",       "native-country"};

} // namespace

class ProtectViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void protectsAdultAndExportsWhatItShows();
    void picksAnotherTransformation();
    void cancelStopsTheSearch();
    void protectsSd2011FromTheSuggestion();
};

void ProtectViewTest::protectsAdultAndExportsWhatItShows()
{
    const auto table = loadShared("adult.csv");
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    view.prepare(candidates(*table, adultColumns), nullptr, 4);
    const auto settings = view.settings();
    QCOMPARE(settings.k, std::uint64_t{5});
    QCOMPARE(settings.quasiIdentifiers.size(), adultColumns.size());
    QVERIFY(view.protectButton()->text().contains(QStringLiteral("k = 5")));

    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    view.protect();
    QVERIFY(waitFor(ended));
    QCOMPARE(ended.first().at(0).toBool(), true);
    QVERIFY(waitFor(shown));

    const auto& result = *view.controller()->result();
    const auto outcome = view.controller()->outcome();
    QVERIFY(result.optimum.has_value());
    QCOMPARE(outcome->transformation, result.optimum->transformation);
    QVERIFY(outcome->assessment.acceptable);
    QCOMPARE(outcome->after.quasiIdentifiers, std::uint64_t{0});
    QCOMPARE(outcome->after.rowsAtRisk, std::uint64_t{0});
    QVERIFY(outcome->before.quasiIdentifiers > 0);
    QVERIFY(outcome->before.rowsAtRisk > 0);
    QVERIFY(view.summaryView()->headline().contains(QStringLiteral("Nobody can be singled out")));
    QVERIFY(view.summaryView()->headline().contains(QStringLiteral("best choice")));
    QCOMPARE(view.latticeView()->stateOf(result.optimum->transformation), TransformationState::Best);
    QCOMPARE(view.latticeView()->stateCounts().total(), result.lattice.size());
    QCOMPARE(view.summaryView()->levelsTable()->rowCount(), static_cast<int>(adultColumns.size()));
    QVERIFY(outcome->suppressedRows.size() <= static_cast<std::size_t>(0.02 * table->rowCount));

    // The data view shows the protected table, withheld rows and coarsened cells marked.
    auto* model = view.protectedTableModel();
    QCOMPARE(model->rowCount(), static_cast<int>(table->rowCount));
    if (!outcome->suppressedRows.empty()) {
        const int row = static_cast<int>(outcome->suppressedRows.front());
        QVERIFY(model->data(model->index(row, 0), qiscout::ui::ProtectedTableModel::WithheldRole).toBool());
        QCOMPARE(model->data(model->index(row, 0), Qt::DisplayRole).toString(), QStringLiteral("*"));
    }

    // Export, read the file back and check k-anonymity on it independently.
    QTemporaryDir directory;
    const QString path = directory.filePath(QStringLiteral("adult-protected.csv"));
    QString error;
    QVERIFY2(view.exportTable(path, &error), qPrintable(error));
    const EncodedTable reread = qiscout::core::loadTable(path.toStdString());
    QCOMPARE(reread.rowCount, table->rowCount);
    QCOMPARE(reread.columnCount(), table->columnCount());
    for (std::uint32_t row = 0; row < reread.rowCount; ++row)
        for (std::size_t column = 0; column < reread.columnCount(); ++column)
            QCOMPARE(reread.text(row, column), outcome->protectedTable->text(row, column));
    std::vector<std::size_t> columns;
    for (std::size_t column = 0; column < table->columnCount(); ++column)
        if (adultColumns.contains(table->columns[column].name))
            columns.push_back(column);
    std::set<std::uint32_t> withheld;
    for (std::uint32_t row = 0; row < reread.rowCount; ++row)
        if (std::all_of(columns.begin(), columns.end(),
                        [&](std::size_t column) { return reread.text(row, column) == "*"; }))
            withheld.insert(row);
    QCOMPARE(withheld.size(), outcome->suppressedRows.size());
    for (const auto& [key, rows] : groupsOf(reread, columns, withheld))
        QVERIFY2(rows >= 5, qPrintable(QStringLiteral("a group of %1 rows is left").arg(rows)));
    // Columns that were not coarsened are published unchanged.
    for (std::size_t column = 0; column < table->columnCount(); ++column)
        if (!adultColumns.contains(table->columns[column].name))
            for (std::uint32_t row = 0; row < reread.rowCount; row += 97)
                QCOMPARE(reread.text(row, column), table->text(row, column));
}

void ProtectViewTest::picksAnotherTransformation()
{
    const auto table = loadShared("adult.csv");
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    view.prepare(candidates(*table, {"age", "education", "marital-status", "race", "sex"}), nullptr, 1);
    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    view.protect();
    QVERIFY(waitFor(ended));
    QVERIFY(waitFor(shown));
    const auto result = view.controller()->result();
    QVERIFY(result->frontier.size() >= 2);

    // From the list of choices: a minimal acceptable transformation other than the optimum.
    auto* choices = view.choicesView();
    QCOMPARE(choices->transformations().size(),
             result->frontier.size() +
                 (std::any_of(result->frontier.begin(), result->frontier.end(),
                              [&](const auto& c) { return c.transformation == result->optimum->transformation; })
                      ? 0U
                      : 1U));
    const Transformation other = choices->transformations()[1];
    choices->table()->setCurrentCell(1, 0);
    QVERIFY(waitFor(shown, 2));
    QCOMPARE(view.controller()->outcome()->transformation, other);
    QVERIFY(view.controller()->outcome()->assessment.acceptable);
    QVERIFY(view.summaryView()->headline().contains(QStringLiteral("You picked")));
    QCOMPARE(view.settings().chosenLevels, std::optional<std::vector<int>>(other.levels));

    // From the lattice: the original table, which does not protect.
    const Transformation original{std::vector<int>(other.levels.size(), 0)};
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto* lattice = view.latticeView();
    QVERIFY(lattice->rect().contains(lattice->positionOf(original).toPoint()));
    QTest::mouseClick(lattice, Qt::LeftButton, {}, lattice->positionOf(original).toPoint());
    QVERIFY(waitFor(shown, 3));
    const auto outcome = view.controller()->outcome();
    QCOMPARE(outcome->transformation, original);
    QVERIFY(!outcome->assessment.acceptable);
    // Every row of a group that is too small is withheld: more than the limit allows.
    QVERIFY(outcome->before.rowsAtRisk > 0);
    QCOMPARE(outcome->suppressedRows.size(), outcome->before.rowsAtRisk);
    QVERIFY(outcome->suppressedRows.size() > view.controller()->result()->suppressionLimitRows);
    QCOMPARE(outcome->after.rowsAtRisk, std::uint64_t{0});
    QVERIFY(view.summaryView()->headline().contains(QStringLiteral("does not protect enough")));
}

void ProtectViewTest::cancelStopsTheSearch()
{
    // Every column of sd2011 that fits, with l-diversity (not monotone with suppression): far more
    // checks than can finish between the start and the stop.
    const auto table = loadShared("sd2011.csv");
    std::set<std::string> names;
    for (const auto& column : table->columns)
        names.insert(column.name);
    const std::string sensitive = table->columns.back().name;
    names.erase(sensitive);
    ProtectView view;
    view.setTable(table);
    view.prepare(candidates(*table, names), nullptr, 4);
    auto settings = view.settings();
    settings.diversity = qiscout::core::DiversitySetting{sensitive, qiscout::core::DiversityVariant::Entropy, 2.0, 1.0};
    view.setSettings(settings);
    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy failed(&view, &ProtectView::protectionFailed);
    view.protect();
    QVERIFY(view.controller()->isRunning());
    QElapsedTimer timer;
    timer.start();
    view.cancel();
    QVERIFY2(waitFor(ended), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    qWarning("cancel to searchFinished: %lld ms", static_cast<long long>(timer.elapsed()));
    QCOMPARE(ended.first().at(0).toBool(), false);
    QVERIFY(!view.controller()->isRunning());
    QVERIFY(!view.controller()->result()->complete);
    QVERIFY(view.protectButton()->isEnabled());
}

void ProtectViewTest::protectsSd2011FromTheSuggestion()
{
    const auto table = loadShared("sd2011.csv");
    std::set<std::string> names;
    for (const auto& column : table->columns)
        names.insert(column.name);
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    view.prepare(candidates(*table, names), nullptr, 4);
    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    view.protect();
    QVERIFY(waitFor(ended));
    QCOMPARE(ended.first().at(0).toBool(), true);
    QVERIFY(waitFor(shown));
    const auto outcome = view.controller()->outcome();
    QVERIFY(outcome->assessment.acceptable);
    QCOMPARE(outcome->after.rowsAtRisk, std::uint64_t{0});
    QCOMPARE(outcome->after.quasiIdentifiers, std::uint64_t{0});
}

QTEST_MAIN(ProtectViewTest)
#include "protect_view_test.moc"
