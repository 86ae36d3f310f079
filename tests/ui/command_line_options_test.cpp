// SPDX-License-Identifier: GPL-3.0-or-later
#include <QTest>

#include "qiscout/ui/command_line_options.h"

using qiscout::ui::parseCommandLine;

class CommandLineOptionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsEveryAutomationOption()
    {
        const auto parsed = parseCommandLine(
            {QStringLiteral("qiscout"), QStringLiteral("data.csv"), QStringLiteral("--k"), QStringLiteral("3"),
             QStringLiteral("--threads"), QStringLiteral("2"), QStringLiteral("--run"), QStringLiteral("--screenshot"),
             QStringLiteral("/tmp/shot.png"), QStringLiteral("--quit")});
        QVERIFY(parsed.options.has_value());
        QCOMPARE(parsed.options->file, QStringLiteral("data.csv"));
        QCOMPARE(parsed.options->k.value_or(0), 3ULL);
        QCOMPARE(parsed.options->threads.value_or(0), 2);
        QVERIFY(parsed.options->run);
        QCOMPARE(parsed.options->screenshot, QStringLiteral("/tmp/shot.png"));
        QVERIFY(parsed.options->quit);
    }

    void readsTheProtectionOptions()
    {
        // #15
        const auto parsed = parseCommandLine(
            {QStringLiteral("qiscout"), QStringLiteral("adult.csv"), QStringLiteral("--k"), QStringLiteral("5"),
             QStringLiteral("--protect"), QStringLiteral("--qi"), QStringLiteral("age=hierarchies/age.csv"),
             QStringLiteral("--qi"), QStringLiteral("sex"), QStringLiteral("--qi"), QStringLiteral("zip=a=b.csv")});
        QVERIFY(parsed.options.has_value());
        QVERIFY(parsed.options->protect);
        QVERIFY(!parsed.options->run);
        const QList<qiscout::ui::QuasiIdentifierOption> expected{
            {QStringLiteral("age"), QStringLiteral("hierarchies/age.csv")},
            {QStringLiteral("sex"), QString()},
            {QStringLiteral("zip"), QStringLiteral("a=b.csv")}};
        QCOMPARE(parsed.options->quasiIdentifiers, expected);
    }

    void readsTheRiskOption()
    {
        // #16
        const auto parsed = parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("sd2011.csv"),
                                              QStringLiteral("--risk"), QStringLiteral("--quit")});
        QVERIFY(parsed.options.has_value());
        QVERIFY(parsed.options->risk);
        QVERIFY(!parsed.options->protect);
        QVERIFY(!parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("a.csv")}).options->risk);
    }

    void readsTheWindowSize()
    {
        const auto parsed = parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("data.csv"),
                                              QStringLiteral("--window-size"), QStringLiteral("1024x700")});
        QVERIFY(parsed.options.has_value());
        QCOMPARE(parsed.options->windowSize.value_or(QSize()), QSize(1024, 700));
    }

    void defaultsToTheWelcomePage()
    {
        const auto parsed = parseCommandLine({QStringLiteral("qiscout")});
        QVERIFY(parsed.options.has_value());
        QVERIFY(parsed.options->file.isEmpty());
        QVERIFY(!parsed.options->k);
        QVERIFY(!parsed.options->run);
        QVERIFY(!parsed.options->windowSize);
    }

    void printsTheVersion()
    {
        const auto parsed = parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("--version")});
        QVERIFY(!parsed.options);
        QCOMPARE(parsed.exitCode, 0);
        QCOMPARE(parsed.output, QStringLiteral("qiscout " QISCOUT_VERSION "\n"));
    }

    void printsHelpNamingTheOptions()
    {
        const auto parsed = parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("--help")});
        QVERIFY(!parsed.options);
        QCOMPARE(parsed.exitCode, 0);
        for (const auto* option :
             {"-k", "--threads", "--run", "--protect", "--qi", "--risk", "--screenshot", "--window-size", "--quit"})
            QVERIFY2(parsed.output.contains(QLatin1String(option)), option);
    }

    void helpGivesKOneMeaning()
    {
        // -k and --protect speak of the same k: a group of K or fewer is at risk, and protecting
        // leaves nobody in one (the settings then ask for groups of K + 1).
        const auto parsed = parseCommandLine({QStringLiteral("qiscout"), QStringLiteral("--help")});
        const QString help = parsed.output.simplified();
        QCOMPARE(help.count(QStringLiteral("group of K or fewer")), 2);
        QVERIFY2(!help.contains(QStringLiteral("at least K")), qPrintable(help));
    }

    void rejectsBadValues_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("k zero") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                               QStringLiteral("--k"), QStringLiteral("0")};
        QTest::newRow("k text") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                               QStringLiteral("--k"), QStringLiteral("many")};
        QTest::newRow("threads zero") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                                     QStringLiteral("--threads"), QStringLiteral("0")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("qiscout"), QStringLiteral("--fast")};
        QTest::newRow("two files") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                                  QStringLiteral("b.csv")};
        QTest::newRow("window size without height")
            << QStringList{QStringLiteral("qiscout"), QStringLiteral("--window-size"), QStringLiteral("1024")};
        QTest::newRow("window size too small")
            << QStringList{QStringLiteral("qiscout"), QStringLiteral("--window-size"), QStringLiteral("10x10")};
        QTest::newRow("run without file") << QStringList{QStringLiteral("qiscout"), QStringLiteral("--run")};
        QTest::newRow("protect without file") << QStringList{QStringLiteral("qiscout"), QStringLiteral("--protect")};
        QTest::newRow("risk without file") << QStringList{QStringLiteral("qiscout"), QStringLiteral("--risk")};
        QTest::newRow("risk with protect") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                                          QStringLiteral("--risk"), QStringLiteral("--protect")};
        QTest::newRow("qi without protect") << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"),
                                                           QStringLiteral("--qi"), QStringLiteral("age")};
        QTest::newRow("qi without hierarchy after =")
            << QStringList{QStringLiteral("qiscout"), QStringLiteral("a.csv"), QStringLiteral("--protect"),
                           QStringLiteral("--qi"), QStringLiteral("age=")};
    }

    void rejectsBadValues()
    {
        QFETCH(QStringList, arguments);
        const auto parsed = parseCommandLine(arguments);
        QVERIFY(!parsed.options);
        QCOMPARE(parsed.exitCode, 2);
        QVERIFY(!parsed.output.isEmpty());
    }
};

QTEST_APPLESS_MAIN(CommandLineOptionsTest)
#include "command_line_options_test.moc"
