// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/report_export_dialog.h"

#include <exception>

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

#include "qiscout/core/report/report_writers.h"
#include "qiscout/ui/report_export.h"

#include "common/dialog_folder.h"

namespace qiscout::ui {
namespace {

struct ExportFilter {
    const char* filter;
    const char* extension;
};

constexpr ExportFilter exportFilters[] = {
    {"HTML report (*.html *.htm)", ".html"},
    {"PDF report (*.pdf)", ".pdf"},
    {"JSON data (*.json)", ".json"},
    {"CSV list of quasi-identifiers (*.csv)", ".csv"},
};

/// Restores the cursor however the export ends.
class WaitCursor {
public:
    WaitCursor() { QApplication::setOverrideCursor(Qt::WaitCursor); }
    ~WaitCursor() { QApplication::restoreOverrideCursor(); }
    WaitCursor(const WaitCursor&) = delete;
    WaitCursor& operator=(const WaitCursor&) = delete;
};

} // namespace

QString exportReportInteractively(QWidget* parent, const core::ReportInput& input, const QImage& latticePicture,
                                  const core::ReportOptions& options)
{
    QStringList filters;
    for (const ExportFilter& filter : exportFilters)
        filters << QString::fromLatin1(filter.filter);
    QString suggestion;
    if (input.table && !input.table->sourcePath.empty()) {
        const QFileInfo source(QString::fromStdString(input.table->sourcePath));
        suggestion =
            outputSuggestion(source.completeBaseName() + QStringLiteral("-report.html"), source.absolutePath());
    }
    QString selectedFilter = filters.front();
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export report"), suggestion,
                                                filters.join(QStringLiteral(";;")), &selectedFilter);
    if (path.isEmpty())
        return {};
    rememberDialogFolder(DialogFolder::Outputs, path);
    if (!core::reportFormatFor(path.toStdString())) {
        const auto chosen = filters.indexOf(selectedFilter);
        path += QString::fromLatin1(exportFilters[chosen >= 0 ? chosen : 0].extension);
        // A name completed here was not covered by the dialog's own overwrite question.
        if (QFileInfo::exists(path) &&
            QMessageBox::question(parent, QObject::tr("Export report"),
                                  QObject::tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
                QMessageBox::Yes)
            return {};
    }

    try {
        const WaitCursor wait;
        const core::QiReport report = core::buildReport(input, options);
        writeReportFile(path.toStdString(), report, latticePicture);
    } catch (const std::exception& error) {
        QMessageBox::critical(parent, QObject::tr("Export report"),
                              QObject::tr("The report was not written.\n\n%1").arg(QString::fromUtf8(error.what())));
        return {};
    }
    return path;
}

} // namespace qiscout::ui
