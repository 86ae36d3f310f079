// SPDX-License-Identifier: GPL-3.0-or-later
#include <stdexcept>

#include "qiscout/core/io/atomic_file_writer.h"
#include "qiscout/core/report/report_writers.h"

namespace qiscout::core {

void writeReport(const std::filesystem::path& target, const QiReport& report, ReportFormat format,
                 const HtmlReportOptions& htmlOptions)
{
    switch (format) {
    case ReportFormat::Html:
        writeFileAtomically(target, reportToHtml(report, htmlOptions));
        return;
    case ReportFormat::Json:
        writeFileAtomically(target, reportToJson(report));
        return;
    case ReportFormat::Csv:
        writeFileAtomically(target, reportToCsv(report));
        return;
    case ReportFormat::Pdf:
        break;
    }
    throw std::invalid_argument("PDF reports are written by the user interface layer (qiscout::ui).");
}

} // namespace qiscout::core
