// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/ui/report_export.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextTable>
#include <QUrl>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/report/report_writers.h"

namespace qiscout::ui {
namespace {

// Rich text is laid out at 96 units per inch, the unit the HTML's pixel widths assume.
constexpr int layoutDpi = 96;
// Charts are rasterised at this multiple of their layout size so they stay sharp when printed.
constexpr double chartOversampling = 2.0;

constexpr const char* pdfStyleSheet = R"(
body { font-family: "DejaVu Sans"; font-size: 9pt; color: #1a1a1a; }
h1 { font-size: 16pt; margin-bottom: 2px; }
h2 { font-size: 13pt; color: #a93226; margin-top: 14px; margin-bottom: 6px; }
h3 { font-size: 10.5pt; margin-top: 10px; margin-bottom: 4px; }
p { margin-top: 3px; margin-bottom: 3px; }
th { background-color: #eeeeee; font-weight: bold; }
.meta { color: #555555; }
.note { color: #555555; font-size: 8pt; }
.redacted { color: #777777; font-style: italic; }
code { font-family: "DejaVu Sans Mono"; font-size: 8pt; }
)";

QImage renderSvg(const std::string& svg)
{
    QSvgRenderer renderer(QByteArray::fromStdString(svg));
    const QSize size = renderer.defaultSize();
    QImage image(QSize(qRound(size.width() * chartOversampling), qRound(size.height() * chartOversampling)),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    renderer.render(&painter);
    return image;
}

bool isHeading(const QTextBlock& block)
{
    return block.blockFormat().headingLevel() >= 2 && QTextCursor(block).currentTable() == nullptr;
}

bool holdsImage(const QTextBlock& block)
{
    for (auto fragment = block.begin(); !fragment.atEnd(); ++fragment)
        if (fragment.fragment().charFormat().isImageFormat())
            return true;
    return false;
}

/// Where a block's first line sits in the document: a line that would cross a page boundary is
/// moved below it, so this can lie a page after the block's own top.
double firstLineTop(const QTextDocument& document, const QTextBlock& block)
{
    const double top = document.documentLayout()->blockBoundingRect(block).top();
    const QTextLayout* layout = block.layout();
    return layout != nullptr && layout->lineCount() > 0 ? top + layout->lineAt(0).y() : top;
}

/// Where the section a heading opens starts showing something: the first line of its first table
/// or picture, or, in a section of text alone, of its first paragraph.
double contentTop(const QTextDocument& document, const QTextBlock& heading)
{
    QTextBlock firstParagraph;
    for (QTextBlock block = heading.next(); block.isValid() && !isHeading(block); block = block.next()) {
        if (QTextCursor(block).currentTable() != nullptr || holdsImage(block))
            return firstLineTop(document, block);
        if (!firstParagraph.isValid() && !block.text().isEmpty())
            firstParagraph = block;
    }
    return firstLineTop(document, firstParagraph.isValid() ? firstParagraph : heading);
}

/// QTextDocument has no "keep with next": a heading whose first table, picture or paragraph would
/// start on a later page moves to that page, so the explanation stays with what it explains.
void keepHeadingsWithContent(QTextDocument& document, double pageHeight)
{
    const auto pageOf = [pageHeight](double y) { return static_cast<long>(y / pageHeight); };
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (!isHeading(block))
            continue;
        const double top = document.documentLayout()->blockBoundingRect(block).top();
        const double content = contentTop(document, block);
        // A section whose explanation alone fills a page could not start together with its table anyway.
        if (pageOf(content) == pageOf(top) || content - top > pageHeight)
            continue;
        QTextBlockFormat format = block.blockFormat();
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).setBlockFormat(format);
        // Qt lays out again only around the changed block and leaves the blocks below it without
        // height (they vanished from the page): lay out everything below it before measuring on.
        document.markContentsDirty(block.position(), document.characterCount() - block.position());
        (void)document.pageCount();
    }
}

QByteArray pngBytes(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace

QByteArray renderReportPdf(const core::QiReport& report, const QImage& latticePicture)
{
    core::HtmlReportOptions options;
    options.flavor = core::HtmlFlavor::RichText;
    if (!latticePicture.isNull())
        options.latticePng = std::string();

    QByteArray pdf;
    QBuffer buffer(&pdf);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(layoutDpi);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(16, 14, 16, 12),
                                     QPageLayout::Millimeter));
    writer.setTitle(QStringLiteral("Quasi-identifier report: ") + QString::fromStdString(report.fileName));
    writer.setCreator(QStringLiteral("QIScout ") + QString::fromStdString(report.qiscoutVersion));

    QTextDocument document;
    document.documentLayout()->setPaintDevice(&writer);
    document.setDefaultStyleSheet(QString::fromLatin1(pdfStyleSheet));
    for (const core::ReportChart chart : {core::ReportChart::MinimalSetsBySize, core::ReportChart::ColumnRanking,
                                          core::ReportChart::RecordsAtRisk, core::ReportChart::LatticeLevels,
                                          core::ReportChart::DisSudaScores, core::ReportChart::AttributeContributions})
        document.addResource(QTextDocument::ImageResource,
                             QUrl(QString::fromStdString(core::reportChartResourceName(chart))),
                             renderSvg(core::reportChartSvg(report, chart)));
    for (const core::NamedChartSvg& chart : core::lossProfileChartSvgs(report))
        document.addResource(QTextDocument::ImageResource, QUrl(QString::fromStdString(chart.resourceName)),
                             renderSvg(chart.svg));
    if (!latticePicture.isNull())
        document.addResource(QTextDocument::ImageResource,
                             QUrl(QString::fromLatin1(core::latticePictureResourceName.data(),
                                                      static_cast<qsizetype>(core::latticePictureResourceName.size()))),
                             latticePicture);
    document.setHtml(QString::fromStdString(core::reportToHtml(report, options)));

    const QRect body = writer.pageLayout().paintRectPixels(layoutDpi);
    const QFont footerFont(QStringLiteral("DejaVu Sans"), 7);
    const int footerHeight = QFontMetrics(footerFont, &writer).height() * 2;
    const QSizeF pageSize(body.width(), body.height() - footerHeight);
    document.setPageSize(pageSize);
    keepHeadingsWithContent(document, pageSize.height());
    const int pages = document.pageCount();

    QPainter painter(&writer);
    const QString footerLeft = QStringLiteral("QIScout report: ") + QString::fromStdString(report.fileName) +
                               QStringLiteral(" (") + QString::fromStdString(report.generatedAt) + QStringLiteral(")");
    for (int page = 0; page < pages; ++page) {
        if (page > 0)
            writer.newPage();
        painter.save();
        const QRectF visible(0, page * pageSize.height(), pageSize.width(), pageSize.height());
        painter.translate(0, -visible.top());
        painter.setClipRect(visible);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = visible;
        document.documentLayout()->draw(&painter, context);
        painter.restore();

        painter.setFont(footerFont);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        const QRectF footer(0, pageSize.height() + footerHeight / 2.0, pageSize.width(), footerHeight / 2.0);
        painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, footerLeft);
        painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                         QStringLiteral("Page %1 of %2").arg(page + 1).arg(pages));
    }
    painter.end();
    return pdf;
}

void writeReportFile(const std::filesystem::path& target, const core::QiReport& report, const QImage& latticePicture)
{
    const auto format = core::reportFormatFor(target);
    if (!format)
        throw std::invalid_argument("Cannot tell the report format of " + target.string() +
                                    ": use .html, .htm, .pdf, .json or .csv.");
    if (*format == core::ReportFormat::Pdf) {
        const QByteArray pdf = renderReportPdf(report, latticePicture);
        core::writeFileAtomically(target, std::string_view(pdf.constData(), static_cast<std::size_t>(pdf.size())));
        return;
    }
    core::HtmlReportOptions options;
    if (!latticePicture.isNull())
        options.latticePng = pngBytes(latticePicture).toStdString();
    core::writeReport(target, report, *format, options);
}

std::unique_ptr<QGuiApplication> ensureGuiApplication()
{
    if (QCoreApplication::instance() != nullptr)
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // QGuiApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "qiscout-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

} // namespace qiscout::ui
