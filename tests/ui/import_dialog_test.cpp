// SPDX-License-Identifier: GPL-3.0-or-later
// The import dialog offers each source's own choices (#17): an Excel sheet, an SQLite table or
// query, value labels or codes, a PostgreSQL password asked for and never shown; and column
// descriptions (variable labels) appear as tooltips wherever columns are named.
#include <memory>
#include <string>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "qiscout/core/io/table_loader.h"

#include "columns/column_panel.h"
#include "import/import_dialog.h"
#include "table/table_model.h"

using qiscout::core::LoadOptions;
using qiscout::core::SourceFormat;
using qiscout::ui::ImportDialog;

namespace {

constexpr int waitMs = 30'000;
const QString readers = QStringLiteral(QISCOUT_SOURCE_DIR "/tests/data/readers/");

QStringList previewHeaders(const ImportDialog& dialog)
{
    const auto* preview = dialog.findChild<QTableWidget*>();
    QStringList headers;
    for (int column = 0; column < preview->columnCount(); ++column)
        headers << preview->horizontalHeaderItem(column)->text();
    return headers;
}

QStringList previewColumn(const ImportDialog& dialog, int column)
{
    const auto* preview = dialog.findChild<QTableWidget*>();
    QStringList cells;
    for (int row = 0; row < preview->rowCount(); ++row)
        cells << preview->item(row, column)->text();
    return cells;
}

/// What the core reader previews with these options: the dialog must show exactly this.
QStringList corePreviewHeaders(const QString& path, const LoadOptions& options)
{
    QStringList headers;
    for (const std::string& name : qiscout::core::previewTable(path.toStdString(), options, 10).columnNames)
        headers << QString::fromStdString(name);
    return headers;
}

void saveScreenshot(QWidget& widget, const QString& name)
{
    const QByteArray directory = qgetenv("QISCOUT_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        widget.grab().save(QString::fromLocal8Bit(directory) + QLatin1Char('/') + name);
}

} // namespace

class ImportDialogTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aBinaryFileSaysWhyOnceAndCannotBeLoaded()
    {
        // #35: the error repeated the path, and Load stayed enabled after the preview failed.
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("picture.csv"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        constexpr char binary[] = "a,b\n1,2\n\x00\x01\x02,3\n";
        file.write(binary, sizeof binary - 1);
        file.close();
        ImportDialog dialog(path);
        dialog.show();
        QSignalSpy shown(&dialog, &ImportDialog::previewShown);
        QVERIFY(shown.wait(waitMs));
        QLabel* status = nullptr;
        for (auto* label : dialog.findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("NUL")))
                status = label;
        QVERIFY(status);
        QVERIFY2(!status->text().contains(path) && !status->text().contains(QStringLiteral("picture.csv")),
                 qPrintable(status->text()));
        QVERIFY(status->text().contains(QStringLiteral("line 3"), Qt::CaseInsensitive));
        auto* load = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(!load->isEnabled());
    }

    void choosesAnExcelSheet()
    {
        const QString path = readers + QStringLiteral("features.xlsx");
        ImportDialog dialog(path);
        dialog.show();
        QSignalSpy listed(&dialog, &ImportDialog::tablesListed);
        QSignalSpy shown(&dialog, &ImportDialog::previewShown);
        QVERIFY(listed.wait(waitMs));
        auto* sheets = dialog.findChild<QComboBox*>();
        QCOMPARE(sheets->count(), 3);
        QCOMPARE(sheets->itemText(0), QStringLiteral("People"));
        QCOMPARE(sheets->itemText(2), QStringLiteral("Données"));
        QVERIFY(shown.count() > 0 || shown.wait(waitMs));
        QVERIFY(dialog.options().sheet == "People");

        shown.clear();
        sheets->setCurrentIndex(sheets->findText(QStringLiteral("Second")));
        QVERIFY(shown.wait(waitMs));
        const LoadOptions chosen = dialog.options();
        QVERIFY(chosen.sheet == "Second");
        QVERIFY(chosen.format == SourceFormat::Excel);
        QCOMPARE(previewHeaders(dialog), corePreviewHeaders(path, chosen));
        QCOMPARE(previewHeaders(dialog), (QStringList{QStringLiteral("key"), QStringLiteral("value")}));
        // No delimiter or header choice for a workbook.
        QVERIFY(!dialog.findChild<QLineEdit*>());
        saveScreenshot(dialog, QStringLiteral("import_excel.png"));
    }

    void readsAnSqliteTableOrAQuery()
    {
        const QString path = readers + QStringLiteral("people.sqlite");
        ImportDialog dialog(path);
        dialog.show();
        QSignalSpy listed(&dialog, &ImportDialog::tablesListed);
        QSignalSpy shown(&dialog, &ImportDialog::previewShown);
        QVERIFY(listed.wait(waitMs));
        auto* tables = dialog.findChild<QComboBox*>();
        QCOMPARE(tables->count(), 2);
        QCOMPARE(tables->itemText(0), QStringLiteral("people"));
        QVERIFY(shown.count() > 0 || shown.wait(waitMs));
        QVERIFY(dialog.options().table == "people");
        QCOMPARE(previewHeaders(dialog).size(), 5);

        QRadioButton* query = nullptr;
        for (auto* button : dialog.findChildren<QRadioButton*>())
            if (button->text().contains(QStringLiteral("Query")))
                query = button;
        QVERIFY(query);
        query->setChecked(true);
        QVERIFY(!tables->isEnabled());
        shown.clear();
        dialog.findChild<QPlainTextEdit*>()->setPlainText(
            QStringLiteral("SELECT name, score FROM people WHERE id > 1"));
        QVERIFY(shown.wait(waitMs));
        // The last preview is the whole query's (an earlier one may have run on part of it).
        QTRY_COMPARE_WITH_TIMEOUT(previewHeaders(dialog),
                                  (QStringList{QStringLiteral("name"), QStringLiteral("score")}), waitMs);
        const LoadOptions chosen = dialog.options();
        QVERIFY(chosen.query == "SELECT name, score FROM people WHERE id > 1");
        QVERIFY(chosen.table.empty());
        QCOMPARE(dialog.findChild<QTableWidget*>()->rowCount(), 2);
        saveScreenshot(dialog, QStringLiteral("import_sqlite_query.png"));
    }

    void showsValueLabelsOrCodesAndDescriptions()
    {
        const QString path = readers + QStringLiteral("survey.sav");
        ImportDialog dialog(path);
        dialog.show();
        QSignalSpy shown(&dialog, &ImportDialog::previewShown);
        QVERIFY(shown.wait(waitMs));
        auto* labels = dialog.findChild<QCheckBox*>();
        QVERIFY(labels->isChecked());
        QVERIFY(dialog.options().valueLabels);
        QVERIFY(previewColumn(dialog, 1).contains(QStringLiteral("female")));
        // The variable label is the column header's tooltip.
        QCOMPARE(dialog.findChild<QTableWidget*>()->horizontalHeaderItem(1)->toolTip(),
                 QStringLiteral("Sex of respondent"));
        saveScreenshot(dialog, QStringLiteral("import_spss.png"));

        shown.clear();
        labels->setChecked(false);
        QVERIFY(shown.wait(waitMs));
        QVERIFY(!dialog.options().valueLabels);
        QVERIFY(!previewColumn(dialog, 1).contains(QStringLiteral("female")));
        LoadOptions codes;
        codes.valueLabels = false;
        const auto expected = qiscout::core::previewTable(path.toStdString(), codes, 10);
        QCOMPARE(previewColumn(dialog, 1).first(), QString::fromStdString(expected.rows.front()[1]));
    }

    void asksForAPostgresPasswordAndConnectsOnlyWhenAsked()
    {
        // db.example.org is never contacted: nothing is sent before Connect is pressed.
        const QString connection = QStringLiteral("postgresql://analyst:secret@db.example.org/survey");
        LoadOptions initial;
        initial.table = "people";
        ImportDialog dialog(connection, initial);
        dialog.show();
        QSignalSpy listed(&dialog, &ImportDialog::tablesListed);
        QSignalSpy shown(&dialog, &ImportDialog::previewShown);
        QVERIFY(dialog.windowTitle().contains(QStringLiteral("db.example.org")));
        QVERIFY(!dialog.windowTitle().contains(QStringLiteral("secret")));
        for (const auto* label : dialog.findChildren<QLabel*>())
            QVERIFY2(!label->text().contains(QStringLiteral("secret")), qPrintable(label->text()));
        auto* password = dialog.findChild<QLineEdit*>();
        QCOMPARE(password->echoMode(), QLineEdit::Password);
        QVERIFY(password->text().isEmpty());
        QTest::keyClicks(password, QStringLiteral("typed"));
        QVERIFY(dialog.options().password == "typed");
        // Choosing a table or editing a query sends nothing either.
        QRadioButton* query = nullptr;
        for (auto* button : dialog.findChildren<QRadioButton*>())
            if (button->text().contains(QStringLiteral("Query")))
                query = button;
        query->setChecked(true);
        dialog.findChild<QPlainTextEdit*>()->setPlainText(QStringLiteral("SELECT 1"));
        QTest::qWait(1000);
        QCOMPARE(listed.count(), 0);
        QCOMPARE(shown.count(), 0);
        QPushButton* load = nullptr;
        for (auto* button : dialog.findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("&Load"))
                load = button;
        QVERIFY(load && !load->isEnabled());
        saveScreenshot(dialog, QStringLiteral("import_postgres.png"));
    }

    void columnDescriptionsAreTooltipsOfHeadersAndRoles()
    {
        const QString path = readers + QStringLiteral("survey.sav");
        auto table = std::make_shared<const qiscout::core::EncodedTable>(qiscout::core::loadTable(path.toStdString()));
        qiscout::ui::TableModel model;
        model.setTable(table);
        QVERIFY(model.headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Sex of respondent")));
        // A column without a description shows none.
        QVERIFY(!model.headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("<i>")));

        qiscout::ui::ColumnPanel panel;
        panel.setTable(table);
        const auto* roles = panel.findChild<QTreeWidget*>();
        QVERIFY(roles->topLevelItem(1)->toolTip(0).contains(QStringLiteral("Sex of respondent")));
        QVERIFY(roles->topLevelItem(2)->toolTip(0).contains(QStringLiteral("Monthly income (EUR)")));
        // id is unique on every row: its description comes first, then the warning.
        QVERIFY(roles->topLevelItem(0)->toolTip(0).startsWith(QStringLiteral("Respondent")));
        QVERIFY(roles->topLevelItem(0)->toolTip(0).contains(QStringLiteral("direct identifier")));
    }
};

QTEST_MAIN(ImportDialogTest)
#include "import_dialog_test.moc"
