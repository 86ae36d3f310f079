// SPDX-License-Identifier: GPL-3.0-or-later
// SetDetailsController: only the latest request is answered, and a cancelled one never is.
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <QSignalSpy>
#include <QTest>

#include "results/set_details_controller.h"

using qiscout::core::ColumnSet;
using qiscout::core::EncodedTable;
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

} // namespace

class SetDetailsControllerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void answersOnlyTheLatestRequest()
    {
        const auto data = table();
        SetDetailsController controller;
        QSignalSpy ready(&controller, &SetDetailsController::classesReady);
        controller.request(data, ColumnSet::of({0}), 1);
        controller.request(data, ColumnSet::of({1, 2}), 2);
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
        controller.request(data, ColumnSet::of({0, 1, 2}), 1);
        controller.cancel();
        QVERIFY(!ready.wait(500));
    }
};

QTEST_GUILESS_MAIN(SetDetailsControllerTest)
#include "set_details_controller_test.moc"
