// SPDX-License-Identifier: GPL-3.0-or-later
// The report's charts as small, dependency-free SVG documents: the standalone HTML inlines them
// and the PDF renders them to images, so both show the same pictures.
#include "report/report_charts.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "qiscout/core/report/report_writers.h"

#include "report/report_text.h"

namespace qiscout::core {
namespace {

constexpr int chartWidth = 640;
constexpr int rowHeight = 22;
constexpr int titleHeight = 30;
constexpr const char* fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif";

struct Bar {
    std::string label;
    std::uint64_t value = 0;
    std::string valueText;
};

std::string number(double value)
{
    return fixedDecimals(value, 1);
}

std::string svgOpen(int height, const std::string& title)
{
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(chartWidth) +
                      "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(chartWidth) + " " +
                      std::to_string(height) + "\" role=\"img\" font-family=\"" + fontFamily + "\" font-size=\"12\">";
    svg += "<title>" + escapeXml(title) + "</title>";
    svg += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(chartWidth) + "\" height=\"" + std::to_string(height) +
           "\" fill=\"#ffffff\"/>";
    svg +=
        "<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\" fill=\"#1a1a1a\">" + escapeXml(title) + "</text>";
    return svg;
}

std::string truncated(const std::string& label, std::size_t limit)
{
    if (label.size() <= limit)
        return label;
    std::size_t cut = limit - 1;
    // Never cut inside a UTF-8 sequence.
    while (cut > 0 && (static_cast<unsigned char>(label[cut]) & 0xC0U) == 0x80U)
        --cut;
    return label.substr(0, cut) + "\xE2\x80\xA6";
}

/// Horizontal bars: long labels (column names) stay readable and the chart grows downwards.
std::string horizontalBars(const std::string& title, const std::vector<Bar>& bars, const std::string& colour,
                           const std::string& emptyText)
{
    const int height = titleHeight + std::max<int>(1, static_cast<int>(bars.size())) * rowHeight + 12;
    std::string svg = svgOpen(height, title);
    if (bars.empty()) {
        svg += "<text x=\"8\" y=\"" + std::to_string(titleHeight + 15) + "\" fill=\"#555555\">" + escapeXml(emptyText) +
               "</text></svg>";
        return svg;
    }
    constexpr double labelWidth = 190.0;
    constexpr double valueWidth = 90.0;
    const double plotWidth = chartWidth - labelWidth - valueWidth - 16.0;
    std::uint64_t largest = 1;
    for (const Bar& bar : bars)
        largest = std::max(largest, bar.value);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const double top = titleHeight + static_cast<double>(i) * rowHeight;
        const double length =
            bars[i].value == 0
                ? 0.0
                : std::max(1.5, plotWidth * static_cast<double>(bars[i].value) / static_cast<double>(largest));
        svg += "<text x=\"" + number(labelWidth - 6.0) + "\" y=\"" + number(top + 15.0) +
               "\" text-anchor=\"end\" fill=\"#1a1a1a\">" + escapeXml(truncated(bars[i].label, 28)) + "</text>";
        svg += "<rect x=\"" + number(labelWidth) + "\" y=\"" + number(top + 3.0) + "\" width=\"" + number(length) +
               "\" height=\"" + std::to_string(rowHeight - 6) + "\" fill=\"" + colour + "\"/>";
        svg += "<text x=\"" + number(labelWidth + length + 6.0) + "\" y=\"" + number(top + 15.0) +
               "\" fill=\"#1a1a1a\">" + escapeXml(bars[i].valueText) + "</text>";
    }
    svg += "<line x1=\"" + number(labelWidth) + "\" y1=\"" + std::to_string(titleHeight) + "\" x2=\"" +
           number(labelWidth) + "\" y2=\"" + number(titleHeight + static_cast<double>(bars.size()) * rowHeight) +
           "\" stroke=\"#777777\" stroke-width=\"1\"/>";
    svg += "</svg>";
    return svg;
}

std::string minimalSetsBySize(const QiReport& report)
{
    std::vector<Bar> bars;
    for (const LatticeLevel& level : report.latticeLevels) {
        if (level.minimalSets == 0)
            continue;
        bars.push_back({std::to_string(level.size) + (level.size == 1 ? " column" : " columns"), level.minimalSets,
                        groupDigits(level.minimalSets)});
    }
    return horizontalBars("Quasi-identifiers by number of columns", bars, "#c0392b",
                          "No combination of columns isolates a row.");
}

std::string columnRanking(const QiReport& report)
{
    constexpr std::size_t shown = 20;
    std::vector<Bar> bars;
    for (const ColumnRank& rank : report.columnRanking) {
        if (bars.size() == shown || rank.minimalSets == 0)
            break;
        bars.push_back({report.columns[static_cast<std::size_t>(rank.column)].name, rank.minimalSets,
                        groupDigits(rank.minimalSets)});
    }
    std::string title = "Quasi-identifiers each column belongs to";
    if (bars.size() == shown)
        title += " (top " + std::to_string(shown) + ")";
    return horizontalBars(title, bars, "#d35400", "No column is part of a quasi-identifier.");
}

std::string recordsAtRisk(const QiReport& report)
{
    const auto& histogram = report.recordsAtRisk.histogram;
    std::vector<Bar> bars;
    const auto label = [](std::uint64_t from, std::uint64_t to) {
        const std::string range =
            from == to ? std::to_string(from) : std::to_string(from) + "\xE2\x80\x93" + std::to_string(to);
        return range + (to == 1 ? " quasi-identifier" : " quasi-identifiers");
    };
    std::uint64_t largest = 0;
    for (const RiskBin& bin : histogram)
        largest = std::max(largest, bin.isolatingSets);
    constexpr std::uint64_t maxBins = 15;
    const std::uint64_t width = largest <= maxBins ? 1 : (largest + maxBins - 1) / maxBins;
    std::vector<std::uint64_t> rows(static_cast<std::size_t>(largest / width) + 2, 0);
    for (const RiskBin& bin : histogram)
        rows[bin.isolatingSets == 0 ? 0 : static_cast<std::size_t>((bin.isolatingSets - 1) / width) + 1] += bin.rows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::uint64_t from = i == 0 ? 0 : (i - 1) * width + 1;
        const std::uint64_t to = i == 0 ? 0 : std::min<std::uint64_t>(i * width, largest);
        if (from > largest && i > 0)
            break;
        bars.push_back({label(from, to), rows[i], groupDigits(rows[i]) + " (" + percentOf(rows[i], report.rows) + ")"});
    }
    return horizontalBars("Rows by how many quasi-identifiers isolate them", bars, "#2c7fb8", "The table has no rows.");
}

std::string latticeLevels(const QiReport& report)
{
    const auto& levels = report.latticeLevels;
    const int height = titleHeight + std::max<int>(1, static_cast<int>(levels.size())) * rowHeight + 36;
    std::string svg = svgOpen(height, "Column combinations by size: isolating (red) and safe (green)");
    constexpr double labelWidth = 90.0;
    constexpr double plotWidth = 200.0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const LatticeLevel& level = levels[i];
        const double top = titleHeight + static_cast<double>(i) * rowHeight;
        svg += "<text x=\"" + number(labelWidth - 6.0) + "\" y=\"" + number(top + 15.0) +
               "\" text-anchor=\"end\" fill=\"#1a1a1a\">" + std::to_string(level.size) +
               (level.size == 1 ? " column" : " columns") + "</text>";
        std::string detail;
        if (!level.explored) {
            svg += "<rect x=\"" + number(labelWidth) + "\" y=\"" + number(top + 3.0) + "\" width=\"" +
                   number(plotWidth) + "\" height=\"" + std::to_string(rowHeight - 6) +
                   "\" fill=\"#e0e0e0\" stroke=\"#bbbbbb\"/>";
            detail = "not searched";
        } else if (level.vulnerableSets) {
            const double share =
                level.sets == 0 ? 0.0 : static_cast<double>(*level.vulnerableSets) / static_cast<double>(level.sets);
            const double red = plotWidth * share;
            svg += "<rect x=\"" + number(labelWidth) + "\" y=\"" + number(top + 3.0) + "\" width=\"" + number(red) +
                   "\" height=\"" + std::to_string(rowHeight - 6) + "\" fill=\"#c0392b\"/>";
            svg += "<rect x=\"" + number(labelWidth + red) + "\" y=\"" + number(top + 3.0) + "\" width=\"" +
                   number(plotWidth - red) + "\" height=\"" + std::to_string(rowHeight - 6) + "\" fill=\"#27ae60\"/>";
            detail = percentOf(*level.vulnerableSets, level.sets) + " isolating";
        } else {
            svg += "<rect x=\"" + number(labelWidth) + "\" y=\"" + number(top + 3.0) + "\" width=\"" +
                   number(plotWidth) + "\" height=\"" + std::to_string(rowHeight - 6) +
                   "\" fill=\"#f4f4f4\" stroke=\"#bbbbbb\"/>";
        }
        detail +=
            ", " + groupDigits(level.minimalSets) + " minimal, " + groupDigits(level.maximalSafeSets) + " maximal safe";
        svg += "<text x=\"" + number(labelWidth + plotWidth + 8.0) + "\" y=\"" + number(top + 15.0) +
               "\" fill=\"#1a1a1a\" font-size=\"11\">" + escapeXml(detail) + "</text>";
    }
    const double legendTop = titleHeight + static_cast<double>(levels.size()) * rowHeight + 14.0;
    svg += "<text x=\"8\" y=\"" + number(legendTop + 8.0) + "\" fill=\"#555555\" font-size=\"11\">" +
           escapeXml("Each bar is one level of the lattice of column combinations; a red share contains a "
                     "quasi-identifier.") +
           "</text>";
    svg += "</svg>";
    return svg;
}

std::string disSudaScores(const QiReport& report)
{
    std::vector<Bar> bars;
    if (report.recordRisk) {
        for (const RiskHistogramBin& bin : report.recordRisk->disSudaScores.bins) {
            std::string label = bin.upper == 0 ? "0"
                                : std::isinf(bin.upper)
                                    ? "above " + fixedDecimals(bin.lower, 1)
                                    : fixedDecimals(bin.lower, 1) + "\xE2\x80\x93" + fixedDecimals(bin.upper, 1);
            bars.push_back(
                {label, bin.records, groupDigits(bin.records) + " (" + percentOf(bin.records, report.rows) + ")"});
        }
    }
    return horizontalBars("Records by DIS-SUDA score", bars, "#8e44ad", "No record-level risk was assessed.");
}

std::string attributeContributions(const QiReport& report)
{
    std::vector<Bar> bars;
    if (report.recordRisk) {
        const RiskAssessment& risk = *report.recordRisk->assessment;
        for (std::size_t key = 0; key < risk.keyColumns.size(); ++key) {
            const double percent = risk.suda.attributeContributions[key];
            bars.push_back({report.columns[static_cast<std::size_t>(risk.keyColumns[key])].name,
                            static_cast<std::uint64_t>(std::llround(percent * 100)), fixedDecimals(percent, 1) + "%"});
        }
    }
    return horizontalBars("Share of the SUDA scores each key column takes part in", bars, "#16a085",
                          "No record-level risk was assessed.");
}

} // namespace

std::string reportChartSvg(const QiReport& report, ReportChart chart)
{
    switch (chart) {
    case ReportChart::MinimalSetsBySize:
        return minimalSetsBySize(report);
    case ReportChart::ColumnRanking:
        return columnRanking(report);
    case ReportChart::RecordsAtRisk:
        return recordsAtRisk(report);
    case ReportChart::LatticeLevels:
        return latticeLevels(report);
    case ReportChart::DisSudaScores:
        return disSudaScores(report);
    case ReportChart::AttributeContributions:
        break;
    }
    return attributeContributions(report);
}

std::string distributionChartSvg(const std::string& title, const std::vector<DistributionBar>& bars)
{
    std::vector<Bar> shown;
    for (const DistributionBar& bar : bars)
        shown.push_back({bar.label, bar.rows, groupDigits(bar.rows)});
    return horizontalBars(title, shown, "#0072b2", "No rows.");
}

std::string reportChartResourceName(ReportChart chart)
{
    switch (chart) {
    case ReportChart::MinimalSetsBySize:
        return "qiscout-chart-minimal-sets-by-size.png";
    case ReportChart::ColumnRanking:
        return "qiscout-chart-column-ranking.png";
    case ReportChart::RecordsAtRisk:
        return "qiscout-chart-records-at-risk.png";
    case ReportChart::LatticeLevels:
        return "qiscout-chart-lattice-levels.png";
    case ReportChart::DisSudaScores:
        return "qiscout-chart-dis-suda-scores.png";
    case ReportChart::AttributeContributions:
        break;
    }
    return "qiscout-chart-attribute-contributions.png";
}

} // namespace qiscout::core
