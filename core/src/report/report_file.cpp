// SPDX-License-Identifier: GPL-3.0-or-later
#include <stdexcept>

#include "qiscout/core/io/output/atomic_file_writer.h"
#include "qiscout/core/report/report_writers.h"

namespace qiscout::core {

std::string renderReport(const QiReport& report, ReportFormat format, const HtmlReportOptions& htmlOptions)
{
    switch (format) {
    case ReportFormat::Html:
        return reportToHtml(report, htmlOptions);
    case ReportFormat::Json:
        return reportToJson(report);
    case ReportFormat::Csv:
        return reportToCsv(report);
    case ReportFormat::Pdf:
        break;
    }
    throw std::invalid_argument("PDF reports are written by the user interface layer (qiscout::ui).");
}

void writeReport(const std::filesystem::path& target, const QiReport& report, ReportFormat format,
                 const HtmlReportOptions& htmlOptions, std::stop_token stop)
{
    writeFileAtomically(target, renderReport(report, format, htmlOptions), std::move(stop));
}

} // namespace qiscout::core
