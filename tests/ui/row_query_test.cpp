// SPDX-License-Identifier: GPL-3.0-or-later
// selectRows (#14 point 9): filtering and sorting the data table, checked against a direct
// computation on random tables with numbers, text, mixed case and missing values.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <QTest>

#include "table/row_query.h"

using qiscout::core::EncodedTable;
using qiscout::ui::RowQuery;
using qiscout::ui::selectRows;

namespace {

/// Columns: "n" integers (some missing), "name" words of mixed case (some missing), "d" decimals.
EncodedTable randomTable(unsigned seed, int rows)
{
    std::mt19937 random(seed);
    const std::vector<std::string> words{"apple", "Apple", "banana", "Cherry", "cherry pie", "date", "Éclair"};
    std::vector<std::vector<std::string>> cells;
    for (int row = 0; row < rows; ++row) {
        const auto pick = random() % 10;
        cells.push_back({pick == 0 ? "?" : std::to_string(static_cast<int>(random() % 200) - 50),
                         pick == 1 ? "?" : words[random() % words.size()],
                         std::to_string(random() % 1000) + "." + std::to_string(random() % 10)});
    }
    // encodeRows leaves every column Text; the loader would infer these types.
    auto table = qiscout::core::encodeRows({"n", "name", "d"}, cells, {"?"});
    table.columns[0].type = qiscout::core::ColumnType::Integer;
    table.columns[2].type = qiscout::core::ColumnType::Decimal;
    return table;
}

/// The query answered row by row, the obvious way.
std::vector<std::uint32_t> reference(const EncodedTable& table, const RowQuery& query)
{
    std::vector<std::uint32_t> rows;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        if (query.onlyRows && !std::binary_search(query.onlyRows->begin(), query.onlyRows->end(), row))
            continue;
        bool keep = query.filterText.isEmpty();
        for (std::size_t column = 0; column < table.columnCount() && !keep; ++column)
            if (!query.filterColumn || static_cast<std::size_t>(*query.filterColumn) == column)
                keep = QString::fromStdString(table.text(row, column)).contains(query.filterText, Qt::CaseInsensitive);
        if (keep)
            rows.push_back(row);
    }
    if (query.sortColumn) {
        const auto column = static_cast<std::size_t>(*query.sortColumn);
        const bool numeric = table.columns[column].type != qiscout::core::ColumnType::Text;
        const auto missing = [&](std::uint32_t row) {
            return bool(table.columns[column].missing[table.code(row, column)]);
        };
        const auto before = [&](std::uint32_t a, std::uint32_t b) {
            const std::string& x = table.text(a, column);
            const std::string& y = table.text(b, column);
            if (numeric) {
                const double dx = std::stod(x);
                const double dy = std::stod(y);
                return dx != dy ? dx < dy : x < y;
            }
            const int byLetters = QString::fromStdString(x).compare(QString::fromStdString(y), Qt::CaseInsensitive);
            return byLetters != 0 ? byLetters < 0 : x < y;
        };
        std::stable_sort(rows.begin(), rows.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (missing(a) != missing(b))
                return !missing(a);
            if (missing(a))
                return false;
            return query.descending ? before(b, a) : before(a, b);
        });
    }
    return rows;
}

} // namespace

class RowQueryTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyRowInTableOrderIsNoWorkAtAll()
    {
        const auto table = randomTable(1, 50);
        QVERIFY(!selectRows(table, RowQuery{}).has_value());
    }

    void filtersAndSortsLikeARowByRowReference()
    {
        for (const unsigned seed : {1U, 2U, 3U}) {
            const auto table = randomTable(seed, 700);
            std::vector<std::uint32_t> some;
            for (std::uint32_t row = 0; row < table.rowCount; row += 3)
                some.push_back(row);
            const auto onlySome = std::make_shared<const std::vector<std::uint32_t>>(some);
            for (const bool restrict : {false, true})
                for (const QString& text : {QString(), QStringLiteral("APP"), QStringLiteral("1"), QStringLiteral("é")})
                    for (const int filterColumn : {-1, 0, 1})
                        for (const int sortColumn : {-1, 0, 1, 2})
                            for (const bool descending : {false, true}) {
                                RowQuery query;
                                if (restrict)
                                    query.onlyRows = onlySome;
                                query.filterText = text;
                                if (filterColumn >= 0)
                                    query.filterColumn = filterColumn;
                                if (sortColumn >= 0)
                                    query.sortColumn = sortColumn;
                                query.descending = descending;
                                const auto expected = reference(table, query);
                                const auto rows = selectRows(table, query);
                                const auto got = rows.value_or(
                                    expected.size() == table.rowCount ? expected : std::vector<std::uint32_t>{});
                                QVERIFY2(got == expected,
                                         qPrintable(QStringLiteral("seed %1 text '%2' in %3 sort %4%5")
                                                        .arg(seed)
                                                        .arg(text)
                                                        .arg(filterColumn)
                                                        .arg(sortColumn)
                                                        .arg(descending ? QStringLiteral(" desc") : QString())));
                            }
        }
    }

    void numbersSortByValueAndMissingValuesComeLast()
    {
        auto table = qiscout::core::encodeRows({"n"}, {{"10"}, {"?"}, {"9"}, {"-3"}, {"100"}}, {"?"});
        table.columns[0].type = qiscout::core::ColumnType::Integer;
        RowQuery query;
        query.sortColumn = 0;
        QVERIFY((selectRows(table, query).value() == std::vector<std::uint32_t>{3, 2, 0, 4, 1}));
        query.descending = true;
        QVERIFY((selectRows(table, query).value() == std::vector<std::uint32_t>{4, 0, 2, 3, 1}));
    }

    void aStoppedQueryReturnsNothing()
    {
        const auto table = randomTable(4, 100);
        std::stop_source stop;
        stop.request_stop();
        RowQuery query;
        query.sortColumn = 1;
        QVERIFY(!selectRows(table, query, stop.get_token()).has_value());
    }
};

QTEST_APPLESS_MAIN(RowQueryTest)
#include "row_query_test.moc"
