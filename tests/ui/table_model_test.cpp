// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <QFont>
#include <QTest>

#include "results/set_classes.h"
#include "table/row_order_proxy_model.h"
#include "table/table_model.h"

using qiscout::core::ColumnSet;
using qiscout::core::EncodedColumn;
using qiscout::core::EncodedTable;
using qiscout::ui::RowOrderProxyModel;
using qiscout::ui::TableModel;

namespace {

constexpr std::uint32_t millionRows = 1'000'000;

/// A 1M-row table built directly in encoded form: column "bucket" = row % 1000, "day" = row % 7.
std::shared_ptr<const EncodedTable> makeMillionRowTable()
{
    auto table = std::make_shared<EncodedTable>();
    table->rowCount = millionRows;
    const auto addColumn = [&table](const std::string& name, std::uint32_t modulus, const std::string& prefix) {
        EncodedColumn column;
        column.name = name;
        column.codes.resize(millionRows);
        for (std::uint32_t row = 0; row < millionRows; ++row)
            column.codes[row] = row % modulus;
        for (std::uint32_t code = 0; code < modulus; ++code) {
            column.dictionary.push_back(prefix + std::to_string(code));
            column.frequencies.push_back(millionRows / modulus + (code < millionRows % modulus ? 1 : 0));
            column.missing.push_back(false);
        }
        table->columns.push_back(std::move(column));
    };
    addColumn("bucket", 1000, "b");
    addColumn("day", 7, "d");
    return table;
}

} // namespace

class TableModelTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sharesTheTableAndDecodesCellsOnDemand()
    {
        const auto table = makeMillionRowTable();
        TableModel model;
        model.setTable(table);
        QCOMPARE(model.table().get(), table.get());
        QCOMPARE(table.use_count(), 2L);
        QCOMPARE(model.rowCount(), static_cast<int>(millionRows));
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.data(model.index(999'999, 0), Qt::DisplayRole).toString(), QStringLiteral("b999"));
        QCOMPARE(model.data(model.index(123'456, 1), Qt::DisplayRole).toString(),
                 QString::fromStdString("d" + std::to_string(123'456 % 7)));
        QCOMPARE(model.data(model.index(5, 0), TableModel::CodeRole).toUInt(), 5U);
        QVERIFY(!model.data(model.index(5, 0), Qt::EditRole).isValid());
        QCOMPARE(table.use_count(), 2L);
        // The title is the name alone (narrow columns); the statistics are in its tooltip.
        QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("bucket"));
        const auto tooltip = model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tooltip.contains(QStringLiteral("Distinct values: 1,000")) ||
                     tooltip.contains(QStringLiteral("Distinct values: 1000")),
                 qPrintable(tooltip));
        QVERIFY2(tooltip.contains(QStringLiteral("Missing cells: 0")), qPrintable(tooltip));
        QVERIFY(!model.headerData(0, Qt::Horizontal, Qt::FontRole).isValid());
        model.setHighlightedColumns(ColumnSet::of({1}));
        QVERIFY(model.headerData(1, Qt::Horizontal, Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.headerData(0, Qt::Horizontal, Qt::FontRole).isValid());
        model.setTable(nullptr);
        QCOMPARE(table.use_count(), 1L);
        QCOMPARE(model.rowCount(), 0);
    }

    // #19: a 10 MB cell or name is shown cut, with its length, so views stay fast.
    void showsHugeCellsAndNamesCut()
    {
        const std::string huge(10'000'000, 'v');
        const std::string hugeName(300'000, 'n');
        auto table = std::make_shared<const EncodedTable>(
            qiscout::core::encodeRows({hugeName, "small"}, {{huge, "x"}, {"short", "y"}}));
        TableModel model;
        model.setTable(table);
        const QString shown = model.data(model.index(0, 0), Qt::DisplayRole).toString();
        QVERIFY(shown.size() < 300);
        QVERIFY(shown.startsWith(QString(200, QLatin1Char('v')) + QChar(0x2026)));
        QVERIFY(shown.endsWith(QStringLiteral("(10000000 characters)")));
        QCOMPARE(model.data(model.index(0, 0), Qt::ToolTipRole).toString(), shown);
        QCOMPARE(model.data(model.index(1, 0), Qt::DisplayRole).toString(), QStringLiteral("short"));
        const QString header = model.headerData(0, Qt::Horizontal, Qt::DisplayRole).toString();
        QVERIFY(header.size() < 400);
        QVERIFY(header.contains(QStringLiteral("(300000 characters)")));
    }

    void proxyShowsTheGivenRowsInTheirOrder()
    {
        const auto table = makeMillionRowTable();
        TableModel model;
        model.setTable(table);
        RowOrderProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setRows(
            std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{999'999, 7, 500'000}));
        QVERIFY(proxy.isReordered());
        QCOMPARE(proxy.rowCount(), 3);
        QCOMPARE(proxy.mapToSource(proxy.index(2, 0)).row(), 500'000);
        QCOMPARE(proxy.data(proxy.index(0, 0)).toString(), QStringLiteral("b999"));
        // Row headers keep the table's row numbers (1-based).
        QCOMPARE(proxy.headerData(1, Qt::Vertical, Qt::DisplayRole).toInt(), 8);
        QCOMPARE(proxy.mapFromSource(model.index(7, 1)), proxy.index(1, 1));
        QVERIFY(!proxy.mapFromSource(model.index(8, 0)).isValid());
        proxy.setRows(nullptr);
        QCOMPARE(proxy.rowCount(), static_cast<int>(millionRows));
        QCOMPARE(proxy.mapFromSource(model.index(8, 0)), proxy.index(8, 0));
        // A new table drops the rows worked out for the old one.
        proxy.setRows(std::make_shared<const std::vector<std::uint32_t>>(std::vector<std::uint32_t>{1}));
        model.setTable(table);
        QVERIFY(!proxy.isReordered());
        QCOMPARE(proxy.rowCount(), static_cast<int>(millionRows));
    }

    void setClassesMatchACountOfValueTuples()
    {
        std::mt19937 random(7);
        const std::vector<std::string> names{"a", "b", "c", "d"};
        std::vector<std::vector<std::string>> rows;
        for (int row = 0; row < 3000; ++row) {
            std::vector<std::string> cells;
            for (const int distinct : {3, 40, 5, 900})
                cells.push_back(std::to_string(random() % static_cast<unsigned>(distinct)));
            rows.push_back(cells);
        }
        const auto table = qiscout::core::encodeRows(names, rows);
        for (const auto& set :
             {ColumnSet::of({1}), ColumnSet::of({0, 2}), ColumnSet::of({1, 3}), ColumnSet::of({0, 1, 2})}) {
            for (const std::uint64_t k : {1U, 2U, 5U}) {
                std::map<std::vector<std::string>, std::uint32_t> counts;
                const auto key = [&](const std::vector<std::string>& row) {
                    std::vector<std::string> values;
                    for (const int column : set.columns())
                        values.push_back(row[static_cast<std::size_t>(column)]);
                    return values;
                };
                for (const auto& row : rows)
                    ++counts[key(row)];
                std::vector<std::uint32_t> expectedRows;
                for (std::uint32_t row = 0; row < rows.size(); ++row)
                    if (counts[key(rows[row])] <= k)
                        expectedRows.push_back(row);
                std::vector<std::uint32_t> expectedSizes;
                for (const auto& [values, count] : counts)
                    expectedSizes.push_back(count);

                auto classes = qiscout::ui::computeSetClasses(table, set, k);
                QVERIFY(classes.complete);
                QCOMPARE(classes.isolatedRows, expectedRows);
                std::sort(classes.classSizes.begin(), classes.classSizes.end());
                std::sort(expectedSizes.begin(), expectedSizes.end());
                QCOMPARE(classes.classSizes, expectedSizes);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TableModelTest)
#include "table_model_test.moc"
