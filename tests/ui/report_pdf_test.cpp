// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF quasi-identifier report (#6): it exists, paginates, and pdftotext finds the summary, every
// minimal set, and every heading and paragraph of the HTML report next to its table (#14).
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>

#include "qiscout/core/engines/search_engine.h"
#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"
#include "qiscout/ui/report_export.h"

#include "engines/brute_force_engine.h"
#include "support/worked_example.h"

using namespace qiscout::core;

namespace {

QiReport reportFor(std::shared_ptr<const EncodedTable> table, std::uint64_t k)
{
    SearchParameters parameters;
    parameters.k = k;
    parameters.threads = 1;
    NullObserver observer;
    ReportInput input;
    input.result = runBruteForce(*table, parameters, {}, observer);
    input.table = std::move(table);
    input.parameters = parameters;
    return buildReport(input);
}

std::shared_ptr<const EncodedTable> workedExample()
{
    return std::make_shared<const EncodedTable>(qiscout::core::testing::workedExample());
}

/// Ten columns over small alphabets: many minimal sets, so the PDF runs over several pages.
std::shared_ptr<const EncodedTable> wideTable()
{
    std::mt19937 random(5);
    std::vector<std::string> names;
    for (int c = 0; c < 10; ++c)
        names.push_back("column_" + std::to_string(c));
    std::vector<std::vector<std::string>> rows(300);
    for (auto& row : rows)
        for (int c = 0; c < 10; ++c)
            row.push_back("v" + std::to_string(random() % static_cast<unsigned>(2 + c % 4)));
    return std::make_shared<const EncodedTable>(encodeRows(names, rows));
}

/// pdftotext's text with every run of whitespace collapsed to one space; empty when unavailable.
/// Pages are separated by a form feed before collapsing, so the text can be split into pages first.
QString pdfText(const QString& pdfPath)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
                  {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdfPath, QStringLiteral("-")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return {};
    // The PDF keeps the font's ligature glyphs (fi, fl, ...); pdftotext reports them as one character.
    return QString::fromUtf8(process.readAllStandardOutput())
        .replace(QChar(0xFB00), QStringLiteral("ff"))
        .replace(QChar(0xFB01), QStringLiteral("fi"))
        .replace(QChar(0xFB02), QStringLiteral("fl"))
        .replace(QChar(0xFB03), QStringLiteral("ffi"))
        .replace(QChar(0xFB04), QStringLiteral("ffl"))
        .replace(QRegularExpression(QStringLiteral("[ \\t\\r\\n]+")), QStringLiteral(" "));
}

/// Text without whitespace and hyphens: pdftotext joins a word broken after a hyphen at a line end
/// ("marital-" / "status" reads "maritalstatus"), so only the other characters compare reliably.
QString withoutSpaces(QString text)
{
    return text.remove(QRegularExpression(QStringLiteral("[\\s-]")));
}

/// The text of each page of a PDF, without whitespace and without the page footer, so that a
/// paragraph running over a page break still reads as one.
QStringList pdfPages(const QString& pdfPath)
{
    static const QRegularExpression footer(QStringLiteral("QIScoutreport:.*Page\\d+of\\d+"),
                                           QRegularExpression::InvertedGreedinessOption);
    QStringList pages = pdfText(pdfPath).split(QChar(0x0C));
    for (QString& page : pages)
        page = withoutSpaces(page).remove(footer);
    return pages;
}

QString collapsed(const std::string& text)
{
    return QString::fromStdString(text).replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

} // namespace

class ReportPdfTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pdfContainsSummaryAndEveryMinimalSet_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("worked example") << 0;
        QTest::newRow("ten columns, several pages") << 1;
    }

    void pdfContainsSummaryAndEveryMinimalSet()
    {
        QFETCH(int, which);
        const QiReport report = which == 0 ? reportFor(workedExample(), 1) : reportFor(wideTable(), 1);
        QVERIFY(!report.minimalSets.empty());
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString path = folder.filePath(QStringLiteral("report.pdf"));
        QImage lattice(400, 200, QImage::Format_RGB32);
        lattice.fill(Qt::white);
        qiscout::ui::writeReportFile(path.toStdString(), report, lattice);

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);

        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext is not installed");
        const QString text = pdfText(path).replace(QChar(0x0C), QLatin1Char(' '));
        QVERIFY(!text.isEmpty());
        for (const std::string& sentence : report.summary)
            QVERIFY2(text.contains(collapsed(sentence)), sentence.c_str());
        for (const MinimalSet& set : report.minimalSets) {
            std::string names;
            for (const std::string& name : report.namesOf(set.columns))
                names += (names.empty() ? "" : ", ") + name;
            QVERIFY2(text.contains(QString::fromStdString(names)), names.c_str());
        }
        QVERIFY(text.contains(QStringLiteral("Page 1 of ")));
        if (which == 1)
            QVERIFY(text.contains(QStringLiteral("Page 3 of ")));
    }

    void everyHeadingAndParagraphIsInThePdfNextToItsTable()
    {
        // On adult.csv at k = 5 the PDF lost two section headings, their explanations and the
        // glossary, and tables started a page after their explanation.
        auto table = std::make_shared<const EncodedTable>(loadTable(QISCOUT_SOURCE_DIR "/resources/samples/adult.csv"));
        SearchParameters parameters;
        parameters.k = 5;
        NullObserver observer;
        ReportInput input;
        input.result = runSearch(*table, parameters, Algorithm::Auto, std::stop_token{}, observer);
        input.table = std::move(table);
        input.parameters = parameters;
        const QiReport report = buildReport(input);
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("report.pdf"));
        QImage lattice(1200, 600, QImage::Format_RGB32);
        lattice.fill(Qt::white);
        qiscout::ui::writeReportFile(path.toStdString(), report, lattice);
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("pdftotext is not installed");
        const QStringList pages = pdfPages(path);
        QVERIFY(pages.size() > 3);
        const QString whole = pages.join(QString());

        // The HTML the PDF is laid out from, read element by element in document order.
        HtmlReportOptions options;
        options.flavor = HtmlFlavor::RichText;
        options.latticePng = std::string();
        const QString html = QString::fromStdString(reportToHtml(report, options));
        static const QRegularExpression element(QStringLiteral("<(h[1-3]|p|th|dt|dd)\\b[^>]*>(.*?)</\\1>"),
                                                QRegularExpression::DotMatchesEverythingOption);
        int headings = 0;
        int headingPage = 0;
        bool tableSeen = true;
        for (auto match = element.globalMatch(html); match.hasNext();) {
            const auto found = match.next();
            const QString tag = found.captured(1);
            const QString text = withoutSpaces(QTextDocumentFragment::fromHtml(found.captured(2)).toPlainText());
            if (text.isEmpty())
                continue;
            if (tag.startsWith(QLatin1Char('h'))) {
                ++headings;
                while (headingPage < pages.size() && !pages.at(headingPage).contains(text))
                    ++headingPage;
                QVERIFY2(headingPage < pages.size(), qPrintable(QStringLiteral("heading missing: ") + text));
                tableSeen = false;
            } else if (tag == QLatin1String("th")) {
                // The first column title of a section's first table is on the page of its heading.
                if (!tableSeen)
                    QVERIFY2(
                        pages.at(headingPage).contains(text),
                        qPrintable(
                            QStringLiteral("'%1' is not on page %2 with its heading").arg(text).arg(headingPage + 1)));
                tableSeen = true;
            } else {
                QVERIFY2(whole.contains(text), qPrintable(QStringLiteral("text missing: ") + text));
            }
        }
        QVERIFY(headings >= 10);
    }

    void unwritableTargetIsAnErrorAndLeavesNoFile()
    {
        const QiReport report = reportFor(workedExample(), 1);
        QTemporaryDir folder;
        const QString blocker = folder.filePath(QStringLiteral("plain-file"));
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const std::filesystem::path target = blocker.toStdString() + "/report.pdf";
        bool failed = false;
        try {
            qiscout::ui::writeReportFile(target, report);
        } catch (const FileWriteError& error) {
            failed = std::string(error.what()).find(target.string()) != std::string::npos;
        }
        QVERIFY(failed);
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void unknownExtensionIsRejected()
    {
        const QiReport report = reportFor(workedExample(), 1);
        QTemporaryDir folder;
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            qiscout::ui::writeReportFile(folder.filePath(QStringLiteral("report.txt")).toStdString(), report));
        QVERIFY(QDir(folder.path()).isEmpty());
    }
};

QTEST_MAIN(ReportPdfTest)
#include "report_pdf_test.moc"
