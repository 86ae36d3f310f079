// SPDX-License-Identifier: GPL-3.0-or-later
// The time left beside a determinate progress bar (#35): from the pace so far, said only once
// there is a pace, in the unit a person plans by.
#include <QTest>

#include "common/remaining_time.h"

using qiscout::ui::durationText;
using qiscout::ui::remainingSeconds;

class RemainingTimeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void followsThePaceSoFar()
    {
        QCOMPARE(remainingSeconds(50, 100, 10.0).value_or(-1.0), 10.0);
        QCOMPARE(remainingSeconds(22'560, 32'767, 30.0).value_or(-1.0), 30.0 * (32'767.0 - 22'560.0) / 22'560.0);
        QCOMPARE(remainingSeconds(100, 100, 10.0).value_or(-1.0), 0.0);
    }

    void saysNothingWithoutAPace()
    {
        QVERIFY(!remainingSeconds(0, 100, 10.0));
        QVERIFY(!remainingSeconds(5, 1000, 10.0));
        QVERIFY(!remainingSeconds(50, 100, 1.0));
        QVERIFY(!remainingSeconds(50, 0, 10.0));
    }

    void roundsToTheUnitOnePlansBy()
    {
        QCOMPARE(durationText(0.2), QStringLiteral("1 s"));
        QCOMPARE(durationText(42.4), QStringLiteral("42 s"));
        QCOMPARE(durationText(215.0), QStringLiteral("4 min"));
        QCOMPARE(durationText(3.5 * 3600), QStringLiteral("3 h 30 min"));
        QCOMPARE(durationText(2 * 3600), QStringLiteral("2 h"));
    }
};

QTEST_APPLESS_MAIN(RemainingTimeTest)
#include "remaining_time_test.moc"
