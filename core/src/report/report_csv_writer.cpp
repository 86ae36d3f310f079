// SPDX-License-Identifier: GPL-3.0-or-later
#include <array>
#include <charconv>

#include "qiscout/core/report/report_writers.h"

#include "report/report_protection_section.h"
#include "report/report_text.h"

namespace qiscout::core {
namespace {

// The shortest text that reads back as the same double ("0.5", "720", "0.0136986301369863").
std::string exactNumber(double value)
{
    std::array<char, 32> text{};
    const auto [end, error] = std::to_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() ? std::string(text.data(), end) : std::string();
}

/// A set's columns as one CSV cell: "age; zip; sex".
std::string columnsField(const ColumnSet& set, const std::vector<std::string>& columnNames)
{
    std::string columns;
    for (const std::string& name : columnLabels(set, columnNames)) {
        if (!columns.empty())
            columns += "; ";
        columns += name;
    }
    return csvField(columns);
}

/// The headline as the first table (#33): what every searched column together exposes, with those
/// columns named, before the quasi-identifiers that say where to coarsen first.
std::string allColumnsCsv(const QiReport& report)
{
    if (!report.allColumns)
        return {};
    const AllColumnsRisk& risk = *report.allColumns;
    return "all_columns,rows,rows_at_risk,share,smallest_class,classes\r\n" +
           columnsField(risk.columns, report.columnNames()) + "," + std::to_string(risk.rows) + "," +
           std::to_string(risk.rowsAtRisk) + "," + exactNumber(risk.share()) + "," +
           std::to_string(risk.smallestClass) + "," + std::to_string(risk.classes) + "\r\n\r\n";
}

} // namespace

std::string minimalSetsCsv(std::span<const MinimalSet> sets, const std::vector<std::string>& columnNames)
{
    std::string csv = "size,columns,isolated_rows,smallest_class\r\n";
    for (const MinimalSet& set : sets)
        csv += std::to_string(set.columns.size()) + "," + columnsField(set.columns, columnNames) + "," +
               std::to_string(set.isolatedRows) + "," + std::to_string(set.smallestClass) + "\r\n";
    return csv;
}

std::string reportToCsv(const QiReport& report)
{
    std::string csv = allColumnsCsv(report) + minimalSetsCsv(report.minimalSets, report.columnNames());
    if (report.protection)
        csv += protectionCsv(*report.protection);
    if (report.recordRisk)
        csv += "\r\n" + recordScoresCsv(*report.recordRisk->assessment);
    return csv;
}

std::string recordScoresCsv(const RiskAssessment& risk)
{
    const bool weighted = !risk.populationClassSizes.empty();
    std::string csv = "row,class_size,prosecutor_risk,suda_score,dis_suda_score,individual_risk";
    csv += weighted ? ",population_class_size\r\n" : "\r\n";
    for (std::uint32_t row = 0; row < risk.classSizes.size(); ++row) {
        csv += std::to_string(row + 1) + "," + std::to_string(risk.classSizes[row]) + "," +
               exactNumber(risk.prosecutorRisk[row]) + "," + exactNumber(risk.sudaScores[row]) + "," +
               exactNumber(risk.disSudaScores[row]) + "," + exactNumber(risk.individualRisk[row]);
        if (weighted)
            csv += "," + exactNumber(risk.populationClassSizes[row]);
        csv += "\r\n";
    }
    return csv;
}

} // namespace qiscout::core
