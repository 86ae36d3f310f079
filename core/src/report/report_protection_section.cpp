// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/report_protection_section.h"

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

} // namespace

nlohmann::ordered_json protectionJson(const ProtectionReport& protection)
{
    Json columns = Json::array();
    for (const ProtectedColumnReport& column : protection.columns)
        columns.push_back({{"column", column.name},
                           {"hierarchy", column.hierarchySource},
                           {"height", column.height},
                           {"level", column.level},
                           {"distinct_before", column.distinctBefore},
                           {"distinct_after", column.distinctAfter},
                           {"metric_value", column.metricValue ? Json(*column.metricValue) : Json(nullptr)}});
    return {{"summary", protection.summary()},
            {"privacy_models", protection.privacyModels},
            {"suppression_limit", protection.suppressionLimit},
            {"suppression_limit_rows", protection.suppressionLimitRows},
            {"suppressed_rows", protection.suppressedRows},
            {"metric", protection.metric},
            {"metric_value", protection.metricValue},
            {"classes", protection.classes},
            {"globally_optimal", protection.globallyOptimal},
            {"lattice",
             {{"size", protection.latticeSize},
              {"checked", protection.transformationsChecked},
              {"tagged", protection.transformationsTagged},
              {"minimal_transformations", protection.minimalTransformations}}},
            {"search_seconds", protection.searchSeconds},
            {"columns", std::move(columns)},
            {"verification_k", protection.verificationK},
            {"before", countJson(protection.before)},
            {"after", countJson(protection.after)},
            {"output_path", protection.outputPath.empty() ? Json(nullptr) : Json(protection.outputPath)}};
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
    const std::vector<std::pair<std::string, std::string>> facts{
        {"Privacy models", models},
        {"Suppression", groupDigits(protection.suppressedRows) + " of " + groupDigits(protection.rows) +
                            " rows (limit " + groupDigits(protection.suppressionLimitRows) + ", " +
                            percentOf(protection.suppressionLimitRows, protection.rows) + ")"},
        {"Information loss", protection.metric + " = " + metricText(protection.metricValue)},
        {"Equivalence classes", groupDigits(protection.classes)},
        {"Transformations", groupDigits(protection.latticeSize) + " in the lattice, " +
                                groupDigits(protection.transformationsChecked) + " checked, " +
                                groupDigits(protection.transformationsTagged) + " settled without a check, " +
                                groupDigits(protection.minimalTransformations) + " minimal acceptable"},
        {"Protected file", protection.outputPath.empty() ? "not written" : protection.outputPath},
    };
    html += richText ? "<table border=\"0\" cellpadding=\"3\">\n" : "<dl class=\"facts\">\n";
    for (const auto& [name, value] : facts)
        html += richText ? "<tr><td><b>" + escapeXml(name) + "</b></td><td>" + escapeXml(value) + "</td></tr>\n"
                         : "<dt>" + escapeXml(name) + "</dt><dd>" + escapeXml(value) + "</dd>\n";
    html += richText ? "</table>\n" : "</dl>\n";

    html += "<h3>Hierarchies and levels</h3>\n" + tableOpen() +
            "<thead><tr><th>Column</th><th>Hierarchy</th><th class=\"num\">Level</th><th class=\"num\">Distinct "
            "values before</th><th class=\"num\">After</th><th class=\"num\">" +
            escapeXml(protection.metric) + "</th></tr></thead><tbody>\n";
    for (const ProtectedColumnReport& column : protection.columns)
        html += "<tr><td>" + escapeXml(column.name) + "</td><td>" + escapeXml(column.hierarchySource) + "</td>" +
                number(std::to_string(column.level) + " of " + std::to_string(column.height)) +
                number(groupDigits(column.distinctBefore)) + number(groupDigits(column.distinctAfter)) +
                number(column.metricValue ? metricText(*column.metricValue) : "-") + "</tr>\n";
    html += "</tbody></table>\n";

    html += "<h3>Re-check with the quasi-identifier search</h3>\n";
    html += "<p>The search re-ran over the protected columns at k = " + std::to_string(protection.verificationK) +
            " (a row is at risk when at most " + std::to_string(protection.verificationK) +
            " rows share its values). Suppressed rows are left out after protection: every protected cell of "
            "theirs is *, which matches everyone.</p>\n";
    html += tableOpen() + "<thead><tr><th></th><th class=\"num\">Rows</th><th class=\"num\">Quasi-identifiers</th><th "
                          "class=\"num\">Rows at risk</th></tr></thead><tbody>\n";
    for (const auto& [name, count] : {std::pair{"Before", protection.before}, std::pair{"After", protection.after}})
        html += "<tr><td>" + std::string(name) + "</td>" + number(groupDigits(count.rows)) +
                number(groupDigits(count.quasiIdentifiers)) + number(groupDigits(count.rowsAtRisk)) + "</tr>\n";
    html += "</tbody></table>\n";
    return html;
}

std::string protectionCsv(const ProtectionReport& protection)
{
    std::string csv = "\r\nprotected_column,hierarchy,height,level,distinct_before,distinct_after,metric_value\r\n";
    for (const ProtectedColumnReport& column : protection.columns)
        csv += csvField(column.name) + "," + csvField(column.hierarchySource) + "," + std::to_string(column.height) +
               "," + std::to_string(column.level) + "," + std::to_string(column.distinctBefore) + "," +
               std::to_string(column.distinctAfter) + "," +
               (column.metricValue ? metricText(*column.metricValue) : std::string()) + "\r\n";
    return csv;
}

} // namespace qiscout::core
