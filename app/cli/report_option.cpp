// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_option.h"

#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <string_view>

#include "qiscout/core/report/report_writers.h"
#include "qiscout/core/util/cancellation.h"

#include "command.h"

#ifdef QISCOUT_HAVE_PDF_REPORTS
#include "qiscout/ui/report_export.h"
#endif

namespace qiscout::cli {
namespace {

#ifdef QISCOUT_HAVE_PDF_REPORTS
constexpr bool pdfAvailable = true;
#else
constexpr bool pdfAvailable = false;
#endif

std::string checkReportPath(const std::string& path)
{
    const auto format = core::reportFormatFor(path);
    if (!format)
        return "cannot tell the report format of " + path + ": use .html, .htm, .pdf, .json or .csv";
    if (*format == core::ReportFormat::Pdf && !pdfAvailable)
        return "PDF reports need a " QISCOUT_PROGRAM " built with Qt; use .html, .json or .csv";
    return {};
}

} // namespace

void addReportOptions(CLI::App& scan, ReportRequest& request)
{
    scan.add_option("--report", request.outputs,
                    "Write a report to OUT; the extension picks the format: .html, .pdf, .json or .csv "
                    "(repeatable)")
        ->type_name("OUT")
        ->allow_extra_args(false)
        ->check(CLI::Validator(checkReportPath, "OUT", "report file"));
    scan.add_flag("--include-values", request.includeValues,
                  "List the riskiest rows in reports with their real values (redacted by default)");
}

int prepareReports(const ReportRequest& request, const core::ReportInput& input, OutputFiles& outputs,
                   std::stop_token stop)
{
    if (request.outputs.empty())
        return exitOk;
    core::ReportOptions options;
    options.includeValues = request.includeValues;
    const core::QiReport report = core::buildReport(input, options, stop);
    int status = exitOk;
    for (const std::string& output : request.outputs) {
        try {
            const auto format = core::reportFormatFor(output);
            if (!format)
                throw std::invalid_argument(checkReportPath(output));
#ifdef QISCOUT_HAVE_PDF_REPORTS
            if (*format == core::ReportFormat::Pdf) {
                // Only a PDF needs Qt Gui (fonts); it runs on the offscreen platform, without a display.
                const auto application = ui::ensureGuiApplication();
                const QByteArray pdf = ui::renderReportPdf(report);
                outputs.prepare(output, std::string_view(pdf.constData(), static_cast<std::size_t>(pdf.size())));
                continue;
            }
#endif
            outputs.prepare(output, core::renderReport(report, *format));
        } catch (const core::OperationCancelled&) {
            throw;
        } catch (const std::bad_alloc&) {
            throw;
        } catch (const std::exception& error) {
            std::cerr << QISCOUT_PROGRAM ": " << error.what() << '\n';
            status = exitInputError;
        }
    }
    return status;
}

int writeReports(const ReportRequest& request, const core::ReportInput& input, std::stop_token stop)
{
    OutputFiles outputs(stop);
    const int status = prepareReports(request, input, outputs, stop);
    if (!outputs.commit())
        return exitInputError;
    return status;
}

} // namespace qiscout::cli
