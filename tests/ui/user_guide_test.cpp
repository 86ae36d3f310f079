// SPDX-License-Identifier: GPL-3.0-or-later
#include <QAction>
#include <QFile>
#include <QKeySequence>
#include <QRegularExpression>
#include <QTest>
#include <QTextBrowser>

#include "qiscout/ui/main_window.h"

#include "main/user_guide.h"

using qiscout::ui::UserGuide;

namespace {

/// The markdown from the line opening with heading up to the next heading of its level or above.
QString section(const QString& markdown, const QString& heading)
{
    const qsizetype start = markdown.indexOf(QLatin1Char('\n') + heading);
    if (start < 0)
        return {};
    const QString level = heading.section(QLatin1Char(' '), 0, 0);
    const QRegularExpression next(QStringLiteral("\n#{1,%1} ").arg(level.size()));
    const qsizetype end = markdown.indexOf(next, start + 1);
    return markdown.mid(start, end < 0 ? -1 : end - start);
}

} // namespace

class UserGuideTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void itsProseIsDocsUserGuide()
    {
        // #36: the guide in the app and docs/user-guide.md are one text, so they cannot drift.
        QFile docs(QStringLiteral(QISCOUT_SOURCE_DIR "/docs/user-guide.md"));
        QVERIFY(docs.open(QIODevice::ReadOnly));
        const QString markdown = UserGuide::markdown();
        QCOMPARE(markdown, QString::fromUtf8(docs.readAll()));
        const QString html = UserGuide::html();
        static const QRegularExpression heading(QStringLiteral("^#+ (.+)$"), QRegularExpression::MultilineOption);
        int headings = 0;
        for (const QRegularExpressionMatch& match : heading.globalMatch(markdown)) {
            QVERIFY2(html.contains(match.captured(1).toHtmlEscaped()), qPrintable(match.captured(1)));
            ++headings;
        }
        QVERIFY(headings >= 10);
        QVERIFY(!html.contains(QStringLiteral("<!-- generated")));
    }

    void everyLinkLeadsToAHeadingOfTheGuide()
    {
        // A link to another file would open an empty page in the app.
        const QString html = UserGuide::html();
        static const QRegularExpression link(QStringLiteral("<a href=\"([^\"]*)\""));
        int links = 0;
        for (const QRegularExpressionMatch& match : link.globalMatch(html)) {
            const QString target = match.captured(1);
            QVERIFY2(target.startsWith(QLatin1Char('#')), qPrintable(target));
            QVERIFY2(html.contains(QStringLiteral("<a name=\"%1\"></a>").arg(target.mid(1))), qPrintable(target));
            ++links;
        }
        QVERIFY(links >= 10);
        // The screenshots are for docs/ readers; the app does not bundle them.
        QVERIFY(!html.contains(QStringLiteral("<img")));
    }

    void protectHasASectionThatNamesItsButton()
    {
        // #35: the guide said "generalise ... re-run" and never named Protect.
        qiscout::ui::MainWindow window;
        QString button;
        for (const QAction* action : window.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+P")))
                button = action->text().remove(QLatin1Char('&'));
        QCOMPARE(button, QStringLiteral("Protect…"));

        const QString markdown = UserGuide::markdown();
        const QString protect = section(markdown, QStringLiteral("## Protect"));
        for (const QString& words : {QStringLiteral("**%1**").arg(button), QStringLiteral("Protect: no group of k"),
                                     QStringLiteral("hierarchy"), QStringLiteral("suppressed"),
                                     QStringLiteral("Other choices"), QStringLiteral("Dependency attack")})
            QVERIFY2(protect.contains(words), qPrintable(words));
        QVERIFY(section(markdown, QStringLiteral("## What to do next")).contains(QStringLiteral("**%1**").arg(button)));
        QVERIFY(section(markdown, QStringLiteral("## Prove it")).contains(QStringLiteral("Quasi-identifiers at")));
        QVERIFY(UserGuide::html().contains(QStringLiteral("<a name=\"protect\"></a>")));
    }

    void theWindowShowsTheGuide()
    {
        UserGuide guide;
        const auto* text = guide.findChild<QTextBrowser*>();
        QVERIFY(text);
        QVERIFY(text->toPlainText().contains(QStringLiteral("Protect: no group of k")));
        QVERIFY(text->toPlainText().contains(QStringLiteral("What k means")));
        if (qEnvironmentVariableIsSet("QISCOUT_SCREENSHOT_DIR"))
            guide.grab().save(qEnvironmentVariable("QISCOUT_SCREENSHOT_DIR") + QStringLiteral("/user_guide.png"));
    }
};

QTEST_MAIN(UserGuideTest)
#include "user_guide_test.moc"
