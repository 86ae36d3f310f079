// SPDX-License-Identifier: GPL-3.0-or-later
// #14 point 9: the quasi-identifier list sorts, filters by column and exports on its own, with
// as many results as a wide table gives (800).
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "qiscout/core/report/report_writers.h"

#include "results/quasi_identifier_model.h"
#include "results/results_panel.h"

using qiscout::core::ColumnSet;
using qiscout::core::MinimalSet;
using qiscout::core::SearchResult;
using qiscout::ui::QuasiIdentifierModel;
using qiscout::ui::ResultsPanel;

namespace {

constexpr int columnCount = 24;
constexpr std::size_t setCount = 800;

/// 800 distinct sets of 2 to 4 of 24 columns, in the engines' order (size, then columns), with
/// isolated-row counts that repeat so that ties must keep that order.
SearchResult manySets()
{
    std::mt19937 random(14);
    std::vector<ColumnSet> sets;
    while (sets.size() < setCount) {
        const int size = 2 + static_cast<int>(random() % 3);
        std::vector<int> columns;
        while (static_cast<int>(columns.size()) < size) {
            const int column = static_cast<int>(random() % columnCount);
            if (std::find(columns.begin(), columns.end(), column) == columns.end())
                columns.push_back(column);
        }
        const auto set = ColumnSet::fromColumns(columns);
        if (std::find(sets.begin(), sets.end(), set) == sets.end())
            sets.push_back(set);
    }
    std::sort(sets.begin(), sets.end(), qiscout::core::sizeThenLexLess);
    SearchResult result;
    result.k = 3;
    result.searchedColumns = ColumnSet::firstN(columnCount);
    for (const auto& set : sets)
        result.minimalSets.push_back({set, random() % 50, 1 + random() % 3});
    return result;
}

QStringList columnNames()
{
    QStringList names;
    for (int column = 0; column < columnCount; ++column)
        names << QStringLiteral("column %1").arg(column);
    names[0] = QStringLiteral("=formula, with comma");
    return names;
}

std::vector<std::string> standardNames()
{
    std::vector<std::string> names;
    for (const QString& name : columnNames())
        names.push_back(name.toStdString());
    return names;
}

void sortBy(ResultsPanel& panel, int column, Qt::SortOrder order)
{
    // As a click on the header does.
    panel.view()->header()->setSortIndicator(column, order);
}

} // namespace

class ResultsPanelTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsEverySetInTheEnginesOrderFirst()
    {
        ResultsPanel panel;
        const auto result = manySets();
        panel.setResult(result, columnNames());
        QVERIFY(panel.listedSets() == result.minimalSets);
        QVERIFY(panel.view()->isSortingEnabled());
    }

    void sortsByRowsAtRiskAndBySizeKeepingTiesInOrder()
    {
        ResultsPanel panel;
        const auto result = manySets();
        panel.setResult(result, columnNames());
        for (const auto order : {Qt::DescendingOrder, Qt::AscendingOrder}) {
            sortBy(panel, QuasiIdentifierModel::IsolatedColumn, order);
            auto expected = result.minimalSets;
            std::stable_sort(expected.begin(), expected.end(), [order](const MinimalSet& a, const MinimalSet& b) {
                return order == Qt::AscendingOrder ? a.isolatedRows < b.isolatedRows : a.isolatedRows > b.isolatedRows;
            });
            QVERIFY(panel.listedSets() == expected);
        }
        sortBy(panel, QuasiIdentifierModel::SmallestColumn, Qt::AscendingOrder);
        auto expected = result.minimalSets;
        std::stable_sort(expected.begin(), expected.end(),
                         [](const MinimalSet& a, const MinimalSet& b) { return a.smallestClass < b.smallestClass; });
        QVERIFY(panel.listedSets() == expected);
        // The set sorts by its size.
        sortBy(panel, QuasiIdentifierModel::SetColumn, Qt::DescendingOrder);
        expected = result.minimalSets;
        std::stable_sort(expected.begin(), expected.end(),
                         [](const MinimalSet& a, const MinimalSet& b) { return a.columns.size() > b.columns.size(); });
        QVERIFY(panel.listedSets() == expected);
    }

    void filtersByAColumnAndSaysHowManySetsContainIt()
    {
        ResultsPanel panel;
        const auto result = manySets();
        panel.setResult(result, columnNames());
        sortBy(panel, QuasiIdentifierModel::IsolatedColumn, Qt::DescendingOrder);
        auto* filter = panel.columnFilter();
        // "Any", then every column some set contains.
        QCOMPARE(filter->count(), columnCount + 1);
        for (const int column : {0, 7, 23}) {
            std::vector<MinimalSet> expected;
            for (const auto& set : result.minimalSets)
                if (set.columns.contains(column))
                    expected.push_back(set);
            std::stable_sort(expected.begin(), expected.end(),
                             [](const MinimalSet& a, const MinimalSet& b) { return a.isolatedRows > b.isolatedRows; });
            // As the user picks it in the combo box.
            filter->setCurrentIndex(filter->findData(column));
            QVERIFY(!expected.empty());
            QVERIFY(panel.listedSets() == expected);
            QVERIFY2(filter->currentText().endsWith(QStringLiteral("(%1)").arg(expected.size())),
                     qPrintable(filter->currentText()));
        }
        filter->setCurrentIndex(0);
        QCOMPARE(panel.listedSets().size(), setCount);
    }

    void exportsTheListAsListedThroughTheReportsCsv()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        ResultsPanel panel;
        panel.setResult(manySets(), columnNames());
        sortBy(panel, QuasiIdentifierModel::IsolatedColumn, Qt::DescendingOrder);
        panel.filterByColumn(0);
        const auto listed = panel.listedSets();
        const QString path = folder.filePath(QStringLiteral("qis.csv"));
        QCOMPARE(panel.exportList(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        QCOMPARE(written.toStdString(), qiscout::core::minimalSetsCsv(listed, standardNames()));
        // One header line and one line per listed set; the formula-like name is neutralised.
        QCOMPARE(static_cast<std::size_t>(written.count("\r\n")), listed.size() + 1);
        QVERIFY(written.contains("\"'=formula, with comma"));

        // A folder that does not exist: the problem is said, nothing is written.
        const QString missing = folder.filePath(QStringLiteral("no/such/folder/qis.csv"));
        QVERIFY(!panel.exportList(missing).isEmpty());
        QVERIFY(!QFile::exists(missing));
    }

    void selectingAHiddenSetShowsEverySetAgain()
    {
        ResultsPanel panel;
        const auto result = manySets();
        panel.setResult(result, columnNames());
        panel.filterByColumn(5);
        const auto hidden = std::find_if(result.minimalSets.begin(), result.minimalSets.end(),
                                         [](const MinimalSet& set) { return !set.columns.contains(5); });
        QVERIFY(hidden != result.minimalSets.end());
        QSignalSpy selected(&panel, &ResultsPanel::setSelected);
        QVERIFY(panel.selectSet(hidden->columns));
        QCOMPARE(panel.listedSets().size(), setCount);
        QCOMPARE(selected.count(), 1);
        QVERIFY(selected.front().front().value<ColumnSet>() == hidden->columns);
        QVERIFY(!panel.selectSet(ColumnSet::of({0, 1, 2, 3, 4, 5, 6})));

        // A new table empties the list and its filter.
        panel.clear();
        QVERIFY(panel.listedSets().empty());
        QCOMPARE(panel.columnFilter()->count(), 0);
    }
};

QTEST_MAIN(ResultsPanelTest)
#include "results_panel_test.moc"
