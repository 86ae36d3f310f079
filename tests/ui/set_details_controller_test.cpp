// SPDX-License-Identifier: GPL-3.0-or-later
// SetDetailsController: only the latest request is answered, and a cancelled one never is; a
// wildcard request sizes classes the way a wildcard search did (#17).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <QSignalSpy>
#include <QTest>

#include "results/set_details_controller.h"

using qiscout::core::ColumnSet;
using qiscout::core::EncodedTable;
using qiscout::core::MissingSemantics;
using qiscout::ui::SetClasses;
using qiscout::ui::SetDetailsController;

namespace {

/// 20,000 rows over three columns of 2, 7 and 50 values.
std::shared_ptr<const EncodedTable> table()
{
    std::mt19937 random(3);
    std::vector<std::vector<std::string>> rows(20'000);
    for (auto& row : rows)
        row = {std::to_string(random() % 2), std::to_string(random() % 7), std::to_string(random() % 50)};
    return std::make_shared<const EncodedTable>(qiscout::core::encodeRows({"a", "b", "c"}, rows));
}

/// 300 rows over three columns of 6, 9 and 15 values, about an eighth of the cells empty (missing).
std::shared_ptr<const EncodedTable> tableWithMissingCells()
{
    std::mt19937 random(11);
    std::vector<std::vector<std::string>> rows(300);
    const auto cell = [&random](unsigned values) {
        return random() % 8 == 0 ? std::string() : std::to_string(random() % values);
    };
    for (auto& row : rows)
        row = {cell(6), cell(9), cell(15)};
    return std::make_shared<const EncodedTable>(qiscout::core::encodeRows({"a", "b", "c"}, rows, {""}));
}

/// Per row, the rows agreeing with it on every column where both have a value.
std::vector<std::uint32_t> wildcardSizesByPairs(const EncodedTable& data)
{
    std::vector<std::uint32_t> sizes(data.rowCount, 0);
    for (std::uint32_t row = 0; row < data.rowCount; ++row)
        for (std::uint32_t other = 0; other < data.rowCount; ++other) {
            bool matches = true;
            for (std::size_t column = 0; column < data.columnCount(); ++column) {
                const auto& encoded = data.columns[column];
                const std::uint32_t a = encoded.codes[row];
                const std::uint32_t b = encoded.codes[other];
                matches = matches && (encoded.missing[a] || encoded.missing[b] || a == b);
            }
            sizes[row] += matches ? 1U : 0U;
        }
    return sizes;
}

} // namespace

class SetDetailsControllerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void answersOnlyTheLatestRequest()
    {
        const auto data = table();
        SetDetailsController controller;
        QSignalSpy ready(&controller, &SetDetailsController::classesReady);
        controller.request(data, ColumnSet::of({0}), 1, MissingSemantics::Value);
        controller.request(data, ColumnSet::of({1, 2}), 2, MissingSemantics::Value);
        QVERIFY(ready.wait(30'000));
        QTest::qWait(100);
        QCOMPARE(ready.count(), 1);
        const auto classes = ready.front().front().value<SetClasses>();
        QCOMPARE(classes.set, ColumnSet::of({1, 2}));
        QCOMPARE(classes.k, 2ULL);
        const auto expected = qiscout::ui::computeSetClasses(*data, ColumnSet::of({1, 2}), 2);
        QVERIFY(classes.isolatedRows == expected.isolatedRows);
        QVERIFY(classes.classSizes == expected.classSizes);
    }

    void aCancelledRequestIsNeverAnswered()
    {
        const auto data = table();
        SetDetailsController controller;
        QSignalSpy ready(&controller, &SetDetailsController::classesReady);
        controller.request(data, ColumnSet::of({0, 1, 2}), 1, MissingSemantics::Value);
        controller.cancel();
        QVERIFY(!ready.wait(500));
    }

    void aWildcardRequestCountsEveryMatchingRow()
    {
        const auto data = tableWithMissingCells();
        const std::vector<std::uint32_t> sizes = wildcardSizesByPairs(*data);
        bool differsFromValueClasses = false;
        for (const std::uint64_t k : {1ULL, 3ULL, 8ULL}) {
            SetDetailsController controller;
            QSignalSpy ready(&controller, &SetDetailsController::classesReady);
            controller.request(data, ColumnSet::of({0, 1, 2}), k, MissingSemantics::Wildcard);
            QVERIFY(ready.wait(30'000));
            const auto classes = ready.front().front().value<SetClasses>();
            QCOMPARE(classes.semantics, MissingSemantics::Wildcard);
            std::vector<std::uint32_t> isolated;
            for (std::uint32_t row = 0; row < data->rowCount; ++row)
                if (sizes[row] <= k)
                    isolated.push_back(row);
            QVERIFY(!isolated.empty());
            QVERIFY(classes.isolatedRows == isolated);
            // One size per group of equal rows: the sizes of the groups' rows, each group once.
            std::vector<std::uint32_t> expected;
            std::vector<std::vector<std::uint32_t>> seen;
            for (std::uint32_t row = 0; row < data->rowCount; ++row) {
                std::vector<std::uint32_t> key;
                for (std::size_t column = 0; column < data->columnCount(); ++column)
                    key.push_back(data->columns[column].codes[row]);
                if (std::find(seen.begin(), seen.end(), key) == seen.end()) {
                    seen.push_back(key);
                    expected.push_back(sizes[row]);
                }
            }
            QVERIFY(classes.classSizes == expected);
            const auto byValue = qiscout::ui::computeSetClasses(*data, ColumnSet::of({0, 1, 2}), k);
            differsFromValueClasses = differsFromValueClasses || byValue.isolatedRows != classes.isolatedRows;
        }
        // Value classes would single out other rows: the table has enough missing cells to tell.
        QVERIFY(differsFromValueClasses);
    }
};

QTEST_GUILESS_MAIN(SetDetailsControllerTest)
#include "set_details_controller_test.moc"
