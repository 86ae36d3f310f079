// SPDX-License-Identifier: GPL-3.0-or-later
// What the Protect page starts with when the user has said something already: the columns marked
// Sensitive and the folder the last output went to (#35).
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "qiscout/core/table/column_role.h"

#include "common/dialog_folder.h"
#include "protect/dl_inference_panel.h"
#include "protect/privacy_settings_panel.h"
#include "protect/protect_view.h"
#include "ui/support/step_view_fixtures.h"

using qiscout::core::ColumnRole;
using qiscout::core::EncodedTable;
using qiscout::ui::ProtectView;

namespace {

/// Roles by column name; columns not named are Ignore.
std::vector<ColumnRole> rolesByName(const EncodedTable& table, const std::map<std::string, ColumnRole>& named)
{
    std::vector<ColumnRole> roles;
    for (const auto& column : table.columns) {
        const auto found = named.find(column.name);
        roles.push_back(found != named.end() ? found->second : ColumnRole::Ignored);
    }
    return roles;
}

/// Where the file dialog that `open` shows starts (its folder and proposed file); the dialog is
/// cancelled.
QString startOfSaveDialog(const std::function<void()>& open)
{
    QString start;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            start = dialog->selectedFiles().value(0);
            dialog->reject();
        }
    });
    poll.start();
    open();
    return start;
}

} // namespace

class ProtectDefaultsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QIScoutProtectDefaultsTests"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void sensitiveColumnsAreTheDefaults()
    {
        // Three Sensitive columns, none of them first or last: l-diversity, t-closeness and the
        // dependency attack start on the first, not on a candidate nor on the last column.
        const auto table = qiscout::test::loadSharedTable("adult.csv");
        ProtectView view;
        view.setTable(table);
        view.prepare(rolesByName(*table, {{"age", ColumnRole::QuasiIdentifier},
                                          {"sex", ColumnRole::QuasiIdentifier},
                                          {"race", ColumnRole::QuasiIdentifier},
                                          {"occupation", ColumnRole::Sensitive},
                                          {"relationship", ColumnRole::Sensitive},
                                          {"hours-per-week", ColumnRole::Sensitive},
                                          {"income", ColumnRole::DirectIdentifier}}),
                     nullptr, 2);
        QCOMPARE(view.privacyPanel()->diversityColumnComboBox()->currentText(), QStringLiteral("occupation"));
        QCOMPARE(view.privacyPanel()->closenessColumnComboBox()->currentText(), QStringLiteral("occupation"));
        QCOMPARE(view.dlInferencePanel()->sensitiveComboBox()->currentText(), QStringLiteral("occupation"));
        QCOMPARE(view.settings().dlInference->sensitive, std::string("occupation"));
    }

    void withoutSensitiveColumnsNoCandidateIsTheDefault()
    {
        const auto table = qiscout::test::loadSharedTable("adult.csv");
        ProtectView view;
        view.setTable(table);
        std::map<std::string, ColumnRole> named;
        for (const char* name : {"age", "workclass", "fnlwgt", "education"})
            named.emplace(name, ColumnRole::QuasiIdentifier);
        view.prepare(rolesByName(*table, named), nullptr, 2);
        // The first column left out of the search.
        QCOMPARE(view.privacyPanel()->diversityColumnComboBox()->currentText(), QStringLiteral("education-num"));
        QCOMPARE(view.dlInferencePanel()->sensitiveComboBox()->currentText(), QStringLiteral("education-num"));
    }

    void theExportOpensInTheLastOutputFolder()
    {
        QSettings().clear();
        const auto table = qiscout::test::loadSharedTable("adult.csv");
        ProtectView view;
        view.resize(1024, 700);
        view.setTable(table);
        view.prepare(rolesByName(*table, {{"age", ColumnRole::QuasiIdentifier}, {"sex", ColumnRole::QuasiIdentifier}}),
                     nullptr, 2);
        QSignalSpy shown(&view, &ProtectView::outcomeShown);
        view.protect();
        QVERIFY(qiscout::test::waitForSignals(shown));
        QVERIFY(view.exportButton()->isEnabled());
        const auto exportStart = [&] { return startOfSaveDialog([&] { view.exportButton()->click(); }); };

        // Before anything was written: beside the table.
        const QFileInfo source(QString::fromStdString(table->sourcePath));
        QCOMPARE(QFileInfo(exportStart()).absoluteFilePath(),
                 QDir(source.absolutePath()).filePath(QStringLiteral("adult-protected.csv")));

        // After a report or list was written elsewhere: there, as every other save dialog.
        QTemporaryDir outputs;
        qiscout::ui::rememberDialogFolder(qiscout::ui::DialogFolder::Outputs,
                                          outputs.filePath(QStringLiteral("quasi-identifiers.csv")));
        QCOMPARE(QFileInfo(exportStart()).absoluteFilePath(),
                 QFileInfo(outputs.filePath(QStringLiteral("adult-protected.csv"))).absoluteFilePath());
    }
};

QTEST_MAIN(ProtectDefaultsTest)
#include "protect_defaults_test.moc"
