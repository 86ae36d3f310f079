// SPDX-License-Identifier: GPL-3.0-or-later
// The Protect step's metrics, t-closeness distance and heuristic search (#40): what the GUI offers
// is what core computes, under core's names and rules.
#include <memory>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/t_closeness.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/project/project_file.h"
#include "qiscout/core/table/column_role.h"

#include "protect/hierarchy_editor.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protect_view.h"
#include "protect/protection_controller.h"
#include "protect/protection_summary_view.h"
#include "protect/transformation_lattice_view.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::ClosenessDistance;
using qiscout::core::ColumnRole;
using qiscout::core::EncodedTable;
using qiscout::core::UtilityMetric;
using qiscout::ui::ProtectView;

using qiscout::test::loadSharedTable;
using qiscout::test::waitForSignals;

namespace {

/// Roles with exactly these columns as candidates.
std::vector<ColumnRole> candidateRoles(const EncodedTable& table, const std::set<std::string>& names)
{
    std::vector<ColumnRole> roles;
    for (const auto& column : table.columns)
        roles.push_back(names.contains(column.name) ? ColumnRole::QuasiIdentifier : ColumnRole::Ignored);
    return roles;
}

int columnIndexNamed(const EncodedTable& table, const std::string& name)
{
    for (std::size_t column = 0; column < table.columnCount(); ++column)
        if (table.columns[column].name == name)
            return static_cast<int>(column);
    return -1;
}

} // namespace

class ProtectModelsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void offersEveryMetricOfCoreByItsName();
    void restrictsMetricsByCoresRules();
    void dmStarGivesCoresDmStar();
    void closenessDistanceReachesCoreAndTheProject();
    void searchesHeuristicallyBeyondTheExactReach();
};

void ProtectModelsTest::offersEveryMetricOfCoreByItsName()
{
    qiscout::ui::PrivacySettingsPanel panel;
    QComboBox* metrics = panel.metricComboBox();
    std::set<int> offered;
    for (int index = 0; index < metrics->count(); ++index) {
        const auto metric = static_cast<UtilityMetric>(metrics->itemData(index).toInt());
        offered.insert(static_cast<int>(metric));
        // The exact name in the tooltip is core's, the one the command line takes.
        const QString name = QString::fromUtf8(qiscout::core::nameIn(qiscout::core::utilityMetricNames, metric));
        QVERIFY2(metrics->itemData(index, Qt::ToolTipRole).toString().contains(QStringLiteral("--metric ") + name),
                 qPrintable(metrics->itemData(index, Qt::ToolTipRole).toString()));
    }
    std::set<int> inCore;
    for (const auto& entry : qiscout::core::utilityMetricNames)
        inCore.insert(static_cast<int>(entry.value));
    QCOMPARE(offered, inCore);
    QCOMPARE(metrics->count(), static_cast<int>(inCore.size()));
    // ARX's non-monotonic DM is not offered as DM* (#40).
    const QString dm =
        metrics->itemData(metrics->findData(static_cast<int>(UtilityMetric::Discernibility)), Qt::ToolTipRole)
            .toString();
    const QString dmStar =
        metrics->itemData(metrics->findData(static_cast<int>(UtilityMetric::DmStar)), Qt::ToolTipRole).toString();
    QVERIFY(dm.contains(QStringLiteral("not DM*")));
    QVERIFY(dmStar.startsWith(QStringLiteral("ARX's DM*")));
}

void ProtectModelsTest::restrictsMetricsByCoresRules()
{
    qiscout::ui::PrivacySettingsPanel panel;
    QComboBox* metrics = panel.metricComboBox();
    auto* items = qobject_cast<QStandardItemModel*>(metrics->model());
    QVERIFY(items != nullptr);
    for (int index = 0; index < metrics->count(); ++index) {
        metrics->setCurrentIndex(index);
        const auto metric = static_cast<UtilityMetric>(metrics->itemData(index).toInt());
        QCOMPARE(panel.keepAtLeastSpinBox()->isEnabled(), qiscout::core::isValuedByLevelAlone(metric));
    }
    // Single cells: only the metrics counted per cell can be chosen.
    QComboBox* method = panel.methodComboBox();
    method->setCurrentIndex(
        method->findData(static_cast<int>(qiscout::ui::PrivacySettingsPanel::Method::SuppressCellsAndCoarsen)));
    for (int index = 0; index < metrics->count(); ++index)
        QCOMPARE(items->item(index)->isEnabled(),
                 qiscout::core::isCountedPerCell(static_cast<UtilityMetric>(metrics->itemData(index).toInt())));
}

void ProtectModelsTest::dmStarGivesCoresDmStar()
{
    const auto table = loadSharedTable("adult.csv");
    ProtectView view;
    view.setTable(table);
    view.prepare(candidateRoles(*table, {"age", "sex", "race", "education"}), nullptr, 4);
    qiscout::ui::PrivacySettingsPanel* panel = view.privacyPanel();
    const int dmStar = panel->metricComboBox()->findData(static_cast<int>(UtilityMetric::DmStar));
    QVERIFY(dmStar >= 0);
    panel->metricComboBox()->setCurrentIndex(dmStar);
    panel->suppressedPercentSpinBox()->setValue(2.0);
    QCOMPARE(view.settings().metric, UtilityMetric::DmStar);

    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    view.protect();
    QVERIFY(waitForSignals(shown));
    const auto& result = *view.controller()->result();
    QCOMPARE(result.metric, UtilityMetric::DmStar);
    QVERIFY(result.optimum.has_value());
    QVERIFY(result.optimum->suppressedRows > 0);
    // The value shown is core's DM* of that transformation, which differs from ARX's DM once rows
    // are suppressed.
    auto parameters = view.controller()->parameters();
    const auto outcome = view.controller()->outcome();
    QCOMPARE(outcome->assessment.value,
             qiscout::core::assessTransformation(*table, parameters, outcome->transformation).value);
    parameters.metric = UtilityMetric::Discernibility;
    QVERIFY(qiscout::core::assessTransformation(*table, parameters, outcome->transformation).value !=
            outcome->assessment.value);
    QCOMPARE(outcome->report->metric, std::string("dm-star"));
}

void ProtectModelsTest::closenessDistanceReachesCoreAndTheProject()
{
    const auto table = loadSharedTable("adult.csv");
    ProtectView view;
    view.setTable(table);
    view.prepare(candidateRoles(*table, {"age", "sex", "race"}), nullptr, 4);
    qiscout::ui::PrivacySettingsPanel* panel = view.privacyPanel();
    panel->closenessCheckBox()->setChecked(true);
    QComboBox* distance = panel->closenessDistanceComboBox();

    // By default the column's type chooses, as in core: ordered for a number column.
    panel->closenessColumnComboBox()->setCurrentText(QStringLiteral("hours-per-week"));
    QVERIFY(distance->currentText().contains(QStringLiteral("ordered")));
    auto settings = view.settings();
    QVERIFY(settings.closeness.has_value());
    QVERIFY(!settings.closeness->distance.has_value());
    auto closenessOf = [&table](const qiscout::core::ProtectionSettings& chosen) {
        const auto parameters = qiscout::core::toAnonymizationParameters(*table, chosen);
        return std::dynamic_pointer_cast<const qiscout::core::TCloseness>(parameters.models.back());
    };
    QCOMPARE(closenessOf(settings)->distance(), ClosenessDistance::Ordered);

    // Equal on a number column, chosen by the user.
    distance->setCurrentIndex(distance->findData(static_cast<int>(ClosenessDistance::Equal)));
    QCOMPARE(closenessOf(view.settings())->distance(), ClosenessDistance::Equal);

    // Hierarchical: the sensitive column's hierarchy as the Columns tab holds it.
    panel->closenessColumnComboBox()->setCurrentText(QStringLiteral("marital-status"));
    distance->setCurrentIndex(distance->findData(static_cast<int>(ClosenessDistance::Hierarchical)));
    settings = view.settings();
    QCOMPARE(settings.closeness->distance, std::optional<ClosenessDistance>(ClosenessDistance::Hierarchical));
    const auto held = view.hierarchyEditor()->columnHierarchy(columnIndexNamed(*table, "marital-status"));
    QVERIFY(!held.hierarchy.rows.empty());
    QCOMPARE(settings.closeness->hierarchy.rows, held.hierarchy.rows);
    const auto model = closenessOf(settings);
    QCOMPARE(model->distance(), ClosenessDistance::Hierarchical);
    QCOMPARE(model->column(), columnIndexNamed(*table, "marital-status"));
    panel->timeLimitSpinBox()->setValue(7.0);
    settings = view.settings();
    QCOMPARE(settings.heuristicSeconds, 7.0);
    QCOMPARE(qiscout::core::toAnonymizationParameters(*table, settings).heuristicSeconds, 7.0);

    // Saved in the project and shown again.
    qiscout::core::Project project;
    project.tablePath = "adult.csv";
    project.protection = settings;
    const auto reopened = qiscout::core::projectFromJson(qiscout::core::projectToJson(project));
    QVERIFY(reopened.protection.has_value());
    QVERIFY(qiscout::core::sameProtection(*reopened.protection, settings));
    ProtectView again;
    again.setTable(table);
    again.setSettings(*reopened.protection);
    QCOMPARE(again.privacyPanel()->closenessDistanceComboBox()->currentData().toInt(),
             static_cast<int>(ClosenessDistance::Hierarchical));
    QCOMPARE(again.privacyPanel()->timeLimitSpinBox()->value(), 7.0);
    QVERIFY(qiscout::core::sameProtection(again.settings(), settings));
}

void ProtectModelsTest::searchesHeuristicallyBeyondTheExactReach()
{
    // 18 columns of 8 values, as the CLI's contract test: far more than 2^22 transformations.
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("wide.csv"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        std::mt19937 random(40);
        QByteArray text;
        for (int column = 0; column < 18; ++column)
            text += (column > 0 ? "," : "") + QByteArray("c") + QByteArray::number(column);
        text += '\n';
        for (int row = 0; row < 400; ++row) {
            for (int column = 0; column < 18; ++column)
                text += (column > 0 ? "," : "") + QByteArray::number(static_cast<int>(random() % 8));
            text += '\n';
        }
        file.write(text);
    }
    const auto table = std::make_shared<const EncodedTable>(qiscout::core::loadTable(path.toStdString()));
    qiscout::core::ProtectionSettings settings;
    for (const auto& column : table->columns)
        settings.quasiIdentifiers.push_back({column.name, qiscout::core::automaticHierarchy(column), "automatic"});
    settings.k = 2;
    settings.suppressionLimit = 0.05;
    settings.heuristicSeconds = 2.0;
    ProtectView view;
    view.resize(1400, 900);
    view.setTable(table);
    view.setSettings(settings);

    QSignalSpy ended(&view, &ProtectView::protectionEnded);
    QSignalSpy shown(&view, &ProtectView::outcomeShown);
    QSignalSpy failed(&view, &ProtectView::protectionFailed);
    view.protect();
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));
    QVERIFY(view.controller()->isRunning());
    QVERIFY(waitForSignals(ended));
    QCOMPARE(ended.first().at(0).toBool(), true);
    const auto& result = *view.controller()->result();
    QVERIFY(result.lattice.size() > qiscout::core::TransformationLattice::maxExactSize);
    QVERIFY(!result.optimal);
    QVERIFY(result.optimum.has_value());
    QVERIFY(result.lowerBound.has_value());
    // Within the budget, give or take a check under way in an unoptimised build.
    QVERIFY(result.stats.searchSeconds < settings.heuristicSeconds + 5.0);
    QVERIFY(waitForSignals(shown));
    const QString headline = view.summaryView()->headline();
    QVERIFY2(headline.contains(QStringLiteral("not proven optimal")), qPrintable(headline));
    QVERIFY2(headline.contains(QStringLiteral("No choice that protects enough loses less than")), qPrintable(headline));
    // The report says it too.
    QVERIFY(view.controller()->outcome()->report != nullptr);
    const auto* facts = std::get_if<qiscout::core::LatticeSearchFacts>(&view.controller()->outcome()->report->method);
    QVERIFY(facts != nullptr);
    QVERIFY(!facts->globallyOptimal);
    QCOMPARE(facts->lowerBound, result.lowerBound);
    // The lattice is not drawn (one byte per node would not fit in memory).
    QCOMPARE(view.latticeView()->stateCounts().total(), std::uint64_t{0});

    // Cancel stops it well before its budget.
    view.privacyPanel()->timeLimitSpinBox()->setValue(600.0);
    QSignalSpy stopped(&view, &ProtectView::protectionEnded);
    view.protect();
    QVERIFY(view.controller()->isRunning());
    QTest::qWait(300);
    view.cancel();
    QVERIFY(waitForSignals(stopped));
    QCOMPARE(stopped.first().at(0).toBool(), false);
    QVERIFY(view.controller()->result()->stats.searchSeconds < 60.0);
}

QTEST_MAIN(ProtectModelsTest)
#include "protect_models_test.moc"
