// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/report_protection_section.h"

#include "qiscout/core/report/report.h"
#include "qiscout/core/report/report_writers.h"

#include "report/report_charts.h"
#include "report/report_text.h"

namespace qiscout::core {
namespace {

using Json = nlohmann::ordered_json;

Json countJson(const QuasiIdentifierCount& count)
{
    return {{"quasi_identifiers", count.quasiIdentifiers}, {"rows_at_risk", count.rowsAtRisk}, {"rows", count.rows}};
}

std::string metricText(double value)
{
    return fixedDecimals(value, 4);
}

Json numbersJson(const std::optional<NumberSummary>& summary)
{
    if (!summary)
        return nullptr;
    return {{"count", summary->count},
            {"mean", summary->mean},
            {"standard_deviation", summary->standardDeviation},
            {"minimum", summary->minimum},
            {"lower_quartile", summary->lowerQuartile},
            {"median", summary->median},
            {"upper_quartile", summary->upperQuartile},
            {"maximum", summary->maximum}};
}

Json barsJson(const std::vector<DistributionBar>& bars)
{
    Json array = Json::array();
    for (const DistributionBar& bar : bars)
        array.push_back({{"value", bar.label}, {"rows", bar.rows}});
    return array;
}

Json lossProfileJson(const std::optional<ColumnLossProfile>& profile)
{
    if (!profile)
        return nullptr;
    return {{"rows", profile->rows},
            {"cells_changed", profile->cellsChanged},
            {"cells_suppressed", profile->cellsSuppressed},
            {"before", barsJson(profile->before)},
            {"after", barsJson(profile->after)},
            {"numbers_before", numbersJson(profile->numbersBefore)},
            {"numbers_after", numbersJson(profile->numbersAfter)}};
}

/// A summary's numbers as the report prints them: four significant digits.
std::vector<std::string> summaryCells(const std::optional<NumberSummary>& summary)
{
    if (!summary)
        return {"0", "-", "-", "-", "-", "-", "-", "-"};
    return {groupDigits(summary->count),
            fourSignificant(summary->mean),
            fourSignificant(summary->standardDeviation),
            fourSignificant(summary->minimum),
            fourSignificant(summary->lowerQuartile),
            fourSignificant(summary->median),
            fourSignificant(summary->upperQuartile),
            fourSignificant(summary->maximum)};
}

/// The resource name of a protected column's distribution chart in the rich-text flavour.
std::string lossProfileChartResourceName(std::size_t column, bool after)
{
    return "qiscout-loss-" + std::to_string(column) + (after ? "-after.png" : "-before.png");
}

std::string lossProfileChartTitle(const ProtectedColumnReport& column, bool after)
{
    return column.name + (after ? " as published" : " before");
}

/// "What was lost, as data" (#34): per column the share of cells changed or suppressed, the
/// numbers' summary and the distributions, as charts in HTML and as tables in the rich text (PDF).
std::string lossProfileHtml(const ProtectionReport& protection, bool richText, const std::string& tableOpen)
{
    const auto number = [](const std::string& text) {
        return "<td class=\"num\" align=\"right\">" + escapeXml(text) + "</td>";
    };
    std::string html =
        "<h3>What was lost, as data</h3>\n<p>For each protected column: the share of its cells published changed "
        "or suppressed (*), the summary of its numbers before and after, and its distribution before (the original "
        "values, neighbouring numbers merged when there are many) and after (the published categories, * last). "
        "After protection the numbers are the published cells that are numbers, each interval counted as its "
        "midpoint; * and other text are left out. Standard deviations divide by n - 1; quartiles interpolate "
        "between the sorted values.</p>\n";
    html += tableOpen + "<thead><tr><th>Column</th><th class=\"num\">Cells changed</th><th class=\"num\">Cells "
                        "suppressed</th></tr></thead><tbody>\n";
    for (const ProtectedColumnReport& column : protection.columns)
        if (column.lossProfile)
            html += "<tr><td>" + escapeXml(column.name) + "</td>" +
                    number(percentOf(column.lossProfile->cellsChanged, column.lossProfile->rows)) +
                    number(percentOf(column.lossProfile->cellsSuppressed, column.lossProfile->rows)) + "</tr>\n";
    html += "</tbody></table>\n";
    bool anyNumbers = false;
    for (const ProtectedColumnReport& column : protection.columns)
        anyNumbers = anyNumbers || (column.lossProfile && column.lossProfile->numbersBefore);
    if (anyNumbers) {
        html += "<h4>Numbers before and after</h4>\n" + tableOpen +
                "<thead><tr><th>Column</th><th></th><th class=\"num\">Numbers</th><th class=\"num\">Mean</th><th "
                "class=\"num\">Std. deviation</th><th class=\"num\">Minimum</th><th class=\"num\">Lower "
                "quartile</th><th class=\"num\">Median</th><th class=\"num\">Upper quartile</th><th "
                "class=\"num\">Maximum</th></tr></thead><tbody>\n";
        for (const ProtectedColumnReport& column : protection.columns) {
            if (!column.lossProfile || !column.lossProfile->numbersBefore)
                continue;
            for (const auto& [side, summary] : {std::pair{"before", &column.lossProfile->numbersBefore},
                                                std::pair{"after", &column.lossProfile->numbersAfter}}) {
                html += "<tr><td>" + escapeXml(column.name) + "</td><td>" + side + "</td>";
                for (const std::string& cell : summaryCells(*summary))
                    html += number(cell);
                html += "</tr>\n";
            }
        }
        html += "</tbody></table>\n";
    }
    for (std::size_t q = 0; q < protection.columns.size(); ++q) {
        const ProtectedColumnReport& column = protection.columns[q];
        if (!column.lossProfile)
            continue;
        html += "<h4>" + escapeXml(column.name) + ": distribution before and after</h4>\n";
        if (!richText) {
            html += "<div class=\"chart\">" +
                    distributionChartSvg(lossProfileChartTitle(column, false), column.lossProfile->before) +
                    "</div>\n<div class=\"chart\">" +
                    distributionChartSvg(lossProfileChartTitle(column, true), column.lossProfile->after) + "</div>\n";
            continue;
        }
        // Qt's rich text draws no SVG: the PDF writer renders lossProfileChartSvgs under these names.
        html += "<table border=\"0\" cellpadding=\"2\"><tr>";
        for (const bool after : {false, true})
            html += "<td><img src=\"" + lossProfileChartResourceName(q, after) + "\" width=\"300\" alt=\"" +
                    escapeXml(lossProfileChartTitle(column, after)) + "\"/></td>";
        html += "</tr></table>\n";
    }
    return html;
}

} // namespace

std::vector<NamedChartSvg> lossProfileChartSvgs(const QiReport& report)
{
    std::vector<NamedChartSvg> charts;
    if (!report.protection)
        return charts;
    for (std::size_t q = 0; q < report.protection->columns.size(); ++q) {
        const ProtectedColumnReport& column = report.protection->columns[q];
        if (!column.lossProfile)
            continue;
        for (const bool after : {false, true})
            charts.push_back({lossProfileChartResourceName(q, after),
                              distributionChartSvg(lossProfileChartTitle(column, after),
                                                   after ? column.lossProfile->after : column.lossProfile->before)});
    }
    return charts;
}

nlohmann::ordered_json protectionJson(const ProtectionReport& protection)
{
    const auto orNull = [](const auto& value) { return value ? Json(*value) : Json(nullptr); };
    Json columns = Json::array();
    for (const ProtectedColumnReport& column : protection.columns)
        columns.push_back({{"column", column.name},
                           {"hierarchy", column.hierarchySource},
                           {"height", orNull(column.height)},
                           {"level", orNull(column.level)},
                           {"distinct_before", column.distinctBefore},
                           {"distinct_after", column.distinctAfter},
                           {"metric_value", orNull(column.metricValue)},
                           {"suppressed_cells", orNull(column.suppressedCells)},
                           {"loss_profile", lossProfileJson(column.lossProfile)}});
    const auto* lattice = std::get_if<LatticeSearchFacts>(&protection.method);
    const auto* dl = std::get_if<DlInferenceFacts>(&protection.method);
    return {{"summary", protection.summary()},
            {"method", lattice ? "lattice" : "dl-inference"},
            {"privacy_models", protection.privacyModels},
            {"suppression_limit", lattice ? Json(lattice->suppressionLimit) : Json(nullptr)},
            {"suppression_limit_rows", lattice ? Json(lattice->suppressionLimitRows) : Json(nullptr)},
            {"suppressed_rows", protection.suppressedRows},
            {"metric", protection.metric},
            {"metric_value", protection.metricValue},
            {"classes", protection.classes},
            {"globally_optimal", lattice ? Json(lattice->globallyOptimal) : Json(nullptr)},
            {"optimal", lattice ? Json(lattice->globallyOptimal) : Json(nullptr)},
            {"lower_bound", lattice && lattice->lowerBound ? Json(*lattice->lowerBound) : Json(nullptr)},
            {"lattice",
             lattice ? Json{{"size", lattice->latticeSize},
                            {"checked", lattice->transformationsChecked},
                            {"tagged", lattice->transformationsTagged},
                            {"minimal_transformations",
                             lattice->minimalTransformations ? Json(*lattice->minimalTransformations) : Json(nullptr)}}
                     : Json(nullptr)},
            {"dl_inference", dl ? Json{{"heuristic", dl->heuristic},
                                       {"removed_by_grouping", dl->removedByGrouping},
                                       {"removed_by_group_size", dl->removedByGroupSize}}
                                : Json(nullptr)},
            {"search_seconds", protection.searchSeconds},
            {"columns", std::move(columns)},
            {"verification_k", protection.verificationK},
            {"before", countJson(protection.before)},
            {"after", countJson(protection.after)},
            {"output_path", protection.outputPath.empty() ? Json(nullptr) : Json(protection.outputPath)},
            {"suppressed_rows_in_file", protection.suppressedRowsLeftOut
                                            ? Json(*protection.suppressedRowsLeftOut ? "left out" : "kept as *")
                                            : Json(nullptr)}};
}

std::string protectionHtml(const ProtectionReport& protection, bool richText)
{
    const auto tableOpen = [richText] {
        return std::string(richText ? "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" "
                                      "style=\"border-collapse: collapse\">"
                                    : "<table class=\"keep\">");
    };
    const auto number = [](const std::string& text) {
        return "<td class=\"num\" align=\"right\">" + escapeXml(text) + "</td>";
    };
    std::string html = "<h2 id=\"protection\">Protection applied</h2>\n";
    html += richText ? "<table border=\"0\" cellpadding=\"8\" width=\"100%\" bgcolor=\"#eef8f1\"><tr><td>\n"
                     : "<div class=\"summary safe\">\n";
    for (const std::string& sentence : protection.summary())
        html += "<p>" + escapeXml(sentence) + "</p>\n";
    html += richText ? "</td></tr></table>\n" : "</div>\n";

    std::string models;
    for (const std::string& model : protection.privacyModels)
        models += (models.empty() ? "" : ", ") + model;
    const auto* lattice = std::get_if<LatticeSearchFacts>(&protection.method);
    const auto* dl = std::get_if<DlInferenceFacts>(&protection.method);
    const std::string withheld =
        groupDigits(protection.suppressedRows) + " of " + groupDigits(protection.rows) + " rows";
    std::vector<std::pair<std::string, std::string>> facts{{"Privacy models", models}};
    if (lattice)
        facts.emplace_back("Suppression", withheld + " (limit " + groupDigits(lattice->suppressionLimitRows) + ", " +
                                              percentOf(lattice->suppressionLimitRows, protection.rows) + ")");
    else
        facts.emplace_back("Rows left out", withheld + " (" + groupDigits(dl->removedByGrouping) +
                                                " by the grouping, " + groupDigits(dl->removedByGroupSize) +
                                                " by group size or equal cells)");
    if (!protection.columns.empty() && protection.columns.front().suppressedCells) {
        std::string cells;
        for (const ProtectedColumnReport& column : protection.columns)
            cells += (cells.empty() ? "" : ", ") + column.name + " " + groupDigits(*column.suppressedCells);
        facts.emplace_back("Local suppression", "cells written * (matching any value): " + cells);
    }
    facts.emplace_back(
        "Information loss",
        protection.metric + " = " + metricText(protection.metricValue) +
            (lattice && !lattice->globallyOptimal
                 ? std::string(lattice->unprovenBecause == UnprovenBecause::LatticeTooLarge ? " (heuristic search"
                               : lattice->unprovenBecause == UnprovenBecause::TimeLimit     ? " (time limit reached"
                                                                                            : " (search stopped") +
                       ": not proven optimal" +
                       (lattice->lowerBound ? "; no acceptable transformation below " + metricText(*lattice->lowerBound)
                                            : std::string()) +
                       ")"
                 : std::string()));
    facts.emplace_back(lattice ? "Equivalence classes" : "QI-groups", groupDigits(protection.classes));
    if (lattice)
        facts.emplace_back("Coarsenings compared",
                           groupDigits(lattice->latticeSize) + " possible, " +
                               groupDigits(lattice->transformationsChecked) + " checked, " +
                               groupDigits(lattice->transformationsTagged) + " decided from those without a check" +
                               (lattice->minimalTransformations
                                    ? ", " + groupDigits(*lattice->minimalTransformations) + " minimal acceptable"
                                    : std::string()));
    else
        facts.emplace_back("Grouping", dl->heuristic + " phase 1, (d, l)-inference's own generalisation");
    facts.emplace_back("Protected file", protection.outputPath.empty() ? "not written" : protection.outputPath);
    html += richText ? "<table border=\"0\" cellpadding=\"3\">\n" : "<dl class=\"facts\">\n";
    for (const auto& [name, value] : facts)
        html += richText ? "<tr><td><b>" + escapeXml(name) + "</b></td><td>" + escapeXml(value) + "</td></tr>\n"
                         : "<dt>" + escapeXml(name) + "</dt><dd>" + escapeXml(value) + "</dd>\n";
    html += richText ? "</table>\n" : "</dl>\n";

    html += std::string(lattice ? "<h3>Hierarchies and levels</h3>\n" : "<h3>Generalised columns</h3>\n") +
            tableOpen() +
            "<thead><tr><th>Column</th><th>Hierarchy</th><th class=\"num\">Level</th><th class=\"num\">Distinct "
            "values before</th><th class=\"num\">After</th><th class=\"num\">" +
            escapeXml(protection.metric) + "</th></tr></thead><tbody>\n";
    for (const ProtectedColumnReport& column : protection.columns)
        html += "<tr><td>" + escapeXml(column.name) + "</td><td>" + escapeXml(column.hierarchySource) + "</td>" +
                number(column.level ? std::to_string(*column.level) + " of " + std::to_string(column.height.value_or(0))
                                    : std::string("-")) +
                number(groupDigits(column.distinctBefore)) + number(groupDigits(column.distinctAfter)) +
                number(column.metricValue ? metricText(*column.metricValue) : "-") + "</tr>\n";
    html += "</tbody></table>\n";
    if (!protection.columns.empty() && protection.columns.front().lossProfile)
        html += lossProfileHtml(protection, richText, tableOpen());

    html += "<h3>Re-check with the quasi-identifier search</h3>\n";
    html += "<p>The search re-ran over the protected columns at k = " + std::to_string(protection.verificationK) +
            " (a row is at risk when at most " + std::to_string(protection.verificationK) +
            " rows share its values). " +
            (lattice ? "Suppressed rows are left out after protection: every protected cell of theirs is *, which "
                       "matches everyone."
                     : "It ran on the published table, which leaves the removed rows out.") +
            (!protection.columns.empty() && protection.columns.front().suppressedCells
                 ? " A locally suppressed cell (*) hides its own row's value: each row shares the values it still "
                   "shows with at least " +
                       std::to_string(protection.verificationK) +
                       " other rows that show them too. The re-check counts a * as matching any value (the "
                       "wildcard semantics, sdcMicro's), which is the weaker test."
                 : std::string()) +
            "</p>\n";
    html += tableOpen() +
            "<thead><tr><th></th><th class=\"num\">Rows</th><th class=\"num\">Quasi-identifiers</th><th "
            "class=\"num\">Rows in a group of k or fewer (all protected columns)</th></tr></thead><tbody>\n";
    for (const auto& [name, count] : {std::pair{"Before", protection.before}, std::pair{"After", protection.after}})
        html += "<tr><td>" + std::string(name) + "</td>" + number(groupDigits(count.rows)) +
                number(groupDigits(count.quasiIdentifiers)) + number(groupDigits(count.rowsAtRisk)) + "</tr>\n";
    html += "</tbody></table>\n";
    return html;
}

std::string protectionCsv(const ProtectionReport& protection)
{
    std::string csv = "\r\nprotected_column,hierarchy,height,level,distinct_before,distinct_after,metric_value,"
                      "suppressed_cells,cells_changed,cells_suppressed,mean_before,mean_after,sd_before,sd_after,"
                      "median_before,median_after\r\n";
    const auto optionalNumber = [](const std::optional<NumberSummary>& summary, double NumberSummary::*field) {
        return summary ? fourSignificant((*summary).*field) : std::string();
    };
    for (const ProtectedColumnReport& column : protection.columns) {
        csv += csvField(column.name) + "," + csvField(column.hierarchySource) + "," +
               (column.height ? std::to_string(*column.height) : std::string()) + "," +
               (column.level ? std::to_string(*column.level) : std::string()) + "," +
               std::to_string(column.distinctBefore) + "," + std::to_string(column.distinctAfter) + "," +
               (column.metricValue ? metricText(*column.metricValue) : std::string()) + "," +
               (column.suppressedCells ? std::to_string(*column.suppressedCells) : std::string());
        if (const std::optional<ColumnLossProfile>& profile = column.lossProfile)
            for (const std::string& cell :
                 {std::to_string(profile->cellsChanged), std::to_string(profile->cellsSuppressed),
                  optionalNumber(profile->numbersBefore, &NumberSummary::mean),
                  optionalNumber(profile->numbersAfter, &NumberSummary::mean),
                  optionalNumber(profile->numbersBefore, &NumberSummary::standardDeviation),
                  optionalNumber(profile->numbersAfter, &NumberSummary::standardDeviation),
                  optionalNumber(profile->numbersBefore, &NumberSummary::median),
                  optionalNumber(profile->numbersAfter, &NumberSummary::median)})
                csv += "," + cell;
        else
            csv += ",,,,,,,,";
        csv += "\r\n";
    }
    return csv;
}

} // namespace qiscout::core
