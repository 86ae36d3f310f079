// SPDX-License-Identifier: GPL-3.0-or-later
// Local suppression in the Protect step (#34): the method and the keep ranking on Privacy, the cells
// suppressed per column in the result, the re-check under the wildcard semantics and the exported
// table, each against the core run directly.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/information_loss_profile.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/report/protection_report.h"
#include "qiscout/core/report/report.h"

#include "protect/distribution_chart.h"
#include "protect/loss_profile_view.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protect_view.h"
#include "protect/protected_table_model.h"
#include "protect/protection_controller.h"
#include "protect/protection_summary_view.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::EncodedTable;
using qiscout::ui::PrivacySettingsPanel;
using qiscout::ui::ProtectView;

using qiscout::test::loadSharedTable;
using qiscout::test::waitForSignals;

namespace {

const std::vector<std::string> localSuppressionColumns{"urbrur", "water", "relat", "sex"};

int columnNamed(const EncodedTable& table, const std::string& name)
{
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        if (table.columns[column].name == name)
            return static_cast<int>(column);
    return -1;
}

QPushButton* buttonNamed(QWidget& parent, const QString& text)
{
    for (auto* button : parent.findChildren<QPushButton*>())
        if (button->text() == text)
            return button;
    return nullptr;
}

/// The smallest class of the rows over `columns` when "*" matches any value, by comparing every
/// pair of rows (the definition, not the engines' grouping).
std::uint64_t smallestWildcardClass(const EncodedTable& table, const std::vector<int>& columns)
{
    std::vector<std::vector<std::string>> keys(table.rowCount);
    for (std::uint32_t row = 0; row < table.rowCount; ++row)
        for (const int column : columns)
            keys[row].push_back(table.text(row, static_cast<std::size_t>(column)));
    std::uint64_t smallest = table.rowCount;
    for (const auto& key : keys) {
        std::uint64_t size = 0;
        for (const auto& other : keys) {
            bool matches = true;
            for (std::size_t c = 0; c < key.size() && matches; ++c)
                matches = key[c] == other[c] || key[c] == "*" || other[c] == "*";
            size += matches ? 1 : 0;
        }
        smallest = std::min(smallest, size);
    }
    return smallest;
}

/// Settings with `columns` as quasi-identifiers, each with its automatic hierarchy.
qiscout::core::ProtectionSettings
localSuppressionSettings(const qiscout::core::EncodedTable& table,
                         const std::vector<std::string>& columns = localSuppressionColumns)
{
    qiscout::core::ProtectionSettings settings;
    for (const std::string& name : columns)
        settings.quasiIdentifiers.push_back(
            {name, qiscout::core::automaticHierarchy(table.columns[static_cast<std::size_t>(columnNamed(table, name))]),
             "automatic"});
    return settings;
}

} // namespace

class ProtectLocalSuppressionTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void suppressesSingleCellsAsTheCoreDoes_data();
    void suppressesSingleCellsAsTheCoreDoes();
    void keepsAtLeastTheShareOfEachColumnItIsSet();
    void aTimeLimitLeavesSingleCellsUnproven();
};

void ProtectLocalSuppressionTest::suppressesSingleCellsAsTheCoreDoes_data()
{
    QTest::addColumn<int>("method");
    QTest::newRow("cells only") << static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsOnly);
    QTest::newRow("cells and coarsening") << static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsAndCoarsen);
}

void ProtectLocalSuppressionTest::suppressesSingleCellsAsTheCoreDoes()
{
    QFETCH(int, method);
    const auto table = loadSharedTable("testdata.csv");
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    qiscout::core::ProtectionSettings settings = localSuppressionSettings(*table);
    settings.k = 4;
    settings.suppressionLimit = 0.05;
    view.setSettings(settings);

    // The method on Privacy: single cells grey out whole rows and show the keep ranking.
    auto* privacy = view.privacyPanel();
    QVERIFY(privacy->suppressedRowsSpinBox()->isEnabled());
    privacy->methodComboBox()->setCurrentIndex(privacy->methodComboBox()->findData(method));
    QVERIFY(!privacy->suppressedRowsSpinBox()->isEnabled());
    QVERIFY(!privacy->diversityCheckBox()->isEnabled());
    auto* keep = privacy->keepOrderList();
    QCOMPARE(keep->count(), 4);
    // "sex" is kept most: moved from the bottom to the top with the button.
    keep->setCurrentRow(3);
    auto* keepMore = buttonNamed(*privacy, QStringLiteral("Keep More"));
    QVERIFY(keepMore);
    for (int click = 0; click < 3; ++click)
        QTest::mouseClick(keepMore, Qt::LeftButton);
    QCOMPARE(privacy->keepOrder(), (QStringList{QStringLiteral("sex"), QStringLiteral("urbrur"),
                                                QStringLiteral("water"), QStringLiteral("relat")}));
    QVERIFY(keep->item(0)->text().contains(QStringLiteral("costs 4")));
    const auto applied = view.settings();
    QVERIFY(applied.localSuppression.has_value());
    QCOMPARE(applied.suppressionLimit, 0.0);

    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    QSignalSpy failed(&view, &ProtectView::protectionFailed);
    view.protect();
    QVERIFY2(waitForSignals(ended), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    QVERIFY(waitForSignals(shown));
    const auto outcome = view.controller()->outcome();

    // The core, asked directly with the importance the ranking means: parameter order urbrur,
    // water, relat, sex; sex first (4), then urbrur (3), water (2), relat (1).
    qiscout::core::AnonymizationParameters parameters;
    for (const auto& column : settings.quasiIdentifiers)
        parameters.quasiIdentifiers.push_back({columnNamed(*table, column.column), column.hierarchy, "automatic"});
    parameters.models.push_back(std::make_shared<qiscout::core::KAnonymity>(4));
    parameters.localSuppression = qiscout::core::LocalSuppressionSettings{
        {3.0, 2.0, 1.0, 4.0}, method == static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsAndCoarsen)};
    qiscout::core::NullAnonymizationObserver searchQuiet;
    const auto result = qiscout::core::runAnonymization(*table, parameters, {}, searchQuiet);
    QVERIFY(result.optimum.has_value());
    QCOMPARE(outcome->transformation, result.optimum->transformation);
    if (method == static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsOnly))
        QCOMPARE(outcome->transformation.levels, std::vector<int>(4, 0));
    const auto reference = qiscout::core::applyTransformation(*table, parameters, result.optimum->transformation);
    QCOMPARE(outcome->suppressedCells, reference.suppressedCells);
    QVERIFY(outcome->suppressedRows.empty());
    std::uint64_t cells = 0;
    for (std::size_t q = 0; q < 4; ++q) {
        cells += reference.suppressedCells[q].size();
        QCOMPARE(view.summaryView()->levelsTable()->item(static_cast<int>(q), 5)->text(),
                 QLocale().toString(static_cast<qulonglong>(reference.suppressedCells[q].size())));
    }
    QVERIFY(cells > 0);
    QVERIFY(!view.summaryView()->levelsTable()->isColumnHidden(5));
    // The ranking bites: the column kept most loses the fewest cells.
    QVERIFY(reference.suppressedCells[3].size() <= reference.suppressedCells[2].size());

    // The re-check under the wildcard semantics, as the core's search counts it.
    const EncodedTable kept = qiscout::core::keptQuasiIdentifierTable(reference, parameters);
    qiscout::core::SearchParameters recheck;
    recheck.k = 3;
    recheck.missingSemantics = qiscout::core::MissingSemantics::Wildcard;
    qiscout::core::NullObserver quiet;
    const auto after = qiscout::core::runSearch(kept, recheck, qiscout::core::Algorithm::Auto, {}, quiet);
    QCOMPARE(outcome->after.quasiIdentifiers, static_cast<std::uint64_t>(after.minimalSets.size()));
    QCOMPARE(outcome->after.rowsAtRisk, qiscout::core::countQuasiIdentifiers(kept, after).rowsAtRisk);
    QCOMPARE(outcome->after.rowsAtRisk, std::uint64_t{0});
    const QString headline = view.summaryView()->headline();
    QVERIFY2(headline.contains(QStringLiteral("Nobody can be singled out")), qPrintable(headline));
    QVERIFY2(headline.contains(
                 QStringLiteral("%1 single cells suppressed").arg(QLocale().toString(static_cast<qulonglong>(cells)))),
             qPrintable(headline));
    // The rule the search kept (a * protects its own row only) and the re-check's wider count.
    QVERIFY2(headline.contains(QStringLiteral("never stands in for another's")), qPrintable(headline));
    // One meaning of k: nobody in a group of k = 3 or fewer, so each row shares its values with 3 others.
    QCOMPARE(outcome->k - 1, recheck.k);
    QVERIFY2(headline.contains(QStringLiteral("with at least %1 other rows").arg(recheck.k)), qPrintable(headline));
    QVERIFY2(headline.contains(QStringLiteral("matching any value")), qPrintable(headline));

    // What was lost, as data (#34): each column's profile, as the core gives it, behind a chooser.
    std::vector<int> profiled;
    for (const auto& spec : parameters.quasiIdentifiers)
        profiled.push_back(spec.column);
    const auto profiles = qiscout::core::informationLossProfile(*table, reference.table, profiled,
                                                                reference.suppressedRows, reference.suppressedCells);
    auto* lossView = view.lossProfileView();
    QCOMPARE(lossView->columnComboBox()->count(), 4);
    for (int q = 0; q < 4; ++q) {
        const auto& profile = profiles[static_cast<std::size_t>(q)];
        QCOMPARE(outcome->lossProfile[static_cast<std::size_t>(q)].cellsSuppressed,
                 static_cast<std::uint64_t>(reference.suppressedCells[static_cast<std::size_t>(q)].size()));
        QCOMPARE(outcome->lossProfile[static_cast<std::size_t>(q)].after, profile.after);
        lossView->columnComboBox()->setCurrentIndex(q);
        QCOMPARE(lossView->afterChart()->labels().size(), static_cast<qsizetype>(profile.after.size()));
        QCOMPARE(lossView->beforeChart()->labels().size(), static_cast<qsizetype>(profile.before.size()));
        if (profile.cellsSuppressed > 0)
            QCOMPARE(lossView->afterChart()->labels().back(), QStringLiteral("*"));
        QVERIFY2(lossView->sharesText().contains(QLocale().toString(static_cast<qulonglong>(profile.cellsSuppressed)) +
                                                 QStringLiteral(")")),
                 qPrintable(lossView->sharesText()));
    }

    // The protected table marks the cells; the report says how many per column.
    const auto column = static_cast<int>(parameters.quasiIdentifiers[0].column);
    const auto row = static_cast<int>(reference.suppressedCells[0].empty() ? reference.suppressedCells[1].front()
                                                                           : reference.suppressedCells[0].front());
    const int markedColumn =
        reference.suppressedCells[0].empty() ? static_cast<int>(parameters.quasiIdentifiers[1].column) : column;
    auto* model = view.protectedTableModel();
    QVERIFY(
        model->data(model->index(row, markedColumn), qiscout::ui::ProtectedTableModel::SuppressedCellRole).toBool());
    QCOMPARE(model->data(model->index(row, markedColumn), Qt::DisplayRole).toString(), QStringLiteral("*"));
    qiscout::core::ReportInput input;
    QVERIFY(view.describeProtection(input));
    for (std::size_t q = 0; q < 4; ++q)
        QCOMPARE(input.protection->columns[q].suppressedCells,
                 std::optional<std::uint64_t>(reference.suppressedCells[q].size()));

    // The exported table writes "*" in exactly those cells, and every row's wildcard class holds
    // at least k = 4 rows, counted pair by pair.
    QTemporaryDir directory;
    const QString path = directory.filePath(QStringLiteral("testdata-cells.csv"));
    QString error;
    QVERIFY2(view.exportTable(path, &error), qPrintable(error));
    const EncodedTable reread = qiscout::core::loadTable(path.toStdString());
    QCOMPARE(reread.rowCount, table->rowCount);
    std::vector<int> columns;
    for (std::size_t q = 0; q < 4; ++q) {
        const int c = parameters.quasiIdentifiers[q].column;
        columns.push_back(c);
        std::vector<std::uint32_t> stars;
        for (std::uint32_t r = 0; r < reread.rowCount; ++r)
            if (reread.text(r, static_cast<std::size_t>(c)) == "*")
                stars.push_back(r);
        // A column coarsened to its top level, "*" everywhere, says nothing of suppressed cells.
        if (outcome->transformation.levels[q] < parameters.quasiIdentifiers[q].hierarchy.height())
            QCOMPARE(stars, reference.suppressedCells[q]);
    }
    QVERIFY(smallestWildcardClass(reread, columns) >= 4);
}

// #34: the cap on each column's loss, next to the method, in the settings the project saves.
void ProtectLocalSuppressionTest::keepsAtLeastTheShareOfEachColumnItIsSet()
{
    const auto table = loadSharedTable("testdata.csv");
    ProtectView view;
    view.setTable(table);
    qiscout::core::ProtectionSettings settings = localSuppressionSettings(*table);
    settings.maxColumnLoss = 0.25;
    view.setSettings(settings);
    auto* privacy = view.privacyPanel();
    auto* keep = privacy->keepAtLeastSpinBox();
    QCOMPARE(keep->value(), 75);
    QVERIFY(keep->isEnabled());
    QCOMPARE(view.settings().maxColumnLoss, std::optional<double>(0.25));

    QSignalSpy edited(privacy, &PrivacySettingsPanel::settingsEdited);
    keep->setValue(60);
    QCOMPARE(edited.count(), 1);
    QVERIFY(view.settings().maxColumnLoss.has_value());
    QVERIFY(qAbs(*view.settings().maxColumnLoss - 0.4) < 1e-12);
    const auto parameters = qiscout::core::toAnonymizationParameters(*table, view.settings());
    QVERIFY(parameters.maxColumnLoss.has_value());

    // With cells alone nothing is coarsened, and precision's value depends on the capped height.
    auto* method = privacy->methodComboBox();
    method->setCurrentIndex(method->findData(static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsOnly)));
    QVERIFY(!keep->isEnabled());
    QVERIFY(!view.settings().maxColumnLoss.has_value());
    method->setCurrentIndex(method->findData(static_cast<int>(PrivacySettingsPanel::Method::SuppressCellsAndCoarsen)));
    QVERIFY(keep->isEnabled());
    auto* metric = privacy->metricComboBox();
    metric->setCurrentIndex(metric->findData(static_cast<int>(qiscout::core::UtilityMetric::Precision)));
    QVERIFY(!keep->isEnabled());
    QVERIFY(!view.settings().maxColumnLoss.has_value());

    // No minimum is no cap.
    metric->setCurrentIndex(metric->findData(static_cast<int>(qiscout::core::UtilityMetric::Loss)));
    keep->setValue(0);
    QCOMPARE(keep->text(), QStringLiteral("no minimum"));
    QVERIFY(!view.settings().maxColumnLoss.has_value());
}

// #34: single cells price each way to coarsen by a pass over the rows, so the Protect step's time
// limit bounds them; a cut-short answer says it is not proven the best, and why.
void ProtectLocalSuppressionTest::aTimeLimitLeavesSingleCellsUnproven()
{
    const auto table = loadSharedTable("adult.csv");
    qiscout::core::ProtectionSettings settings =
        localSuppressionSettings(*table, {"age", "education", "occupation", "native-country", "hours-per-week"});
    settings.k = 5;
    settings.suppressionLimit = 0.0;
    settings.localSuppression = qiscout::core::LocalSuppressionSetting{true, {}};
    settings.heuristicSeconds = 1.0;
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    view.setSettings(settings);

    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    view.protect();
    QVERIFY(waitForSignals(ended));
    QCOMPARE(ended.first().at(0).toBool(), true);
    const auto& result = *view.controller()->result();
    QVERIFY(result.lattice.size() <= qiscout::core::TransformationLattice::maxExactSize);
    QVERIFY(result.complete);
    QVERIFY(!result.optimal);
    QVERIFY(result.optimum.has_value());
    QVERIFY(waitForSignals(shown));
    const QString headline = view.summaryView()->headline();
    QVERIFY2(headline.contains(QStringLiteral("not proven optimal")), qPrintable(headline));
    QVERIFY2(headline.contains(QStringLiteral("With single cells suppressed, each of the %1 ways to coarsen")
                                   .arg(QLocale().toString(static_cast<qulonglong>(result.lattice.size())))),
             qPrintable(headline));
}

QTEST_MAIN(ProtectLocalSuppressionTest)
#include "protect_local_suppression_test.moc"
