// SPDX-License-Identifier: GPL-3.0-or-later
// The hierarchy editor (#35 item 15, #34): groups listed as a scale, typed boundaries kept after
// Enter, and the rule behind an automatic hierarchy said in words.
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/table/encoded_table.h"

#include "protect/hierarchy_builder_panel.h"
#include "protect/hierarchy_editor.h"

using qiscout::ui::HierarchyEditor;
using qiscout::ui::HierarchyKind;

namespace {

/// A length of stay (most stays short, a long tail) and an age-group code.
std::shared_ptr<const qiscout::core::EncodedTable> stayTable()
{
    std::vector<std::vector<std::string>> rows;
    for (int row = 0; row < 600; ++row) {
        // 1 day for 100 rows, 2 days for 200, 3 days for 120, then fewer and fewer.
        const int stay = row < 100 ? 1 : row < 300 ? 2 : row < 420 ? 3 : 4 + (row - 420) / 6;
        rows.push_back({std::to_string(stay), row % 9 == 0 ? "05" : "1" + std::to_string(row % 7)});
    }
    auto table = std::make_shared<qiscout::core::EncodedTable>(qiscout::core::encodeRows({"stay", "age"}, rows));
    table->columns[0].type = qiscout::core::ColumnType::Integer;
    table->columns[1].type = qiscout::core::ColumnType::Integer;
    return table;
}

/// Where a label "[a, b)", "< a" or ">= a" starts on the scale.
double startOf(const QString& label)
{
    if (label.startsWith(QStringLiteral("< ")))
        return label.mid(2).toDouble() - 0.5;
    if (label.startsWith(QStringLiteral(">= ")))
        return label.mid(3).toDouble();
    return label.mid(1, label.indexOf(QLatin1Char(',')) - 1).toDouble();
}

/// Writes `text` to `name` in `folder`; its path.
QString writtenHierarchyFile(const QTemporaryDir& folder, const QString& name, const QByteArray& text)
{
    const QString path = folder.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        return {};
    return path;
}

/// What the command line says of a hierarchy file for `column` (empty when it takes it).
QString commandLineVerdict(const QString& path, const qiscout::core::EncodedTable& table, std::size_t column)
{
    try {
        (void)qiscout::core::readHierarchyFile(path.toStdString(), table.columns[column].dictionary);
        return {};
    } catch (const std::exception& error) {
        return QString::fromUtf8(error.what());
    }
}

} // namespace

class HierarchyEditorTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsGroupsInTheOrderOfTheirValues();
    void keepsTypedBoundariesAfterEnter();
    void saysWhichRuleBuiltTheHierarchy();
    void importsAFileAsTheCommandLineDoes();
};

void HierarchyEditorTest::listsGroupsInTheOrderOfTheirValues()
{
    HierarchyEditor editor;
    editor.setTable(stayTable());
    editor.coarsenAutomatically(0);
    editor.selectColumn(0);
    const QTreeWidgetItem* level1 = editor.previewTree()->topLevelItem(1);
    QVERIFY(level1);
    QVERIFY2(level1->childCount() >= 3, "the stays should fall into several ranges");
    // Sorted by rows, "[2, 3)" (200 rows) came before "[1, 2)" (100 rows) (#35).
    for (int child = 1; child < level1->childCount(); ++child)
        QVERIFY2(
            startOf(level1->child(child - 1)->text(0)) < startOf(level1->child(child)->text(0)),
            qPrintable(level1->child(child - 1)->text(0) + QStringLiteral(" before ") + level1->child(child)->text(0)));
    QCOMPARE(level1->child(0)->text(0).left(4), QStringLiteral("[1, "));
}

void HierarchyEditorTest::keepsTypedBoundariesAfterEnter()
{
    HierarchyEditor editor;
    editor.setTable(stayTable());
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.selectColumn(0);
    QComboBox* kind = editor.builderPanel()->kindComboBox();
    kind->setCurrentIndex(kind->findData(static_cast<int>(HierarchyKind::Intervals)));
    QLineEdit* boundaries = editor.builderPanel()->cutPointsEdit();
    boundaries->setFocus();
    QTest::keyClicks(boundaries, QStringLiteral("2 5 10; 5"));
    QTest::keyClick(boundaries, Qt::Key_Return);
    // The field used to be cleared by the rebuild the Enter started (#35).
    QCOMPARE(boundaries->text(), QStringLiteral("2 5 10; 5"));
    const auto columns = editor.quasiIdentifiers();
    QCOMPARE(columns.size(), std::size_t{1});
    bool found = false;
    for (const auto& row : columns.front().hierarchy.rows)
        if (row.front() == "3") {
            QCOMPARE(QString::fromStdString(row[1]), QStringLiteral("[2, 5)"));
            QCOMPARE(QString::fromStdString(row[2]), QStringLiteral("< 5"));
            found = true;
        }
    QVERIFY(found);
}

void HierarchyEditorTest::saysWhichRuleBuiltTheHierarchy()
{
    HierarchyEditor editor;
    editor.setTable(stayTable());
    editor.coarsenAutomatically(1);
    editor.selectColumn(1);
    QCOMPARE(editor.builderPanel()->kind(), HierarchyKind::Automatic);
    // Age-group codes are categories, not numbers ("3 -> [0, 4)" before, #34).
    QVERIFY2(editor.builderPanel()->noteLabel()->text().contains(QStringLiteral("categories")),
             qPrintable(editor.builderPanel()->noteLabel()->text()));
    editor.selectColumn(0);
    QVERIFY2(editor.builderPanel()->noteLabel()->text().contains(QStringLiteral("about equal numbers of rows")),
             qPrintable(editor.builderPanel()->noteLabel()->text()));
}

void HierarchyEditorTest::importsAFileAsTheCommandLineDoes()
{
    // #39: the GUI read the whole file, so it refused a file the command line takes (a fault in
    // lines for values the column lacks) and said something else of a file for another column.
    const auto table = stayTable();
    HierarchyEditor editor;
    editor.setTable(table);
    QTemporaryDir folder;
    QByteArray text;
    for (const char* value : {"05", "10", "11", "12", "13", "14", "15", "16"})
        text += QByteArray(value) + ";" + QByteArray(value).left(1) + "x;*\n";
    // Two values of another column sharing a level-1 group but not its level-2 group.
    text += "77;7x;A\n78;7x;B\n";
    const QString mixed = writtenHierarchyFile(folder, QStringLiteral("age-and-more.csv"), text);
    QVERIFY(!mixed.isEmpty());
    QCOMPARE(commandLineVerdict(mixed, *table, 1), QString());
    QCOMPARE(editor.importHierarchy(1, mixed), QString());
    const auto columns = editor.quasiIdentifiers();
    QCOMPARE(columns.size(), std::size_t{1});
    QCOMPARE(columns.front().column, std::string("age"));
    QCOMPARE(columns.front().hierarchy.rows.size(), std::size_t{8});

    const QString foreign =
        writtenHierarchyFile(folder, QStringLiteral("other-column.csv"), QByteArrayLiteral("77;7x;*\n78;7x;*\n"));
    const QString refusal = commandLineVerdict(foreign, *table, 1);
    QVERIFY(refusal.contains(QStringLiteral("other-column.csv")));
    QCOMPARE(editor.importHierarchy(1, foreign), refusal);
}

QTEST_MAIN(HierarchyEditorTest)
#include "hierarchy_editor_test.moc"
