// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF quasi-identifier report (#6): it exists, paginates, and pdftotext finds the summary and
// every minimal set in it.
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

#include "qiscout/core/io/atomic_file_writer.h"
#include "qiscout/core/report/report.h"
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
        .replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
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
        const QString text = pdfText(path);
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
