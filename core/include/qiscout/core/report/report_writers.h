// SPDX-License-Identifier: GPL-3.0-or-later
// Renderings of a QiReport: JSON (docs/report.schema.json), CSV, HTML and the SVG charts the HTML
// embeds. PDF is rendered by the ui layer from the rich-text HTML flavour.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "qiscout/core/report/report.h"

namespace qiscout::core {

/// The version of the JSON layout; bumped when a field changes meaning or disappears.
inline constexpr int reportSchemaVersion = 2;

enum class ReportFormat { Html, Pdf, Json, Csv };

/// The format a file name asks for by its extension (.html .htm .pdf .json .csv, any case).
[[nodiscard]] std::optional<ReportFormat> reportFormatFor(const std::filesystem::path& path);

/// JSON text (UTF-8, 2-space indented, ends with a newline).
[[nodiscard]] std::string reportToJson(const QiReport& report);

/// CSV (RFC 4180, CRLF line ends): first the headline on every searched column together (#33),
/// then a blank line and one row per minimal set with size, columns ("; "-separated), isolated rows
/// and smallest class; after an anonymisation, a blank line and one row per protected column (see
/// report/report_protection_section.h); with record risk, a blank line and recordScoresCsv. Text cells are quoted, and
/// those a spreadsheet would take for a formula start with an apostrophe (OWASP's advice against CSV injection).
[[nodiscard]] std::string reportToCsv(const QiReport& report);

/// One row per record of an assessment (row, class_size, prosecutor_risk, suda_score,
/// dis_suda_score, individual_risk and, with weights, population_class_size; CRLF line ends),
/// numbers written so that they read back exactly: the Risk step's Export Scores.
[[nodiscard]] std::string recordScoresCsv(const RiskAssessment& risk);

/// The quasi-identifier table that reportToCsv starts with (header size,columns,isolated_rows,
/// smallest_class; CRLF line ends), for these sets in this order; `columnNames` is indexed by
/// table column. The GUI exports its filtered, sorted list through it.
[[nodiscard]] std::string minimalSetsCsv(std::span<const MinimalSet> sets, const std::vector<std::string>& columnNames);

/// The charts of a report. DisSudaScores and AttributeContributions belong to the record-level
/// risk section and say so when the report has none.
enum class ReportChart {
    MinimalSetsBySize,
    ColumnRanking,
    RecordsAtRisk,
    LatticeLevels,
    DisSudaScores,
    AttributeContributions,
};

/// One chart as a standalone SVG document (no scripts, no external resources).
[[nodiscard]] std::string reportChartSvg(const QiReport& report, ReportChart chart);

/// Resource name under which the rich-text HTML flavour refers to a chart image, e.g.
/// "qiscout-chart-records-at-risk.png".
[[nodiscard]] std::string reportChartResourceName(ReportChart chart);

/// A chart the rich-text HTML flavour refers to by its resource name, with its SVG document.
struct NamedChartSvg {
    std::string resourceName;
    std::string svg;
};

/// The distribution charts of the protection section's loss profiles (#34): per protected column,
/// before and as published, under the names its rich-text HTML gives them; none without a
/// protection section.
[[nodiscard]] std::vector<NamedChartSvg> lossProfileChartSvgs(const QiReport& report);

/// Resource name of the lattice picture in the rich-text HTML flavour.
inline constexpr std::string_view latticePictureResourceName = "qiscout-lattice.png";

enum class HtmlFlavor {
    /// One self-contained XHTML-compatible file: inline SVG charts, embedded CSS with print rules.
    Standalone,
    /// The subset Qt's QTextDocument renders: charts and lattice picture as <img> resources named by
    /// reportChartResourceName and latticePictureResourceName.
    RichText,
};

struct HtmlReportOptions {
    HtmlFlavor flavor = HtmlFlavor::Standalone;
    /// PNG bytes of a picture of the pruned lattice (from the GUI); without it the report shows
    /// the lattice level summary only. Standalone embeds it as a data URI; RichText refers to it.
    std::optional<std::string> latticePng;
};

[[nodiscard]] std::string reportToHtml(const QiReport& report, const HtmlReportOptions& options = {});

/// The bytes of a JSON, CSV or HTML report (chosen by `format`, which must not be Pdf).
[[nodiscard]] std::string renderReport(const QiReport& report, ReportFormat format,
                                       const HtmlReportOptions& htmlOptions = {});

/// Writes JSON, CSV or HTML to a file atomically (chosen by `format`, which must not be Pdf).
/// Throws FileWriteError, or OperationCancelled when stop is requested before the file is in place.
void writeReport(const std::filesystem::path& target, const QiReport& report, ReportFormat format,
                 const HtmlReportOptions& htmlOptions = {}, std::stop_token stop = {});

/// Standard base64 (RFC 4648) of bytes, for data URIs.
[[nodiscard]] std::string base64Encode(std::string_view bytes);

} // namespace qiscout::core
